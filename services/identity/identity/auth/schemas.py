from typing import Annotated

from pydantic import BaseModel, StringConstraints


class LoginRequest(BaseModel):
    username: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=254)]
    password: Annotated[str, StringConstraints(min_length=1, max_length=128)]


class GroupRef(BaseModel):
    id: int


class SessionUser(BaseModel):
    id: int
    username: str
    first_name: str
    groups: list[GroupRef]


class LoginAnswer(BaseModel):
    auth_token: str
    user: SessionUser


class DemoLoginState(BaseModel):
    enabled: bool
