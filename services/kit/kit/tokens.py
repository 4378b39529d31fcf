"""Signed access tokens: identity signs with its private key, every service verifies locally.

ES256 (ECDSA P-256) only; the accepted algorithm list is fixed, so `alg: none` and
algorithm-confusion tokens are refused before any claim is read.
"""
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import ECKey

ALGORITHM = "ES256"


class InvalidToken(Exception):
    pass


@dataclass(frozen=True)
class Principal:
    user_id: int
    username: str
    groups: tuple[int, ...]
    token_id: str
    issued_at: int
    expires_at: int
    generation: int = 0  # the account's token generation when issued (see RevocationStore)

    @property
    def group(self) -> int:
        return self.groups[0]

    def in_group(self, *groups: int) -> bool:
        return any(g in groups for g in self.groups)


class TokenSigner:
    def __init__(self, private_key_pem: str, issuer: str, lifetime_seconds: int):
        self._key = ECKey.import_key(private_key_pem)
        self._issuer = issuer
        self._lifetime = lifetime_seconds

    def issue(self, user_id: int, username: str, groups: list[int], generation: int = 0) -> str:
        now = int(time.time())
        claims = {
            "iss": self._issuer,
            "sub": str(user_id),
            "username": username,
            "groups": groups,
            "jti": uuid.uuid4().hex,
            "iat": now,
            "exp": now + self._lifetime,
            "gen": generation,
        }
        return jwt.encode({"alg": ALGORITHM, "typ": "JWT"}, claims, self._key, algorithms=[ALGORITHM])


class TokenVerifier:
    def __init__(self, public_key_pem: str, issuer: str):
        self._key = ECKey.import_key(public_key_pem)
        # A little leeway: replicas' clocks differ.
        self._claims = jwt.JWTClaimsRegistry(
            leeway=5,
            iss={"essential": True, "value": issuer},
            sub={"essential": True},
            jti={"essential": True},
            iat={"essential": True},
            exp={"essential": True},
        )

    def verify(self, token: str) -> Principal:
        try:
            decoded = jwt.decode(token, self._key, algorithms=[ALGORITHM])
            self._claims.validate(decoded.claims)
            claims = decoded.claims
            return Principal(
                user_id=int(claims["sub"]),
                username=str(claims.get("username", "")),
                groups=tuple(int(g) for g in claims.get("groups", [])),
                token_id=str(claims["jti"]),
                issued_at=int(claims["iat"]),
                expires_at=int(claims["exp"]),
                generation=int(claims.get("gen", 0)),
            )
        except (JoseError, ValueError, KeyError, TypeError) as exc:
            raise InvalidToken(str(exc)) from exc


def generate_key_pair(directory: Path) -> None:
    """Write jwt_private.pem and jwt_public.pem once; existing keys are kept."""
    directory.mkdir(parents=True, exist_ok=True)
    private, public = directory / "jwt_private.pem", directory / "jwt_public.pem"
    if private.exists() and public.exists():
        return
    key = ECKey.generate_key("P-256")
    private.write_bytes(key.as_pem(private=True))
    private.chmod(0o600)
    public.write_bytes(key.as_pem(private=False))


if __name__ == "__main__":  # python -m kit.tokens <dir>
    generate_key_pair(Path(sys.argv[1] if len(sys.argv) > 1 else ".run/keys"))
