"""A local stand-in for Google's and Facebook's OAuth endpoints (authorization code flow).

Run: uvicorn simulators.oauth:app --port 8201. The authorize page asks for the e-mail and name
to sign in as, then redirects back with a single-use code, as the real providers do.

Besides the platform's own app, each provider knows another app (OTHER_CLIENTS), so tests can hold
an access token issued to someone else; the page can also sign in with an unverified e-mail. The
tokeninfo (Google) and debug_token (Facebook) endpoints say whom a token was issued to.
"""
import html
import secrets
from urllib.parse import urlencode

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse
from starlette.routing import Route

from simulators.oauth_apps import CLIENTS

# Another application registered with the same provider: its tokens must not sign in to ours.
OTHER_CLIENTS = {"google-oauth2": ("other-google-client", "other-google-secret"), "facebook": ("other-facebook-app", "other-facebook-secret")}
_codes: dict[str, dict] = {}  # code -> {provider, client_id, redirect_uri, profile}
_tokens: dict[str, dict] = {}  # access token -> {provider, profile}

PAGE = """<!doctype html><html lang="es"><meta name="viewport" content="width=device-width">
<title>{provider}</title><body style="font-family:sans-serif;max-width:360px;margin:40px auto">
<h1>{provider} (simulador local)</h1><form method="post">
{hidden}<p><label>E-mail <input name="email" type="email" required value="cliente@example.com"></label></p>
<p><label>Nombre <input name="first_name" required value="Cliente"></label></p>
<p><label>Apellido <input name="last_name" value="Demo"></label></p>
<p><label>E-mail <select name="email_verified"><option value="true">verificado</option><option value="false">no verificado</option></select></label></p>
<p><button type="submit" name="decision" value="allow">Continuar</button>
<button type="submit" name="decision" value="deny">Cancelar</button></p></form></body></html>"""


def _provider(request: Request) -> str:
    return "google-oauth2" if request.path_params["provider"] == "google" else "facebook"


async def authorize(request: Request):
    provider = _provider(request)
    params = dict(request.query_params)
    if request.method == "GET":
        hidden = "".join(f'<input type="hidden" name="{html.escape(k)}" value="{html.escape(v)}">' for k, v in params.items())
        return HTMLResponse(PAGE.format(provider=provider, hidden=hidden))
    form = dict(await request.form())
    params = {**params, **form}
    if params.get("client_id") not in (CLIENTS[provider][0], OTHER_CLIENTS[provider][0]):
        return JSONResponse({"error": "invalid_client"}, status_code=400)
    back = {"state": params.get("state", "")}
    if params.get("decision") == "deny":
        back["error"] = "access_denied"
    else:
        code = secrets.token_urlsafe(16)
        uid = str(abs(hash((provider, params["email"]))) % 10**12)
        _codes[code] = {
            "provider": provider,
            "client_id": params["client_id"],
            "redirect_uri": params.get("redirect_uri", ""),
            "profile": {"uid": uid, "email": params["email"], "first_name": params.get("first_name", ""), "last_name": params.get("last_name", ""), "email_verified": params.get("email_verified", "true") == "true"},
        }
        back["code"] = code
    return RedirectResponse(f"{params.get('redirect_uri', '')}?{urlencode(back)}", status_code=302)


async def token(request: Request):
    provider = _provider(request)
    data = dict(await request.form()) if request.method == "POST" else dict(request.query_params)
    client_id, client_secret = data.get("client_id"), data.get("client_secret")
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("basic "):
        import base64

        client_id, _, client_secret = base64.b64decode(auth[6:]).decode().partition(":")
    if (client_id, client_secret) not in (CLIENTS[provider], OTHER_CLIENTS[provider]):
        return JSONResponse({"error": "invalid_client"}, status_code=401)
    grant = _codes.pop(data.get("code", ""), None)
    if grant is None or grant["provider"] != provider or grant["redirect_uri"] != data.get("redirect_uri") or grant["client_id"] != client_id:
        return JSONResponse({"error": "invalid_grant"}, status_code=400)
    access = secrets.token_urlsafe(24)
    _tokens[access] = grant
    return JSONResponse({"access_token": access, "token_type": "Bearer", "expires_in": 3599})


async def userinfo(request: Request):
    provider = _provider(request)
    auth = request.headers.get("authorization", "")
    access = auth[7:] if auth.lower().startswith("bearer ") else request.query_params.get("access_token", "")
    grant = _tokens.get(access)
    if grant is None or grant["provider"] != provider:
        return JSONResponse({"error": "invalid_token"}, status_code=401)
    p = grant["profile"]
    if provider == "google-oauth2":
        return JSONResponse({"sub": p["uid"], "email": p["email"], "email_verified": p["email_verified"], "given_name": p["first_name"], "family_name": p["last_name"], "name": f"{p['first_name']} {p['last_name']}".strip()})
    return JSONResponse({"id": p["uid"], "email": p["email"], "email_verified": p["email_verified"], "first_name": p["first_name"], "last_name": p["last_name"], "name": f"{p['first_name']} {p['last_name']}".strip()})


async def tokeninfo(request: Request):
    """Google's tokeninfo: who the token was issued to (aud/azp), for whom, until when."""
    grant = _tokens.get(request.query_params.get("access_token", ""))
    if grant is None or grant["provider"] != "google-oauth2":
        return JSONResponse({"error": "invalid_token"}, status_code=400)
    p = grant["profile"]
    return JSONResponse({"aud": grant["client_id"], "azp": grant["client_id"], "sub": p["uid"], "email": p["email"], "email_verified": "true" if p["email_verified"] else "false", "expires_in": "3599"})


async def debug_token(request: Request):
    """Facebook's debug_token: asked with the app's own `app_id|secret` as access token."""
    app_id, _, secret = request.query_params.get("access_token", "").partition("|")
    if (app_id, secret) not in (CLIENTS["facebook"], OTHER_CLIENTS["facebook"]):
        return JSONResponse({"error": {"message": "Invalid OAuth access token.", "code": 190}}, status_code=400)
    grant = _tokens.get(request.query_params.get("input_token", ""))
    if grant is None or grant["provider"] != "facebook":
        return JSONResponse({"data": {"is_valid": False}})
    return JSONResponse({"data": {"app_id": grant["client_id"], "is_valid": True, "user_id": grant["profile"]["uid"]}})


app = Starlette(
    routes=[
        Route("/google/tokeninfo", tokeninfo),
        Route("/facebook/debug_token", debug_token),
        Route("/{provider:str}/authorize", authorize, methods=["GET", "POST"]),
        Route("/{provider:str}/token", token, methods=["GET", "POST"]),
        Route("/{provider:str}/userinfo", userinfo),
        Route("/{provider:str}/me", userinfo),
    ]
)
