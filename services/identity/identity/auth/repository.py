from datetime import UTC, datetime

from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from identity.auth.models import RevokedToken


async def add_revoked(session: AsyncSession, token_id: str, user_id: int, expires_at: int) -> None:
    """Kept once: a token logged out twice at the same moment is one row."""
    await session.execute(
        insert(RevokedToken)
        .values(token_id=token_id, user_id=user_id, expires_at=datetime.fromtimestamp(expires_at, UTC))
        .on_conflict_do_nothing(index_elements=[RevokedToken.token_id])
    )


async def live_revoked(session: AsyncSession, user_ids: list[int]) -> list[tuple[str, int]]:
    """(token id, expiry as a Unix time) of these accounts' logged-out tokens that have not expired."""
    rows = await session.execute(
        select(RevokedToken.token_id, RevokedToken.expires_at).where(
            RevokedToken.user_id.in_(user_ids), RevokedToken.expires_at > datetime.now(UTC)
        )
    )
    return [(row.token_id, int(row.expires_at.timestamp())) for row in rows]


async def purge_expired(session: AsyncSession) -> int:
    """Rows of tokens that have expired anyway: nobody can use them any more."""
    result = await session.execute(delete(RevokedToken).where(RevokedToken.expires_at <= datetime.now(UTC)))
    return result.rowcount or 0
