"""Every query of the checkout tables, over one transaction's session (`billing.store.Store`)."""
from collections.abc import Iterable, Sequence
from datetime import datetime

from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from billing.checkout.models import (
    HOLDING, OPEN, UNASSIGNED, Checkout, CheckoutCharge, CheckoutLine, CheckoutPayment, CheckoutRequest,
)


class CheckoutRepository:
    def __init__(self, session: AsyncSession):
        self.session = session

    # ---------------------------------------------------------------- writing
    async def add(self, checkout: Checkout) -> None:
        """A new checkout, written now (it has its id)."""
        self.session.add(checkout)
        await self.session.flush()

    async def add_charges(self, charges: Sequence[CheckoutCharge]) -> None:
        self.session.add_all(charges)
        await self.session.flush()

    def add_payment(self, row: CheckoutPayment) -> None:
        self.session.add(row)

    async def hold(self, checkout_id: int, lines: Sequence[tuple[int, object]]) -> set[int]:
        """Hold the lines for the checkout; answers those it got (another open checkout holds the
        rest: its request committed first, or is waited for)."""
        got = await self.session.scalars(
            insert(CheckoutLine).values([{"checkout_id": checkout_id, "line_id": line_id, "amount": amount, "held": True}
                                         for line_id, amount in lines])
            .on_conflict_do_nothing(index_elements=["line_id"], index_where=CheckoutLine.held)
            .returning(CheckoutLine.line_id))
        return set(got)

    async def release(self, checkout_id: int) -> None:
        await self.session.execute(update(CheckoutLine).where(CheckoutLine.checkout_id == checkout_id).values(held=False))

    async def claim_key(self, key: str, request_hash: str) -> CheckoutRequest | None:
        """Take an Idempotency-Key for this request; None when it is taken. A request holding it that
        has not committed yet is waited for (its row is locked), so the answer is the winner's."""
        taken = await self.session.scalar(
            insert(CheckoutRequest).values(key=key, request_hash=request_hash)
            .on_conflict_do_nothing(index_elements=["key"]).returning(CheckoutRequest.key))
        if taken is not None:
            return None
        return await self.session.get(CheckoutRequest, key, populate_existing=True)

    async def settle_key(self, key: str, charge_id: int) -> None:
        await self.session.execute(update(CheckoutRequest).where(CheckoutRequest.key == key).values(charge_id=charge_id))

    async def flush(self) -> None:
        await self.session.flush()

    # ---------------------------------------------------------------- reading (and locking)
    async def held_elsewhere(self, line_ids: Iterable[int]) -> set[int]:
        """Which of the lines an open checkout holds."""
        ids = list(line_ids)
        if not ids:
            return set()
        return set(await self.session.scalars(
            select(CheckoutLine.line_id).where(CheckoutLine.line_id.in_(ids), CheckoutLine.held)))

    async def line_ids(self, checkout_id: int) -> list[int]:
        return list(await self.session.scalars(
            select(CheckoutLine.line_id).where(CheckoutLine.checkout_id == checkout_id).order_by(CheckoutLine.line_id)))

    async def lines_of(self, checkout_ids: Sequence[int]) -> dict[int, list[int]]:
        found: dict[int, list[int]] = {checkout_id: [] for checkout_id in checkout_ids}
        rows = await self.session.execute(select(CheckoutLine.checkout_id, CheckoutLine.line_id)
                                          .where(CheckoutLine.checkout_id.in_(list(checkout_ids))).order_by(CheckoutLine.line_id))
        for checkout_id, line_id in rows:
            found[checkout_id].append(line_id)
        return found

    async def checkout(self, checkout_id: int, lock: bool = False) -> Checkout | None:
        query = select(Checkout).where(Checkout.id == checkout_id)
        if lock:
            query = query.with_for_update().execution_options(populate_existing=True)
        return await self.session.scalar(query)

    async def holding(self, line_id: int, lock: bool = False) -> Checkout | None:
        """The checkout holding a line, if any (open or approved)."""
        query = (select(Checkout).join(CheckoutLine, CheckoutLine.checkout_id == Checkout.id)
                 .where(CheckoutLine.line_id == line_id, CheckoutLine.held))
        if lock:
            query = query.with_for_update(of=Checkout).execution_options(populate_existing=True)
        return await self.session.scalar(query)

    async def holding_at(self, place_id: int) -> list[Checkout]:
        return list(await self.session.scalars(
            select(Checkout).where(Checkout.place_id == place_id, Checkout.state.in_(HOLDING)).order_by(Checkout.id)))

    async def charges(self, checkout_id: int, lock: bool = False) -> list[CheckoutCharge]:
        query = select(CheckoutCharge).where(CheckoutCharge.checkout_id == checkout_id).order_by(CheckoutCharge.share)
        if lock:
            query = query.with_for_update().execution_options(populate_existing=True)
        return list(await self.session.scalars(query))

    async def charges_of(self, checkout_ids: Sequence[int]) -> dict[int, list[CheckoutCharge]]:
        found: dict[int, list[CheckoutCharge]] = {checkout_id: [] for checkout_id in checkout_ids}
        for charge in await self.session.scalars(
                select(CheckoutCharge).where(CheckoutCharge.checkout_id.in_(list(checkout_ids))).order_by(CheckoutCharge.share)):
            found[charge.checkout_id].append(charge)
        return found

    async def charge(self, charge_id: int) -> CheckoutCharge | None:
        return await self.session.get(CheckoutCharge, charge_id)

    async def charge_by_reference(self, reference: str) -> CheckoutCharge | None:
        return await self.session.scalar(select(CheckoutCharge).where(CheckoutCharge.reference == reference))

    async def next_unassigned(self, checkout_id: int) -> CheckoutCharge | None:
        """The lowest share not handed out yet, locked (two phones asking at once get two shares)."""
        return await self.session.scalar(
            select(CheckoutCharge).where(CheckoutCharge.checkout_id == checkout_id, CheckoutCharge.state == UNASSIGNED)
            .order_by(CheckoutCharge.share).limit(1).with_for_update(skip_locked=True))

    async def payments(self, charge_ids: Sequence[int]) -> list[CheckoutPayment]:
        return list(await self.session.scalars(
            select(CheckoutPayment).where(CheckoutPayment.charge_id.in_(list(charge_ids))).order_by(CheckoutPayment.updated_at)))

    async def payment(self, provider_payment_id: str) -> CheckoutPayment | None:
        return await self.session.get(CheckoutPayment, provider_payment_id, populate_existing=True)

    async def expired(self, before: datetime, limit: int) -> list[Checkout]:
        """Open checkouts older than `before`, locked, skipping those another process holds (a replica's
        expiry round, a payment being applied, a cancel)."""
        return list(await self.session.scalars(
            select(Checkout).where(Checkout.state == OPEN, Checkout.created_at < before)
            .order_by(Checkout.created_at).limit(limit).with_for_update(skip_locked=True)))

    async def retained(self, checkout_ids: Iterable[int]) -> dict[int, Checkout]:
        """Checkouts by id, for the ledger (what the marketplace retained on each, and its tips)."""
        ids = set(checkout_ids)
        if not ids:
            return {}
        return {c.id: c for c in await self.session.scalars(select(Checkout).where(Checkout.id.in_(ids)))}

    async def tips_and_fees(self, checkout_ids: Iterable[int]) -> dict[int, tuple]:
        """(tip, fee retained) summed over each checkout's approved charges."""
        ids = set(checkout_ids)
        if not ids:
            return {}
        rows = await self.session.execute(
            select(CheckoutCharge.checkout_id, func.sum(CheckoutCharge.tip),
                   func.sum(func.coalesce(CheckoutCharge.fee_retained, 0)))
            .where(CheckoutCharge.checkout_id.in_(ids), CheckoutCharge.approved_at.is_not(None))
            .group_by(CheckoutCharge.checkout_id))
        return {checkout_id: (tip, fee) for checkout_id, tip, fee in rows}
