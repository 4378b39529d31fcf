"""Restaurants and their owners. Never commits: the request does."""
from pathlib import Path

from starlette.datastructures import UploadFile
from sqlalchemy import or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.billing import FeeChanged, MarketplaceLink, MarketplaceLinked
from contracts.identity import RestaurantCreated, RestaurantDeleted, RestaurantProfile, RestaurantUpdated
from identity import messages
from identity.restaurant.links import NORMALIZERS
from identity.restaurant.models import Restaurant
from identity.restaurant.schemas import RestaurantFields, RestaurantRegistration, Schedule, all_digits
from identity.user.models import User
from identity.auth.throttle import Throttle
from identity.restaurant import repository
from identity.user import repository as user_repository
from identity.settings import Settings
from identity.user.service import create_user, deactivate, new_account_problems, registration_allowed, terms_problems
from kit.auth import OWNER, RevocationStore
from kit.errors import FieldErrors
from kit.i18n import Text
from kit.outbox import add_event
from kit.uploads import discard_after_commit, media_url, store_image

LOGO_FOLDER = "logos"


def profile_event(event_type: type[RestaurantProfile], restaurant: Restaurant) -> RestaurantProfile:
    def hhmm(value) -> str | None:
        return value.strftime("%H:%M") if value else None

    return event_type(
        restaurant_id=restaurant.id,
        owner_id=restaurant.owner_id,
        nombre_local=restaurant.nombre_local,
        direccion=restaurant.direccion,
        telefono=restaurant.telefono,
        logo=media_url("identity", restaurant.logo),
        whatsapp=restaurant.whatsapp,
        takeaway=restaurant.takeaway,
        tips=restaurant.tips,
        stop_orders=restaurant.stop_orders,
        mp_active=restaurant.mp_active,
        wait_time=restaurant.wait_time,
        horario_apertura=hhmm(restaurant.horario_apertura),
        horario_cierre=hhmm(restaurant.horario_cierre),
    )


async def create_restaurant(session: AsyncSession, owner: User, **fields) -> Restaurant:
    restaurant = Restaurant(owner_id=owner.id, **fields)
    session.add(restaurant)
    await session.flush()
    add_event(session, profile_event(RestaurantCreated, restaurant))
    return restaurant


async def register_owner(
    session: AsyncSession, data: RestaurantRegistration, throttle: Throttle, address: str, settings: Settings, *,
    users=user_repository,
) -> tuple[User, Restaurant]:
    """A new owner account together with its first restaurant. `users`: where accounts are looked
    up (identity.user.repository; the unit tests give a fake)."""
    await registration_allowed(throttle, address)
    errors: dict = terms_problems(data.acepta_terminos, settings)
    if not all_digits(data.telefono):
        errors["telefono"] = [messages.ONLY_DIGITS]
    user_errors: dict[str, list[Text]] = await new_account_problems(
        session,
        email=data.fk_user.email,
        password=data.fk_user.password,
        password2=data.fk_user.password2,
        first_name="",
        clash_field="email",
        users=users,
    )
    if user_errors:
        errors["fk_user"] = user_errors
    if errors:
        raise FieldErrors(errors)
    owner = await create_user(
        session,
        email=data.fk_user.email,
        password=data.fk_user.password,
        group=OWNER,
        terms_version=settings.terms_version if data.acepta_terminos else None,
    )
    restaurant = await create_restaurant(session, owner, nombre_local=data.nombre_local, telefono=data.telefono)
    return owner, restaurant


async def _field_problems(
    session: AsyncSession, owner: User, data: RestaurantFields, exclude_id: int | None, *, restaurants=repository
) -> tuple[dict, dict]:
    """(errors, normalized values) for the restaurant fields that were sent. `restaurants`: where
    the owner's names are looked up (identity.restaurant.repository; the unit tests give a fake)."""
    errors: dict = {}
    values = data.model_dump(exclude_unset=True, exclude={"fk_user"})
    if "telefono" in values and not all_digits(values["telefono"]):
        errors["telefono"] = [messages.ONLY_DIGITS]
    if "nombre_local" in values and await restaurants.name_taken(session, owner.id, values["nombre_local"], exclude_id):
        errors["nombre_local"] = [messages.RESTAURANT_NAME_TAKEN]
    for field, normalize in NORMALIZERS.items():
        if field in values:
            values[field], problem = normalize(values[field] or "")
            if problem:
                errors[field] = [problem]
    if data.fk_user is not None and data.fk_user.changes_email(owner.email):
        errors.setdefault("fk_user", {})["email"] = [messages.EMAIL_READ_ONLY]
    return errors, values


def _apply_owner_names(owner: User, data: RestaurantFields) -> None:
    if data.fk_user is not None:
        for field in ("first_name", "last_name"):
            value = getattr(data.fk_user, field)
            if value is not None:
                setattr(owner, field, value)


async def create_owned_restaurant(
    session: AsyncSession, owner: User, data: RestaurantFields, logo: UploadFile | str | None, media_dir: Path
) -> Restaurant:
    errors, values = await _field_problems(session, owner, data, exclude_id=None)
    if errors:
        raise FieldErrors(errors)
    values["logo"] = await store_image(logo if isinstance(logo, UploadFile) else None, field="logo", media_root=media_dir, folder=LOGO_FOLDER)
    _apply_owner_names(owner, data)
    return await create_restaurant(session, owner, **values)


async def update_restaurant(
    session: AsyncSession, restaurant: Restaurant, owner: User, data: RestaurantFields, logo: UploadFile | str | None, media_dir: Path
) -> Restaurant:
    """Only what was sent changes; the logo only when a new file comes."""
    errors, values = await _field_problems(session, owner, data, exclude_id=restaurant.id)
    if errors:
        raise FieldErrors(errors)
    if isinstance(logo, UploadFile):
        values["logo"] = await store_image(logo, field="logo", media_root=media_dir, folder=LOGO_FOLDER)
        discard_after_commit(session, media_dir, restaurant.logo)  # the replaced logo is no longer served
    for field, value in values.items():
        setattr(restaurant, field, value)
    _apply_owner_names(owner, data)
    await session.flush()
    add_event(session, profile_event(RestaurantUpdated, restaurant))
    return restaurant


async def set_schedule(session: AsyncSession, restaurant: Restaurant, schedule: Schedule) -> Restaurant:
    if (schedule.horario_apertura is None) != (schedule.horario_cierre is None):
        raise FieldErrors({"non_field_errors": [messages.SCHEDULE_INCOMPLETE]})
    restaurant.horario_apertura, restaurant.horario_cierre = schedule.horario_apertura, schedule.horario_cierre
    add_event(session, profile_event(RestaurantUpdated, restaurant))
    return restaurant


async def delete_restaurant(session: AsyncSession, revocations: RevocationStore, restaurant: Restaurant) -> None:
    """Its operators' accounts, which exist only for it, are deactivated and their sessions end."""
    await deactivate(session, revocations, await repository.operator_user_ids(session, restaurant.id))
    add_event(session, RestaurantDeleted(restaurant_id=restaurant.id, owner_id=restaurant.owner_id))
    await session.delete(restaurant)


def is_profile_complete(restaurant: Restaurant, owner: User | None) -> bool:
    return bool(restaurant.direccion and owner and owner.first_name and owner.last_name)


def public(restaurant: Restaurant, owner: User | None) -> dict:
    return {
        **{column.key: getattr(restaurant, column.key) for column in Restaurant.__table__.columns if column.key not in ("owner_id", "created_at")},
        "id_resto": restaurant.id,
        "logo": media_url("identity", restaurant.logo),
        "profile_complete": is_profile_complete(restaurant, owner),
        "fk_user": None
        if owner is None
        else {
            "username": owner.username,
            "email": owner.email,
            "first_name": owner.first_name,
            "last_name": owner.last_name,
            "date_joined": owner.date_joined,
            "last_login": owner.last_login,
        },
    }


async def on_fee_changed(session: AsyncSession, event: FeeChanged) -> None:
    """Billing set a restaurant's application fee: the admin's rows show it (an older announcement
    arriving late changes nothing)."""
    await session.execute(
        update(Restaurant)
        .where(
            Restaurant.id == event.restaurant_id,
            or_(Restaurant.application_fee_at.is_(None), Restaurant.application_fee_at <= event.effective_at),
        )
        .values(application_fee=event.application_fee, application_fee_at=event.effective_at)
    )


async def on_marketplace_link(session: AsyncSession, event: MarketplaceLink) -> None:
    """Billing linked or unlinked the restaurant's marketplace account: `mp_active` follows (the web
    hides the link tab by it), and the profile is announced again. An older announcement arriving
    late changes nothing."""
    restaurant = await session.scalar(
        select(Restaurant)
        .where(
            Restaurant.id == event.restaurant_id,
            or_(Restaurant.mp_active_at.is_(None), Restaurant.mp_active_at <= event.occurred_at),
        )
        .with_for_update()
    )
    if restaurant is None:
        return
    linked = isinstance(event, MarketplaceLinked)
    changed = restaurant.mp_active != linked
    restaurant.mp_active, restaurant.mp_active_at = linked, event.occurred_at
    if changed:
        await session.flush()
        add_event(session, profile_event(RestaurantUpdated, restaurant))
