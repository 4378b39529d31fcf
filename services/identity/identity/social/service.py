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
from identity.social.errors import EmailTakenByStaff, LocalPasswordRequired, SocialFailed, TokenNotForThisApp
from kit.errors import NonFieldError, NotFound

log = structlog.get_logger()
PROVIDERS = ("google-oauth2", "facebook")


@dataclass(frozen=True)
class SocialProfile:
    uid: str
    email: str
    first_name: str
    last_name: str
    email_verified: bool


def provider_settings(settings: Settings, provider: str) -> OAuthProvider:
    if provider == "google-oauth2":
        return settings.google
    if provider == "facebook":
        return settings.facebook
    raise NotFound(messages.SOCIAL_PROVIDER_UNKNOWN)


def redirect_uri(settings: Settings, provider: str) -> str:
    return f"{settings.public_base_url}/login/social/{provider}/callback"


def _verified(value) -> bool:
    return value is True or str(value).lower() == "true"


def _profile(provider: str, data: dict) -> SocialProfile:
    if provider == "google-oauth2":
        return SocialProfile(
            uid=str(data["sub"]),
            email=str(data.get("email") or ""),
            first_name=str(data.get("given_name") or ""),
            last_name=str(data.get("family_name") or ""),
            email_verified=_verified(data.get("email_verified")),
        )
    # Facebook returns only confirmed addresses (its Graph API documents it); a field saying
    # otherwise (the local simulator's unverified e-mails) is still honoured.
    return SocialProfile(
        uid=str(data["id"]),
        email=str(data.get("email") or ""),
        first_name=str(data.get("first_name") or ""),
        last_name=str(data.get("last_name") or ""),
        email_verified=_verified(data.get("email_verified", True)),
    )


async def _issued_to_us(provider: str, config: OAuthProvider, access_token: str) -> bool:
    """Ask the provider whom `access_token` was issued to: a token some other app obtained for
    the same person must not sign in here (the 'confused deputy' takeover)."""
    if not config.tokeninfo_url:
        return False
    async with httpx.AsyncClient(timeout=10) as client:
        return await _audience_matches(client, provider, config, access_token)


async def _audience_matches(client: httpx.AsyncClient, provider: str, config: OAuthProvider, access_token: str) -> bool:
    if provider == "google-oauth2":
        response = await client.get(config.tokeninfo_url, params={"access_token": access_token})
        if response.status_code != 200:
            return False
        info = response.json()
        return config.client_id in (info.get("aud"), info.get("azp"))
    response = await client.get(
        config.tokeninfo_url,
        params={"input_token": access_token, "access_token": f"{config.client_id}|{config.client_secret}"},
    )
    if response.status_code != 200:
        return False
    info = response.json().get("data") or {}
    return bool(info.get("is_valid")) and str(info.get("app_id")) == config.client_id


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
                # A token from our own code exchange is ours by construction.
                await client.fetch_token(config.token_url, code=code, grant_type="authorization_code")
            else:
                if not await _issued_to_us(provider, config, access_token):
                    raise TokenNotForThisApp()
                client.token = {"access_token": access_token, "token_type": "Bearer"}
            response = await client.get(config.userinfo_url)
            response.raise_for_status()
            return _profile(provider, response.json())
        except (AuthlibBaseError, httpx.HTTPError, KeyError, ValueError) as exc:
            log.warning("social_login_failed", provider=provider, error=str(exc))
            raise SocialFailed() from exc


async def client_for_profile(session: AsyncSession, provider: str, profile: SocialProfile) -> User:
    """The client account linked to this provider identity; linked or created on first sign-in.

    An existing account with the same e-mail is linked only when the provider verified the address
    and this account did too (a password reset proves the mailbox); otherwise the person signs in
    with that account's password.
    """
    linked = await session.scalar(
        select(User).join(SocialAccount).where(SocialAccount.provider == provider, SocialAccount.uid == profile.uid)
    )
    if linked is not None:
        return linked
    user = await repository.get_by_email(session, profile.email) if profile.email else None
    if user is not None and user.group != CLIENT:
        # Social sign-in always yields a client; it never opens a staff account.
        raise EmailTakenByStaff()
    if user is not None:
        both_verified = profile.email_verified and user.email_verified
        if not both_verified:
            raise LocalPasswordRequired()
    if user is None:
        email = profile.email or f"{provider}-{profile.uid}@social.invalid"
        user = await create_user(session, email=email, password=None, group=CLIENT, first_name=profile.first_name)
        user.last_name = profile.last_name
        user.email_verified = bool(profile.email) and profile.email_verified
        session.add(ClientProfile(user_id=user.id))
    session.add(SocialAccount(user_id=user.id, provider=provider, uid=profile.uid))
    await session.flush()
    return user
