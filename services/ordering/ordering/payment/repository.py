"""Payment queries. The lines they read are order lines: the caller's restaurants only, where a
caller asks (another restaurant's line is not found)."""
from datetime import datetime
from decimal import Decimal

from sqlalchemy import bindparam, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from kit.metrics import count_payment
from kit.tokens import Principal
from ordering.order.models import OrderLine
from ordering.order.repository import readable
from ordering.payment.models import OnlineCheckout, Payment

ENDED = ("closed", "approved")  # a checkout in one of these takes no event any more


async def by_key(session: AsyncSession, key_hash: str) -> Payment | None:
    return await session.scalar(select(Payment).where(Payment.idempotency_key == key_hash))


async def readable_lines_of(session: AsyncSession, principal: Principal, payment_id: int) -> list[OrderLine]:
    """The lines a payment paid, if the caller may see them (none otherwise)."""
    return list(await session.scalars(readable(principal).where(OrderLine.payment_id == payment_id).order_by(OrderLine.id)))


async def record(session: AsyncSession, values: dict) -> int | None:
    """A new payment's id; None when its idempotency key or its checkout was recorded already.
    Written without flushing: the lines it pays are written once, with it, at the commit."""
    with session.no_autoflush:
        return await session.scalar(insert(Payment).values(**values).on_conflict_do_nothing().returning(Payment.id))


async def newest_checkout(session: AsyncSession, checkout_id: int, restaurant_id: int, state: str, occurred_at: datetime) -> bool:
    """Record a checkout's new state unless an applied event is newer or the checkout ended; one
    statement, so two of its events handled at once are applied one after the other. False: not
    recorded (the event is older, or the checkout ended)."""
    statement = insert(OnlineCheckout).values(
        checkout_id=checkout_id, restaurant_id=restaurant_id, state=state, occurred_at=occurred_at,
    )
    applied = await session.scalar(
        statement.on_conflict_do_update(
            index_elements=["checkout_id"],
            set_={"state": statement.excluded.state, "occurred_at": statement.excluded.occurred_at},
            where=OnlineCheckout.state.not_in(ENDED) & (OnlineCheckout.occurred_at <= statement.excluded.occurred_at),
        ).returning(OnlineCheckout.checkout_id)
    )
    return applied is not None


async def keep_commission(session: AsyncSession, restaurant_id: int, payment_id: int, percent, amount,
                          shares: list[tuple[int, object]]) -> None:
    """Billing's commission on a payment, and each line's share (only the payment's own lines)."""
    await session.execute(
        update(Payment).where(Payment.id == payment_id, Payment.restaurant_id == restaurant_id)
        .values(commission=amount, commission_percent=percent)
    )
    if shares:
        table = OrderLine.__table__
        await session.execute(
            table.update()
            .where(table.c.id == bindparam("line"), table.c.payment_id == payment_id)
            .values(commission=bindparam("share")),
            [{"line": line_id, "share": share} for line_id, share in sorted(shares)],
        )


class SqlPayments:
    """`payment.service.Payments` on PostgreSQL, for one session."""

    def __init__(self, session: AsyncSession):
        self.session = session

    async def by_key(self, key_hash: str) -> Payment | None:
        return await by_key(self.session, key_hash)

    async def lines_of(self, principal: Principal, payment_id: int) -> list[OrderLine]:
        return await readable_lines_of(self.session, principal, payment_id)

    async def record(self, values: dict) -> int | None:
        return await record(self.session, values)

    def count(self, method: str, amount: Decimal) -> None:
        count_payment(self.session, method, amount)

    async def newest_checkout(self, checkout_id: int, restaurant_id: int, state: str, occurred_at: datetime) -> bool:
        return await newest_checkout(self.session, checkout_id, restaurant_id, state, occurred_at)
