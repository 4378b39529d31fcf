from typing import Annotated

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints

from identity.restaurant.schemas import Digits
from identity.user.schemas import ProfileNames
from kit.pagination import Page

# 0 female, 1 male; an empty form value clears it.
Gender = Annotated[int | None, Field(ge=0, le=1), BeforeValidator(lambda v: None if v in ("", "null", None) else v)]


class ClientNames(ProfileNames):
    first_name: Annotated[str, StringConstraints(strip_whitespace=True, min_length=4, max_length=30)] | None = None
    last_name: Annotated[str, StringConstraints(strip_whitespace=True, min_length=4, max_length=100)] | None = None


class ProfileUpdate(BaseModel):
    model_config = ConfigDict(extra="ignore")

    fk_user: ClientNames | None = None
    telefono: Digits | None = None  # one phone rule for clients and restaurants (the web's one phone input)
    genero: Gender = None


class ProfileUser(BaseModel):
    id: int
    username: str
    email: str
    first_name: str
    last_name: str


class ProfilePublic(BaseModel):
    fk_user: ProfileUser
    telefono: str
    genero: int | None
    imagen: str


class ClientRow(BaseModel):
    id: int
    username: str
    first_name: str
    last_name: str
    email: str
    telefono: str
    group: int
    date_joined: str


class ClientPage(Page[ClientRow]): ...
