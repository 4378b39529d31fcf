from functools import lru_cache
from hashlib import sha256
from pathlib import Path

from pydantic import BaseModel

from kit.settings import ServiceSettings


class OAuthProvider(BaseModel):
    authorize_url: str
    token_url: str
    userinfo_url: str
    # Where the provider says who an access token was issued to (Google's tokeninfo, Facebook's
    # debug_token). Empty: access tokens are refused, only the code flow signs in.
    tokeninfo_url: str = ""
    client_id: str = ""
    client_secret: str = ""
    scope: str


class Settings(ServiceSettings):
    service_name: str = "identity"
    jwt_private_key_file: Path = Path(".run/keys/jwt_private.pem")
    token_lifetime_seconds: int = 7 * 24 * 3600
    # How soon identity notices that Redis lost its copy of the revocations (the other services
    # answer 503 for the tokens it concerns until it is written back), and how often logouts of
    # tokens that have expired anyway are deleted.
    revocation_watch_seconds: float = 1.0
    revocation_purge_seconds: float = 3600.0
    # About an hour: a reset link sits in a mailbox, and may be forwarded or leaked from there.
    password_reset_lifetime_seconds: int = 3600
    # Attempt limits (services/identity/README.md, 'Limits'): failures per (account, address) stay
    # small so one person's typos lock only themselves; the per-account and per-address limits are
    # much larger and stop stuffing from many addresses and spraying from one.
    login_window_seconds: int = 15 * 60
    login_failures_per_account_and_address: int = 5
    login_failures_per_account: int = 50
    login_failures_per_address: int = 100
    registrations_per_address: int = 10
    registration_window_seconds: int = 3600
    reset_mails_per_address: int = 10
    reset_mails_per_email: int = 3
    reset_mail_window_seconds: int = 3600
    smtp_host: str = "127.0.0.1"
    smtp_port: int = 1025
    mail_from: str = "Resto <no-reply@resto.local>"
    demo_username: str = "demo@resto.local"
    # The one-click demo login: only the local stack and the tests turn it on.
    demo_login_enabled: bool = False
    # The terms of use a registration accepts, recorded on the account with the moment: the month
    # of the legal pages' last change (their 'updated' line, web/src/features/legal/locales).
    terms_version: str = "2026-11"
    # Refuse a registration that does not say the terms were accepted. Off because the spec's
    # requests carry no such field (README, 'Terms of use'); `acepta_terminos: false` is always refused.
    terms_acceptance_required: bool = False
    # Concurrent Argon2 hashes (64 MiB each): bounds the memory sign-ins can take at once.
    password_hash_concurrency: int = 4
    # Argon2id's cost for new hashes: argon2-cffi's defaults (RFC 9106's second choice). Only the
    # test suites lower it (deploy/local/config.py test_env): a suite that registers and signs in
    # hundreds of users spent most of its time hashing.
    password_hash_time_cost: int = 3
    password_hash_memory_kib: int = 65_536
    google: OAuthProvider = OAuthProvider(
        authorize_url="https://accounts.google.com/o/oauth2/v2/auth",
        token_url="https://oauth2.googleapis.com/token",
        userinfo_url="https://openidconnect.googleapis.com/v1/userinfo",
        tokeninfo_url="https://oauth2.googleapis.com/tokeninfo",
        scope="openid email profile",
    )
    facebook: OAuthProvider = OAuthProvider(
        authorize_url="https://www.facebook.com/v19.0/dialog/oauth",
        token_url="https://graph.facebook.com/v19.0/oauth/access_token",
        userinfo_url="https://graph.facebook.com/me?fields=id,name,email,first_name,last_name",
        tokeninfo_url="https://graph.facebook.com/debug_token",
        scope="email public_profile",
    )

    # A deployment names only what differs from the defaults above, as GOOGLE__CLIENT_ID or as JSON
    # in GOOGLE ('{"client_id": ...}'): the rest, tokeninfo_url included, stays the provider's own.
    model_config = ServiceSettings.model_config | {"env_nested_delimiter": "__", "nested_model_default_partial_update": True}

    @property
    def jwt_private_key(self) -> str:
        return self.jwt_private_key_file.read_text()

    @property
    def reset_secret(self) -> bytes:
        # Reset links are HMAC-signed with a key derived from identity's signing key, so no second
        # secret has to be provisioned; rotating the signing key also voids old reset links.
        return sha256(b"password-reset" + self.jwt_private_key_file.read_bytes()).digest()


@lru_cache
def get_settings() -> Settings:
    return Settings()
