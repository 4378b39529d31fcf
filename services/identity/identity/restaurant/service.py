"""Restaurants and their owners. Never commits: the request does."""
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.identity import RestaurantCreated, RestaurantProfile
from identity import messages
from identity.restaurant.models import Restaurant
from identity.restaurant.schemas import RestaurantRegistration
from identity.user.models import User
from identity.user.service import create_user, new_account_problems
from kit.auth import OWNER
from kit.errors import FieldErrors
from kit.i18n import Text
from kit.outbox import add_event
from kit.uploads import media_url


async def name_taken(session: AsyncSession, owner_id: int, name: str, exclude_id: int | None = None) -> bool:
    query = select(Restaurant.id).where(
        Restaurant.owner_id == owner_id, func.lower(Restaurant.nombre_local) == name.strip().lower()
    )
    if exclude_id is not None:
        query = query.where(Restaurant.id != exclude_id)
    return await session.scalar(query.limit(1)) is not None


async def create_restaurant(session: AsyncSession, owner: User, **fields) -> Restaurant:
    restaurant = Restaurant(owner_id=owner.id, **fields)
    session.add(restaurant)
    await session.flush()
    add_event(session, profile_event(RestaurantCreated, restaurant))
    return restaurant


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
        stop_orders=restaurant.stop_orders,
        mp_active=restaurant.mp_active,
        wait_time=restaurant.wait_time,
        horario_apertura=hhmm(restaurant.horario_apertura),
        horario_cierre=hhmm(restaurant.horario_cierre),
    )


async def register_owner(session: AsyncSession, data: RestaurantRegistration) -> tuple[User, Restaurant]:
    """A new owner account together with its first restaurant."""
    errors: dict = {}
    if not data.telefono.isdigit():
        errors["telefono"] = [messages.ONLY_DIGITS]
    user_errors: dict[str, list[Text]] = await new_account_problems(
        session,
        email=data.fk_user.email,
        password=data.fk_user.password,
        password2=data.fk_user.password2,
        first_name="",
        clash_field="email",
    )
    if user_errors:
        errors["fk_user"] = user_errors
    if errors:
        raise FieldErrors(errors)
    owner = await create_user(session, email=data.fk_user.email, password=data.fk_user.password, group=OWNER)
    restaurant = await create_restaurant(session, owner, nombre_local=data.nombre_local, telefono=data.telefono)
    return owner, restaurant
