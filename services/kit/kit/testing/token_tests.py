"""Token checks every service's suite runs against itself: `from kit.testing.token_tests import *`.

A revoked, expired, tampered, wrong-key or `alg: none` token is refused by every service, and a
logged-out one stays refused while Redis has lost its copy of the revocations.
"""
import base64
import json
import time
from pathlib import Path

from joserfc import jwt
from joserfc.jwk import ECKey

from kit.tokens import TokenSigner

__all__ = [
    "test_a_live_token_is_accepted",
    "test_a_missing_or_malformed_header_is_refused",
    "test_a_revoked_token_is_refused",
    "test_a_logged_out_token_stays_refused_when_redis_loses_its_data",
    "test_a_token_of_a_user_whose_password_changed_is_refused",
    "test_an_expired_token_is_refused",
    "test_a_tampered_token_is_refused",
    "test_a_token_signed_with_another_key_is_refused",
    "test_an_alg_none_token_is_refused",
]


def _b64(data: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def _claims(**overrides) -> dict:
    now = int(time.time())
    return {"iss": "identity", "sub": "41", "username": "x@example.com", "groups": [2], "jti": "j1", "iat": now, "exp": now + 600, **overrides}


async def _whoami(client, token: str):
    return await client.get("/whoami", headers={"Authorization": f"Token {token}"})


async def test_a_live_token_is_accepted(client, signer: TokenSigner):
    answer = await _whoami(client, signer.issue(41, "x@example.com", [2]))
    assert answer.status_code == 200
    assert answer.json() == {"user_id": 41, "username": "x@example.com", "groups": [2]}


async def test_a_missing_or_malformed_header_is_refused(client):
    assert (await client.get("/whoami")).status_code == 401
    assert (await client.get("/whoami", headers={"Authorization": "Token"})).status_code == 401
    assert (await client.get("/whoami", headers={"Authorization": "Token not.a.jwt"})).status_code == 401


async def test_a_revoked_token_is_refused(client, app, signer: TokenSigner):
    token = signer.issue(41, "x@example.com", [2])
    await app.state.revocations.revoke_token(app.state.token_verifier.verify(token))
    assert (await _whoami(client, token)).status_code == 401


async def _whole_copy(store, revoked=(), generations=()) -> None:
    """What identity writes once Redis has lost its data: every revocation back, then the mark
    (identity's own watchdog may be doing the same meanwhile, and mark it instead)."""
    nonce = await store.begin_mirror()
    await store.mirror(revoked, generations)
    await store.finish_mirror(nonce)


async def test_a_logged_out_token_stays_refused_when_redis_loses_its_data(client, app, redis, signer: TokenSigner):
    """Until identity has written the logout back the token is refused (401) or told to wait
    (503, Retry-After), never accepted; afterwards it is refused and the account's other tokens work."""
    store = app.state.revocations
    logged_out, live = (signer.issue(41, "x@example.com", [2], generation=1) for _ in range(2))
    principal = app.state.token_verifier.verify(logged_out)
    await _whole_copy(store, generations=[(41, 1)])
    await store.revoke_token(principal)
    await redis.flushdb()  # Redis restarted empty
    assert (await _whoami(client, logged_out)).status_code in (401, 503)
    await _whole_copy(store, revoked=[(principal.token_id, principal.expires_at)], generations=[(41, 1)])
    assert (await _whoami(client, logged_out)).status_code == 401
    assert (await _whoami(client, live)).status_code == 200


async def test_a_token_of_a_user_whose_password_changed_is_refused(client, app, signer: TokenSigner):
    token = signer.issue(41, "x@example.com", [2])
    await app.state.revocations.revoke_user_tokens(41, 600)
    assert (await _whoami(client, token)).status_code == 401
    generation = await app.state.revocations.generation(41)
    assert (await _whoami(client, signer.issue(41, "x@example.com", [2], generation))).status_code == 200


async def test_an_expired_token_is_refused(client, keys_dir: Path):
    key = ECKey.import_key((keys_dir / "jwt_private.pem").read_text())
    token = jwt.encode({"alg": "ES256"}, _claims(iat=int(time.time()) - 7200, exp=int(time.time()) - 3600), key)
    assert (await _whoami(client, token)).status_code == 401


async def test_a_tampered_token_is_refused(client, signer: TokenSigner):
    header, _, signature = signer.issue(41, "x@example.com", [2]).split(".")
    forged = f"{header}.{_b64(_claims(groups=[1]))}.{signature}"
    answer = await _whoami(client, forged)
    assert answer.status_code == 401
    assert answer.json()["detail"] == "Token inválido."


async def test_a_token_signed_with_another_key_is_refused(client):
    stranger = ECKey.generate_key("P-256")
    token = jwt.encode({"alg": "ES256"}, _claims(), stranger)
    assert (await _whoami(client, token)).status_code == 401


async def test_an_alg_none_token_is_refused(client):
    token = f"{_b64({'alg': 'none', 'typ': 'JWT'})}.{_b64(_claims())}."
    assert (await _whoami(client, token)).status_code == 401
