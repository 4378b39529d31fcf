"""Google and Facebook sign-in, against the providers' local simulator over real HTTP."""
import httpx
import pytest

from sqlalchemy import select, update

from identity.social.models import SocialAccount
from identity.user.models import User
from tests.helpers import register_client, token_header

pytestmark = pytest.mark.usefixtures("social_app")
REDIRECT = "http://127.0.0.1:8080/login/social/{provider}/callback"


async def authorization_code(
    simulator: str, provider: str, email: str, first_name="Ana", decision="allow", verified=True, client_id=None
) -> str:
    """What the browser does on the provider's page: consent, then follow the redirect back."""
    path = "google" if provider == "google-oauth2" else "facebook"
    client_id = client_id or ("local-google-client" if path == "google" else "local-facebook-app")
    async with httpx.AsyncClient() as browser:
        answer = await browser.post(
            f"{simulator}/{path}/authorize",
            params={"client_id": client_id, "redirect_uri": REDIRECT.format(provider=provider), "state": "s1", "response_type": "code"},
            data={"email": email, "first_name": first_name, "last_name": "Gómez", "decision": decision, "email_verified": str(verified).lower()},
        )
    assert answer.status_code == 302
    return httpx.URL(answer.headers["location"]).params.get("code", "")


@pytest.mark.parametrize("provider", ["google-oauth2", "facebook"])
async def test_a_new_diner_signs_in_with_a_provider_and_becomes_a_client(client, oauth_simulator, provider):
    code = await authorization_code(oauth_simulator, provider, "ana@example.com")
    answer = await client.post(f"/api/login/social/token_user/{provider}/", json={"code": code, "redirect_uri": REDIRECT.format(provider=provider)})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert (body["username"], body["first_name"]) == ("ana@example.com", "Ana")
    check = await client.post("/api/token-auth/check-authentication/", headers=token_header(body["token"]))
    assert check.json()["groups"] == [{"id": 3}]


async def test_signing_in_again_reuses_the_same_account(client, oauth_simulator):
    ids = set()
    for _ in range(2):
        code = await authorization_code(oauth_simulator, "google-oauth2", "ana@example.com")
        answer = await client.post("/api/login/social/token/google-oauth2/", json={"code": code, "redirect_uri": REDIRECT.format(provider="google-oauth2")})
        assert answer.status_code == 200 and set(answer.json()) == {"token"}
        check = await client.post("/api/token-auth/check-authentication/", headers=token_header(answer.json()["token"]))
        ids.add(check.json()["id"])
    assert len(ids) == 1


async def access_token(simulator: str, provider: str, email: str, *, other_app=False, verified=True) -> str:
    """An access token as a browser-side SDK would hand it over; `other_app`: obtained by another app."""
    mine = {"google-oauth2": ("local-google-client", "local-google-secret"), "facebook": ("local-facebook-app", "local-facebook-secret")}
    others = {"google-oauth2": ("other-google-client", "other-google-secret"), "facebook": ("other-facebook-app", "other-facebook-secret")}
    client_id, secret = (others if other_app else mine)[provider]
    code = await authorization_code(simulator, provider, email, verified=verified, client_id=client_id)
    path = "google" if provider == "google-oauth2" else "facebook"
    async with httpx.AsyncClient() as app_server:
        answer = await app_server.post(
            f"{simulator}/{path}/token",
            data={"code": code, "redirect_uri": REDIRECT.format(provider=provider), "grant_type": "authorization_code", "client_id": client_id, "client_secret": secret},
        )
    assert answer.status_code == 200, answer.text
    return answer.json()["access_token"]


@pytest.mark.parametrize("provider", ["google-oauth2", "facebook"])
async def test_an_access_token_issued_to_this_app_signs_in(client, oauth_simulator, provider):
    token = await access_token(oauth_simulator, provider, "ana@example.com")
    answer = await client.post(f"/api/login/social/token_user/{provider}/", json={"access_token": token})
    assert answer.status_code == 200, answer.text
    assert answer.json()["username"] == "ana@example.com"


@pytest.mark.parametrize("provider", ["google-oauth2", "facebook"])
async def test_an_access_token_issued_to_another_app_is_refused(client, oauth_simulator, provider):
    await register_client(client, email="ana@example.com")
    token = await access_token(oauth_simulator, provider, "ana@example.com", other_app=True)
    answer = await client.post(f"/api/login/social/token_user/{provider}/", json={"access_token": token})
    assert answer.status_code == 400
    assert answer.json()["code"] == "social_token_audience"


async def test_an_unverified_provider_e_mail_is_not_linked_to_an_existing_account(client, oauth_simulator, app):
    registered = await register_client(client, email="ana@example.com")
    await verify_local_address(app, registered["id"])
    code = await authorization_code(oauth_simulator, "google-oauth2", "ana@example.com", verified=False)
    answer = await client.post("/api/login/social/token_user/google-oauth2/", json={"code": code, "redirect_uri": REDIRECT.format(provider="google-oauth2")})
    assert answer.status_code == 400
    assert answer.json()["code"] == "social_link_needs_password"
    async with app.state.session_factory() as session:
        assert (await session.scalars(select(SocialAccount))).all() == []


async def test_an_unverified_local_address_asks_for_the_local_password_first(client, oauth_simulator, mailbox):
    registered = await register_client(client, email="ana@example.com")
    body = lambda code: {"code": code, "redirect_uri": REDIRECT.format(provider="facebook")}  # noqa: E731
    refused = await client.post("/api/login/social/token_user/facebook/", json=body(await authorization_code(oauth_simulator, "facebook", "ana@example.com")))
    assert refused.status_code == 400 and refused.json()["code"] == "social_link_needs_password"
    assert "contraseña" in refused.json()["non_field_errors"][0]
    # Following a reset link proves the mailbox: from then on the provider links by e-mail.
    from tests.user.test_password import request_reset

    match = await request_reset(client, mailbox, "ana@example.com")
    confirm = {"uid": match["uid"], "token": match["token"], "new_password": "Nueva-Clave-2026"}
    assert (await client.post("/api/auth/users/reset_password_confirm/", json=confirm)).status_code == 204
    linked = await client.post("/api/login/social/token_user/facebook/", json=body(await authorization_code(oauth_simulator, "facebook", "ana@example.com")))
    assert linked.status_code == 200 and linked.json()["id"] == registered["id"]


async def test_both_addresses_verified_link_without_a_password(client, oauth_simulator, app):
    registered = await register_client(client, email="ana@example.com")
    await verify_local_address(app, registered["id"])
    code = await authorization_code(oauth_simulator, "facebook", "ana@example.com")
    answer = await client.post("/api/login/social/token_user/facebook/", json={"code": code, "redirect_uri": REDIRECT.format(provider="facebook")})
    assert answer.json()["id"] == registered["id"]


async def verify_local_address(app, user_id: int) -> None:
    """As following a password-reset link does."""
    async with app.state.session_factory() as session, session.begin():
        await session.execute(update(User).where(User.id == user_id).values(email_verified=True))


async def test_social_sign_in_never_opens_a_restaurant_account(client, oauth_simulator):
    await client.post("/api/restaurant/", json={"nombre_local": "El Patio", "telefono": "1145678901", "fk_user": {"email": "owner@example.com", "password": "Brasa-Fuego-44", "password2": "Brasa-Fuego-44"}})
    code = await authorization_code(oauth_simulator, "google-oauth2", "owner@example.com")
    answer = await client.post("/api/login/social/token_user/google-oauth2/", json={"code": code, "redirect_uri": REDIRECT.format(provider="google-oauth2")})
    assert answer.status_code == 400
    assert "cuenta de restaurante" in answer.json()["non_field_errors"][0]


async def test_a_used_or_forged_code_is_refused(client, oauth_simulator):
    code = await authorization_code(oauth_simulator, "google-oauth2", "ana@example.com")
    body = {"code": code, "redirect_uri": REDIRECT.format(provider="google-oauth2")}
    assert (await client.post("/api/login/social/token/google-oauth2/", json=body)).status_code == 200
    reused = await client.post("/api/login/social/token/google-oauth2/", json=body)
    assert reused.status_code == 400
    assert reused.json()["non_field_errors"] == ["No se pudo iniciar sesión con el proveedor. Intente nuevamente."]


async def test_an_unknown_provider_is_not_found(client):
    answer = await client.post("/api/login/social/token/myspace/", json={"code": "x"})
    assert answer.status_code == 404


async def test_the_config_tells_the_browser_where_to_sign_in(client, oauth_simulator):
    config = (await client.get("/api/login/social/config/")).json()
    assert config["google-oauth2"]["authorize_url"] == f"{oauth_simulator}/google/authorize"
    assert config["facebook"]["redirect_uri"].endswith("/login/social/facebook/callback")
