from pydantic import BaseModel, Field


class SocialLogin(BaseModel):
    code: str | None = Field(default=None, max_length=2048)
    access_token: str | None = Field(default=None, max_length=4096)
    redirect_uri: str | None = Field(default=None, max_length=2048)
    provider: str | None = None  # only for the paths without the provider


class SocialToken(BaseModel):
    token: str


class SocialTokenUser(SocialToken):
    id: int
    username: str
    first_name: str


class ProviderConfig(BaseModel):
    authorize_url: str
    client_id: str
    redirect_uri: str
    scope: str
