from typing import Annotated

from pydantic import BaseModel, StringConstraints

from identity.user.schemas import Password
from kit.pagination import Page

OperatorName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=31)]
OperatorEmail = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=140)]


class OperatorUserCreate(BaseModel):
    first_name: OperatorName
    last_name: Annotated[str, StringConstraints(strip_whitespace=True, max_length=150)] = ""
    email: OperatorEmail
    password: Password
    password2: Password


class OperatorCreate(BaseModel):
    fk_resto: int
    fk_user: OperatorUserCreate


class OperatorUserUpdate(BaseModel):
    first_name: OperatorName | None = None
    last_name: Annotated[str, StringConstraints(strip_whitespace=True, max_length=150)] | None = None
    password: Password | None = None
    password2: Password | None = None


class OperatorUpdate(BaseModel):
    fk_user: OperatorUserUpdate


class OperatorUserPublic(BaseModel):
    id: int
    username: str
    email: str
    first_name: str
    last_name: str


class OperatorPublic(BaseModel):
    id: int
    fk_resto: int
    fk_user: OperatorUserPublic


class OperatorPage(Page[OperatorPublic]): ...
