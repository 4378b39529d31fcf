"""Operators: staff accounts (group 4) an owner creates for one of their restaurants."""
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.identity import OperatorAdded, OperatorRemoved
from identity import messages
from identity.operator.models import Operator
from identity.operator.schemas import OperatorCreate, OperatorUpdate
from identity.restaurant.models import Restaurant
from identity.user import repository as users
from identity.user.models import User
from identity.user.passwords import hash_password, password_problems
from identity.user.service import create_user, email_problem
from identity.auth.service import end_sessions
from kit.auth import OPERATOR, RevocationStore
from kit.errors import FieldErrors
from kit.i18n import Text
from kit.outbox import add_event


def _name_problems(first_name: str) -> list[Text]:
    return [] if first_name[:1].isalpha() else [messages.OPERATOR_NAME_FIRST_LETTER]


def _password_problems(password: str, password2: str | None, user_fields: dict) -> dict[str, list[Text]]:
    errors: dict[str, list[Text]] = {}
    problems = password_problems(password, **user_fields)
    if any(ch.isspace() for ch in password):  # a tab or a no-break space too, as the browser checks
        problems.insert(0, messages.NO_SPACES)
    if problems:
        errors["password"] = problems
    if password != password2:
        errors["password2"] = [messages.PASSWORDS_DIFFER]
    return errors


async def add_operator(session: AsyncSession, restaurant: Restaurant, data: OperatorCreate, *, users=users) -> tuple[Operator, User]:
    """`users`: where accounts are looked up (identity.user.repository; the unit tests give a fake)."""
    user_data = data.fk_user
    errors: dict[str, list[Text]] = {}
    if problems := _name_problems(user_data.first_name):
        errors["first_name"] = problems
    if problem := email_problem(user_data.email):
        errors["email"] = [problem]
    elif await users.get_by_login(session, user_data.email) is not None:
        errors["email"] = [messages.EMAIL_IN_USE]
    errors |= _password_problems(
        user_data.password, user_data.password2, {"username": user_data.email, "email": user_data.email, "first_name": user_data.first_name}
    )
    if errors:
        raise FieldErrors({"fk_user": errors})
    user = await create_user(session, email=user_data.email, password=user_data.password, group=OPERATOR, first_name=user_data.first_name)
    user.last_name = user_data.last_name
    operator = Operator(user_id=user.id, restaurant_id=restaurant.id)
    session.add(operator)
    await session.flush()
    add_event(session, OperatorAdded(restaurant_id=restaurant.id, user_id=user.id))
    return operator, user


async def update_operator(
    session: AsyncSession, revocations: RevocationStore, operator: Operator, user: User, data: OperatorUpdate
) -> None:
    """A new password ends the operator's sessions (the owner may be changing it to lock them out)."""
    changes = data.fk_user
    errors: dict[str, list[Text]] = {}
    if changes.first_name is not None and (problems := _name_problems(changes.first_name)):
        errors["first_name"] = problems
    if changes.password:
        errors |= _password_problems(
            changes.password, changes.password2, {"username": user.username, "email": user.email, "first_name": changes.first_name or user.first_name}
        )
    if errors:
        raise FieldErrors({"fk_user": errors})
    if changes.first_name is not None:
        user.first_name = changes.first_name
    if changes.last_name is not None:
        user.last_name = changes.last_name
    if changes.password:
        user.password_hash = await hash_password(changes.password)
        await end_sessions(session, revocations, user.id)


async def remove_operator(session: AsyncSession, revocations: RevocationStore, operator: Operator, user: User) -> None:
    """The account goes with the job: an operator exists only for their restaurant."""
    await end_sessions(session, revocations, user.id)
    add_event(session, OperatorRemoved(restaurant_id=operator.restaurant_id, user_id=operator.user_id))
    await session.delete(operator)
    await session.delete(user)


def public(operator: Operator, user: User) -> dict:
    return {
        "id": operator.id,
        "fk_resto": operator.restaurant_id,
        "fk_user": {"id": user.id, "username": user.username, "email": user.email, "first_name": user.first_name, "last_name": user.last_name},
    }
