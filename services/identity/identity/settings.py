from functools import lru_cache
from hashlib import sha256
from pathlib import Path

from pydantic import BaseModel

from kit.settings import ServiceSettings


class OAuthProvider(BaseModel):
    authorize_url: str
    token_url: str
    userinfo_url: str
    client_id: str = ""
    client_secret: str = ""
    scope: str


class Settings(ServiceSettings):
    service_name: str = "identity"
    jwt_private_key_file: Path = Path(".run/keys/jwt_private.pem")
    token_lifetime_seconds: int = 7 * 24 * 3600
    password_reset_lifetime_seconds: int = 24 * 3600
    login_failures_allowed: str = "5 per 15 minutes"
    smtp_host: str = "127.0.0.1"
    smtp_port: int = 1025
    mail_from: str = "Resto <no-reply@resto.local>"
    demo_username: str = "demo@resto.local"
    google: OAuthProvider = OAuthProvider(
        authorize_url="https://accounts.google.com/o/oauth2/v2/auth",
        token_url="https://oauth2.googleapis.com/token",
        userinfo_url="https://openidconnect.googleapis.com/v1/userinfo",
        scope="openid email profile",
    )
    facebook: OAuthProvider = OAuthProvider(
        authorize_url="https://www.facebook.com/v19.0/dialog/oauth",
        token_url="https://graph.facebook.com/v19.0/oauth/access_token",
        userinfo_url="https://graph.facebook.com/me?fields=id,name,email,first_name,last_name",
        scope="email public_profile",
    )

    model_config = ServiceSettings.model_config | {"env_nested_delimiter": "__"}

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
