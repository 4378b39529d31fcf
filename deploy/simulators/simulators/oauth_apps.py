"""The platform's applications at the OAuth simulator (simulators/oauth.py) and identity's settings
that point at it. Standard library only: the local launcher (deploy/local/config.py) reads these
before the venv exists."""

CLIENTS = {"google-oauth2": ("local-google-client", "local-google-secret"), "facebook": ("local-facebook-app", "local-facebook-secret")}


def provider_settings(base_url: str) -> dict[str, dict]:
    """Identity's settings for pointing at the simulator at `base_url` (GOOGLE / FACEBOOK env values)."""
    return {
        "google": {"authorize_url": f"{base_url}/google/authorize", "token_url": f"{base_url}/google/token", "userinfo_url": f"{base_url}/google/userinfo", "tokeninfo_url": f"{base_url}/google/tokeninfo", "client_id": CLIENTS["google-oauth2"][0], "client_secret": CLIENTS["google-oauth2"][1], "scope": "openid email profile"},
        "facebook": {"authorize_url": f"{base_url}/facebook/authorize", "token_url": f"{base_url}/facebook/token", "userinfo_url": f"{base_url}/facebook/me?fields=id,name,email,first_name,last_name", "tokeninfo_url": f"{base_url}/facebook/debug_token", "client_id": CLIENTS["facebook"][0], "client_secret": CLIENTS["facebook"][1], "scope": "email public_profile"},
    }
