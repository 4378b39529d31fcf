"""The admin's list of accounts (every account but admins), newest first."""
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from identity.user.models import ClientProfile, User
from kit.auth import ADMIN
from kit.pagination import Paging, contains, fetch_page


async def accounts_page(session: AsyncSession, search: str | None, paging: Paging) -> tuple[int, list]:
    query = (
        select(User, ClientProfile.telefono)
        .outerjoin(ClientProfile, ClientProfile.user_id == User.id)
        .where(User.group != ADMIN)
        .where(contains(search, User.username, User.first_name, User.last_name, User.email))
        .order_by(User.date_joined.desc(), User.id.desc())
    )
    return await fetch_page(session, query, paging)
