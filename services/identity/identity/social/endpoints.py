from fastapi import APIRouter

from identity.deps import SettingsDep, SessionsDep
from identity.social import service
from identity.social.schemas import ProviderConfig, SocialLogin, SocialToken, SocialTokenUser
from kit.db import SessionDep

router = APIRouter(prefix="/api/login/social", tags=["social"])


@router.get("/config/", response_model=dict[str, ProviderConfig], operation_id="socialConfig")
async def social_config(settings: SettingsDep):
    """Where the browser goes to sign in with each provider."""
    return {
        provider: ProviderConfig(
            authorize_url=config.authorize_url,
            client_id=config.client_id,
            redirect_uri=service.redirect_uri(settings, provider),
            scope=config.scope,
        )
        for provider in service.PROVIDERS
        for config in [service.provider_settings(settings, provider)]
    }


async def _sign_in(provider: str, body: SocialLogin, session, settings, sessions):
    profile = await service.fetch_profile(settings, provider, body.code, body.access_token, body.redirect_uri)
    user = await service.client_for_profile(session, provider, profile)
    return user, await sessions.start(user)


@router.post("/token/{provider}/", response_model=SocialToken, operation_id="socialToken")
async def social_token(provider: str, body: SocialLogin, session: SessionDep, settings: SettingsDep, sessions: SessionsDep):
    _, token = await _sign_in(provider, body, session, settings, sessions)
    return SocialToken(token=token)


@router.post("/token_user/{provider}/", response_model=SocialTokenUser, operation_id="socialTokenUser")
async def social_token_user(
    provider: str, body: SocialLogin, session: SessionDep, settings: SettingsDep, sessions: SessionsDep
):
    user, token = await _sign_in(provider, body, session, settings, sessions)
    return SocialTokenUser(token=token, id=user.id, username=user.username, first_name=user.first_name)


@router.post("/token/", response_model=SocialToken, include_in_schema=False)
async def social_token_body(body: SocialLogin, session: SessionDep, settings: SettingsDep, sessions: SessionsDep):
    return await social_token(body.provider or "", body, session, settings, sessions)


@router.post("/token_user/", response_model=SocialTokenUser, include_in_schema=False)
async def social_token_user_body(body: SocialLogin, session: SessionDep, settings: SettingsDep, sessions: SessionsDep):
    return await social_token_user(body.provider or "", body, session, settings, sessions)
