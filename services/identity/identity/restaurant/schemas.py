from typing import Annotated

from pydantic import BaseModel, StringConstraints

from identity.user.schemas import FormEmail, Password


class OwnerUserCreate(BaseModel):
    email: FormEmail
    password: Password
    password2: Password


class RestaurantRegistration(BaseModel):
    nombre_local: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]
    telefono: Annotated[str, StringConstraints(strip_whitespace=True, min_length=8, max_length=20)]
    fk_user: OwnerUserCreate


class RestaurantRegistered(BaseModel):
    success: bool = True
    id: int  # the restaurant's id
    user_id: int
    username: str
    auth_token: str
    name: str
    phone: str
    address: str
