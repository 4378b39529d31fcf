"""A person's own profile, and the admin's list of accounts."""
from pathlib import Path

from starlette.datastructures import UploadFile
from sqlalchemy.ext.asyncio import AsyncSession

from identity import messages
from identity.client.schemas import ProfileUpdate
from identity.restaurant.schemas import all_digits
from identity.user.models import ClientProfile, User
from kit.errors import FieldErrors
from kit.uploads import discard_after_commit, media_url, store_image

AVATAR_FOLDER = "avatars"


async def profile_of(session: AsyncSession, user: User) -> ClientProfile:
    """Every account may keep a profile; it is made on first use."""
    profile = await session.get(ClientProfile, user.id)
    if profile is None:
        profile = ClientProfile(user_id=user.id)
        session.add(profile)
        await session.flush()
    return profile


def profile_problems(user: User, data: ProfileUpdate) -> dict:
    """The profile form's rules beyond its fields' own: digits only, and the e-mail is read only."""
    errors: dict = {}
    if data.telefono is not None and not all_digits(data.telefono):
        errors["telefono"] = [messages.ONLY_DIGITS]
    if data.fk_user and data.fk_user.changes_email(user.email):
        errors["fk_user"] = {"email": [messages.EMAIL_READ_ONLY]}
    return errors


async def update_profile(
    session: AsyncSession, user: User, data: ProfileUpdate, image: UploadFile | str | None, media_dir: Path
) -> ClientProfile:
    profile = await profile_of(session, user)
    if errors := profile_problems(user, data):
        raise FieldErrors(errors)
    if isinstance(image, UploadFile):
        discard_after_commit(session, media_dir, profile.imagen)  # the replaced picture is no longer served
        profile.imagen = await store_image(image, field="imagen", media_root=media_dir, folder=AVATAR_FOLDER)
    if data.fk_user:
        for field in ("first_name", "last_name"):
            if (value := getattr(data.fk_user, field)) is not None:
                setattr(user, field, value)
    for field in data.model_fields_set & {"telefono", "genero"}:
        setattr(profile, field, getattr(data, field))
    return profile


def public(user: User, profile: ClientProfile) -> dict:
    return {
        "fk_user": {"id": user.id, "username": user.username, "email": user.email, "first_name": user.first_name, "last_name": user.last_name},
        "telefono": profile.telefono,
        "genero": profile.genero,
        "imagen": media_url("identity", profile.imagen),
    }


def account_rows(rows: list) -> list[dict]:
    return [
        {
            "id": user.id,
            "username": user.username,
            "first_name": user.first_name,
            "last_name": user.last_name,
            "email": user.email,
            "telefono": telefono or "",
            "group": user.group,
            "date_joined": user.date_joined.isoformat(),
        }
        for user, telefono in rows
    ]
