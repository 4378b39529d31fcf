"""Google and Facebook sign-in (authorization code or access token → profile → client account)."""
from dataclasses import dataclass

import httpx
import structlog
from authlib.integrations.httpx_client import AsyncOAuth2Client
from authlib.common.errors import AuthlibBaseError
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from identity import messages
from identity.settings import OAuthProvider, Settings
from identity.social.models import SocialAccount
from identity.user import repository
from identity.user.models import ClientProfile, User
from identity.user.service import create_user
from kit.auth import CLIENT
from kit.errors import DetailError, NonFieldError

log = structlog.get_logger()
PROVIDERS = ("google-oauth2", "facebook")


@dataclass(frozen=True)
class SocialProfile:
    uid: str
    email: str
    first_name: str
    last_name: str


def provider_settings(settings: Settings, provider: str) -> OAuthProvider:
    if provider == "google-oauth2":
        return settings.google
    if provider == "facebook":
        return settings.facebook
    raise DetailError(messages.SOCIAL_PROVIDER_UNKNOWN, status_code=404)


def redirect_uri(settings: Settings, provider: str) -> str:
    return f"{settings.public_base_url}/login/social/{provider}/callback"


def _profile(provider: str, data: dict) -> SocialProfile:
    if provider == "google-oauth2":
        return SocialProfile(
            uid=str(data["sub"]),
            email=str(data.get("email") or ""),
            first_name=str(data.get("given_name") or ""),
            last_name=str(data.get("family_name") or ""),
        )
    return SocialProfile(
        uid=str(data["id"]),
        email=str(data.get("email") or ""),
        first_name=str(data.get("first_name") or ""),
        last_name=str(data.get("last_name") or ""),
    )


async def fetch_profile(
    settings: Settings, provider: str, code: str | None, access_token: str | None, redirect: str | None
) -> SocialProfile:
    config = provider_settings(settings, provider)
    if not code and not access_token:
        raise NonFieldError(messages.SOCIAL_CODE_REQUIRED)
    async with AsyncOAuth2Client(
        config.client_id, config.client_secret, redirect_uri=redirect or redirect_uri(settings, provider), timeout=10
    ) as client:
        try:
            if code:
                await client.fetch_token(config.token_url, code=code, grant_type="authorization_code")
            else:
                client.token = {"access_token": access_token, "token_type": "Bearer"}
            response = await client.get(config.userinfo_url)
            response.raise_for_status()
            return _profile(provider, response.json())
        except (AuthlibBaseError, httpx.HTTPError, KeyError, ValueError) as exc:
            log.warning("social_login_failed", provider=provider, error=str(exc))
            raise NonFieldError(messages.SOCIAL_FAILED) from exc


async def client_for_profile(session: AsyncSession, provider: str, profile: SocialProfile) -> User:
    """The client account linked to this provider identity; linked or created on first sign-in."""
    linked = await session.scalar(
        select(User).join(SocialAccount).where(SocialAccount.provider == provider, SocialAccount.uid == profile.uid)
    )
    if linked is not None:
        return linked
    user = await repository.get_by_email(session, profile.email) if profile.email else None
    if user is not None and user.group != CLIENT:
        # Social sign-in always yields a client; it never opens a staff account.
        raise NonFieldError(messages.SOCIAL_EMAIL_TAKEN)
    if user is None:
        email = profile.email or f"{provider}-{profile.uid}@social.invalid"
        user = await create_user(session, email=email, password=None, group=CLIENT, first_name=profile.first_name)
        user.last_name = profile.last_name
        session.add(ClientProfile(user_id=user.id))
    session.add(SocialAccount(user_id=user.id, provider=provider, uid=profile.uid))
    await session.flush()
    return user
