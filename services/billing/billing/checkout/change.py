"""A checkout's change as one unit of work: the checkout's row locked first (its charges after it,
when the change needs them: every caller locks in that order), its state moved only along
`models.TRANSITIONS` (leaving `HOLDING` lets its lines go), and what it announces written to the
outbox on the way out, none if the change fails. Callers say what happens (`paid`, `end`,
`charge_approved`...), not how.

    async with CheckoutChange.locking(store, checkout_id) as change:
        if change is not None and change.may(PAID):
            await change.paid(payment_id)
"""
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from decimal import Decimal

import structlog

from billing.checkout.errors import LinesInCheckout
from billing.checkout.models import (
    APPROVED, CANCELLED, ENDED, HOLDING, OPEN, PAID, PENDING, REFUNDED, REJECTED, TRANSITIONS, UNASSIGNED, Checkout,
    CheckoutCharge, CheckoutPayment,
)
from billing.store import Store
from contracts import Event
from contracts.billing import CheckoutApproved, CheckoutClosed, CheckoutOpened, CheckoutRejected

log = structlog.get_logger()
ZERO = Decimal("0.00")


def now() -> datetime:
    return datetime.now(UTC)


class MoveRefused(ValueError):
    """A move `TRANSITIONS` does not allow from where the checkout stands."""


def lines_event(checkout: Checkout, line_ids: list[int]) -> dict:
    """What every checkout announcement says of it: which lines, where."""
    return {"checkout_id": checkout.id, "restaurant_id": checkout.restaurant_id, "place_id": checkout.place_id,
            "delivery_ids": [checkout.delivery_id] if checkout.delivery_id else [], "line_ids": line_ids}


class CheckoutChange:
    def __init__(self, store: Store, checkout: Checkout, charges: list[CheckoutCharge] | None = None):
        """A change of `checkout`, which the caller has locked (or just made)."""
        self.store = store
        self.checkout = checkout
        self._charges = charges
        self._line_ids: list[int] | None = None
        self._events: list[Event] = []

    # ---------------------------------------------------------------- entering and leaving
    @classmethod
    @asynccontextmanager
    async def locking(cls, store: Store, checkout_id: int, restaurant_id: int | None = None) -> AsyncIterator["CheckoutChange | None"]:
        """The change of the checkout, its row locked; None for one that does not exist (or is not
        `restaurant_id`'s)."""
        checkout = await store.checkouts.checkout(checkout_id, lock=True)
        if checkout is None or (restaurant_id is not None and checkout.restaurant_id != restaurant_id):
            yield None
            return
        async with cls(store, checkout) as change:
            yield change

    @classmethod
    @asynccontextmanager
    async def holding(cls, store: Store, line_id: int) -> AsyncIterator["CheckoutChange | None"]:
        """The change of the checkout holding the line (open or approved), locked; None if none does."""
        checkout = await store.checkouts.holding(line_id, lock=True)
        if checkout is None:
            yield None
            return
        async with cls(store, checkout) as change:
            yield change

    async def __aenter__(self) -> "CheckoutChange":
        return self

    async def __aexit__(self, kind, error, trace) -> None:
        if kind is None:
            for event in self._events:
                self.store.announce(event)
        self._events = []

    # ---------------------------------------------------------------- what it reads
    async def charges(self) -> list[CheckoutCharge]:
        """Its charges, locked (after the checkout) the first time they are asked for."""
        if self._charges is None:
            self._charges = await self.store.checkouts.charges(self.checkout.id, lock=True)
        return self._charges

    async def line_ids(self) -> list[int]:
        if self._line_ids is None:
            self._line_ids = await self.store.checkouts.line_ids(self.checkout.id)
        return self._line_ids

    async def payments(self) -> list[CheckoutPayment]:
        return await self.store.checkouts.payments([c.id for c in await self.charges()])

    @property
    def state(self) -> str:
        return self.checkout.state

    def may(self, state: str) -> bool:
        return state in TRANSITIONS[self.checkout.state]

    # ---------------------------------------------------------------- how it moves
    async def _move(self, state: str) -> None:
        if not self.may(state):
            raise MoveRefused(f"checkout {self.checkout.id}: {self.checkout.state} -> {state}")
        was, self.checkout.state = self.checkout.state, state
        if was in HOLDING and state not in HOLDING:
            await self.store.checkouts.release(self.checkout.id)

    async def _announce(self, event_class: type[Event], **fields) -> None:
        self._events.append(event_class(**lines_event(self.checkout, await self.line_ids()), **fields))

    async def open(self, lines: Sequence[tuple[int, Decimal]], charges: list[CheckoutCharge]) -> list[int]:
        """A new checkout is written holding `lines` (line id, amount), with its charges, and
        announced; LinesInCheckout when another checkout got one of the lines first. Answers its
        lines."""
        await self.store.checkouts.add(self.checkout)
        line_ids = sorted(line_id for line_id, _ in lines)
        if await self.store.checkouts.hold(self.checkout.id, list(lines)) != set(line_ids):
            raise LinesInCheckout()  # another phone's checkout got a line first: this one rolls back
        for charge in charges:
            charge.checkout_id = self.checkout.id
        await self.store.checkouts.add_charges(charges)
        self._charges, self._line_ids = charges, line_ids
        await self._announce(CheckoutOpened, amount=self.checkout.amount)
        return line_ids

    async def paid(self, payment_id: int) -> None:
        """Ordering paid its lines (its payment `payment_id`): done."""
        if self.checkout.state == OPEN:
            log.warning("checkout_paid_before_approved", checkout=self.checkout.id)
        await self._move(PAID)
        self.checkout.payment_id = payment_id

    async def end(self, reason: str) -> list[int]:
        """It ends without paying its lines (`reason`: cancelled, expired, refunded): its charges end
        with it, its lines go, and it is announced. Answers its lines."""
        if reason not in ENDED:
            raise MoveRefused(reason)
        await self._move(reason)
        self.checkout.ended_at = now()
        for charge in await self.charges():
            if charge.state == APPROVED:
                charge.state = REFUNDED  # its money went back (undo) before the checkout ended
            elif charge.state in (UNASSIGNED, PENDING, REJECTED):
                charge.state = reason if reason != REFUNDED else CANCELLED
        await self._announce(CheckoutClosed, reason=reason)
        log.info("checkout_closed", checkout=self.checkout.id, reason=reason)
        return await self.line_ids()

    # ---------------------------------------------------------------- its charges
    async def charge_rejected(self, charge: CheckoutCharge) -> None:
        """The provider rejected the charge's payment: the diner may try again."""
        if self.checkout.state == OPEN and charge.state in (PENDING, REJECTED):
            charge.state = REJECTED
            await self._announce(CheckoutRejected)

    def charge_waiting(self, charge: CheckoutCharge) -> None:
        """A payment of a rejected charge waits again: the diner tried again."""
        if self.checkout.state == OPEN and charge.state == REJECTED:
            charge.state = PENDING

    async def charge_approved(self, charge: CheckoutCharge, row: CheckoutPayment) -> None:
        """The charge is paid by `row` (what the marketplace kept of it with it); once every charge
        is, the checkout is approved and announced, so ordering pays its lines."""
        charge.state, charge.approved_at, charge.fee_retained = APPROVED, row.approved_at, row.application_fee
        if row.application_fee < charge.fee:
            # the ledger books the rest as owed; never a sale that escapes the fee
            log.warning("checkout_payment_fee_short", checkout=self.checkout.id, payment=row.provider_payment_id,
                        asked=str(charge.fee), retained=str(row.application_fee))
        charges = await self.charges()
        if self.checkout.state != OPEN or any(c.state != APPROVED for c in charges):
            return
        await self._move(APPROVED)
        self.checkout.approved_at = max(c.approved_at for c in charges)
        approved = [p for p in await self.payments() if p.status == "approved"]
        await self._announce(
            CheckoutApproved, amount=self.checkout.amount, tip=sum((c.tip for c in charges), ZERO),
            fee_retained=sum((c.fee_retained or ZERO for c in charges), ZERO), paid_at=self.checkout.approved_at,
            provider_payment_ids=[p.provider_payment_id for p in approved],
        )
        log.info("checkout_approved", checkout=self.checkout.id, amount=str(self.checkout.amount))

