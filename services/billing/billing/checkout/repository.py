"""Every query of the checkout tables."""
from collections.abc import Iterable, Sequence
from datetime import datetime

from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from billing.checkout.models import (
    HOLDING, OPEN, UNASSIGNED, Checkout, CheckoutCharge, CheckoutLine, CheckoutPayment, CheckoutRequest,
)


async def held_elsewhere(session: AsyncSession, line_ids: Iterable[int]) -> set[int]:
    """Which of the lines an open checkout holds."""
    ids = list(line_ids)
    if not ids:
        return set()
    return set(await session.scalars(select(CheckoutLine.line_id).where(CheckoutLine.line_id.in_(ids), CheckoutLine.held)))


async def claim_key(session: AsyncSession, key: str, request_hash: str) -> CheckoutRequest | None:
    """Take an Idempotency-Key for this request; None when it is taken. A request holding it that
    has not committed yet is waited for (its row is locked), so the answer is the winner's."""
    taken = await session.scalar(
        insert(CheckoutRequest).values(key=key, request_hash=request_hash)
        .on_conflict_do_nothing(index_elements=["key"]).returning(CheckoutRequest.key))
    if taken is not None:
        return None
    return await session.get(CheckoutRequest, key, populate_existing=True)


async def settle_key(session: AsyncSession, key: str, charge_id: int) -> None:
    await session.execute(update(CheckoutRequest).where(CheckoutRequest.key == key).values(charge_id=charge_id))


async def hold(session: AsyncSession, checkout_id: int, lines: Sequence[tuple[int, object]]) -> set[int]:
    """Hold the lines for the checkout; answers those it got (another open checkout holds the
    rest: its request committed first, or is waited for)."""
    got = await session.scalars(
        insert(CheckoutLine).values([{"checkout_id": checkout_id, "line_id": line_id, "amount": amount, "held": True}
                                     for line_id, amount in lines])
        .on_conflict_do_nothing(index_elements=["line_id"], index_where=CheckoutLine.held)
        .returning(CheckoutLine.line_id))
    return set(got)


async def release(session: AsyncSession, checkout_id: int) -> None:
    await session.execute(update(CheckoutLine).where(CheckoutLine.checkout_id == checkout_id).values(held=False))


async def line_ids(session: AsyncSession, checkout_id: int) -> list[int]:
    return list(await session.scalars(
        select(CheckoutLine.line_id).where(CheckoutLine.checkout_id == checkout_id).order_by(CheckoutLine.line_id)))


async def lines_of(session: AsyncSession, checkout_ids: Sequence[int]) -> dict[int, list[int]]:
    found: dict[int, list[int]] = {checkout_id: [] for checkout_id in checkout_ids}
    rows = await session.execute(select(CheckoutLine.checkout_id, CheckoutLine.line_id)
                                 .where(CheckoutLine.checkout_id.in_(list(checkout_ids))).order_by(CheckoutLine.line_id))
    for checkout_id, line_id in rows:
        found[checkout_id].append(line_id)
    return found


async def checkout(session: AsyncSession, checkout_id: int, lock: bool = False) -> Checkout | None:
    query = select(Checkout).where(Checkout.id == checkout_id)
    if lock:
        query = query.with_for_update().execution_options(populate_existing=True)
    return await session.scalar(query)


async def holding(session: AsyncSession, line_id: int, lock: bool = False) -> Checkout | None:
    """The checkout holding a line, if any (open or approved)."""
    query = (select(Checkout).join(CheckoutLine, CheckoutLine.checkout_id == Checkout.id)
             .where(CheckoutLine.line_id == line_id, CheckoutLine.held))
    if lock:
        query = query.with_for_update(of=Checkout).execution_options(populate_existing=True)
    return await session.scalar(query)


async def holding_at(session: AsyncSession, place_id: int) -> list[Checkout]:
    return list(await session.scalars(
        select(Checkout).where(Checkout.place_id == place_id, Checkout.state.in_(HOLDING)).order_by(Checkout.id)))


async def charges(session: AsyncSession, checkout_id: int, lock: bool = False) -> list[CheckoutCharge]:
    query = select(CheckoutCharge).where(CheckoutCharge.checkout_id == checkout_id).order_by(CheckoutCharge.share)
    if lock:
        query = query.with_for_update().execution_options(populate_existing=True)
    return list(await session.scalars(query))


async def charges_of(session: AsyncSession, checkout_ids: Sequence[int]) -> dict[int, list[CheckoutCharge]]:
    found: dict[int, list[CheckoutCharge]] = {checkout_id: [] for checkout_id in checkout_ids}
    for charge in await session.scalars(select(CheckoutCharge).where(CheckoutCharge.checkout_id.in_(list(checkout_ids)))
                                        .order_by(CheckoutCharge.share)):
        found[charge.checkout_id].append(charge)
    return found


async def charge(session: AsyncSession, charge_id: int) -> CheckoutCharge | None:
    return await session.get(CheckoutCharge, charge_id)


async def charge_by_reference(session: AsyncSession, reference: str) -> CheckoutCharge | None:
    return await session.scalar(select(CheckoutCharge).where(CheckoutCharge.reference == reference))


async def next_unassigned(session: AsyncSession, checkout_id: int) -> CheckoutCharge | None:
    """The lowest share not handed out yet, locked (two phones asking at once get two shares)."""
    return await session.scalar(
        select(CheckoutCharge).where(CheckoutCharge.checkout_id == checkout_id, CheckoutCharge.state == UNASSIGNED)
        .order_by(CheckoutCharge.share).limit(1).with_for_update(skip_locked=True))


async def payments(session: AsyncSession, charge_ids: Sequence[int]) -> list[CheckoutPayment]:
    return list(await session.scalars(
        select(CheckoutPayment).where(CheckoutPayment.charge_id.in_(list(charge_ids))).order_by(CheckoutPayment.updated_at)))


async def payment(session: AsyncSession, provider_payment_id: str) -> CheckoutPayment | None:
    return await session.get(CheckoutPayment, provider_payment_id, populate_existing=True)


async def expired(session: AsyncSession, before: datetime, limit: int) -> list[Checkout]:
    """Open checkouts older than `before`, locked, skipping those another process holds (a replica's
    expiry round, a payment being applied, a cancel)."""
    return list(await session.scalars(
        select(Checkout).where(Checkout.state == OPEN, Checkout.created_at < before)
        .order_by(Checkout.created_at).limit(limit).with_for_update(skip_locked=True)))


async def retained(session: AsyncSession, checkout_ids: Iterable[int]) -> dict[int, Checkout]:
    """Checkouts by id, for the ledger (what the marketplace retained on each, and its tips)."""
    ids = set(checkout_ids)
    if not ids:
        return {}
    return {c.id: c for c in await session.scalars(select(Checkout).where(Checkout.id.in_(ids)))}


async def tips_and_fees(session: AsyncSession, checkout_ids: Iterable[int]) -> dict[int, tuple]:
    """(tip, fee retained) summed over each checkout's approved charges."""
    ids = set(checkout_ids)
    if not ids:
        return {}
    rows = await session.execute(
        select(CheckoutCharge.checkout_id, func.sum(CheckoutCharge.tip), func.sum(func.coalesce(CheckoutCharge.fee_retained, 0)))
        .where(CheckoutCharge.checkout_id.in_(ids), CheckoutCharge.approved_at.is_not(None))
        .group_by(CheckoutCharge.checkout_id))
    return {checkout_id: (tip, fee) for checkout_id, tip, fee in rows}
