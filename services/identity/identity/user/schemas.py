"""Wire shapes of accounts; names stay the spec's (fk_user, password2, telefono...)."""
from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=3, max_length=30)]
FormEmail = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=74)]
Password = Annotated[str, StringConstraints(min_length=1, max_length=128)]


class ProfileNames(BaseModel):
    """The names a profile form sends (each form subclasses it with its own lengths) and the
    e-mail it shows, which is read only."""

    email: str | None = None

    def changes_email(self, current: str) -> bool:
        """The form asks for another e-mail than the account's (refused: EMAIL_READ_ONLY)."""
        return self.email is not None and self.email.strip().lower() != current


class ClientUserCreate(BaseModel):
    first_name: Name  # the form's all_name
    email: FormEmail
    password: Password
    password2: Password


# The form's terms checkbox. Optional because the spec's requests do not send it
# (services/identity/README.md, 'Terms of use'); false is refused.
TermsAccepted = Annotated[bool | None, Field(description="The person accepted the terms of use (the form's checkbox).")]


class ClientCreate(BaseModel):
    fk_user: ClientUserCreate
    acepta_terminos: TermsAccepted = None


class Registered(BaseModel):
    success: bool = True
    id: int
    username: str
    auth_token: str


class PasswordResetRequest(BaseModel):
    email: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=254)]
    is_resto: bool = False


class PasswordResetConfirm(BaseModel):
    uid: Annotated[str, StringConstraints(min_length=1, max_length=64)]
    token: Annotated[str, StringConstraints(min_length=1, max_length=128)]
    new_password: Password


class PasswordChange(BaseModel):
    current_password: Password
    new_password: Password
    new_password_confirm: Password
