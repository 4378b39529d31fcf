"""The application fee (spec part 2 §2 'Admin screens', §5): the admin sets each restaurant's
percent; a change applies to the sales paid from then on and is announced, so identity's admin
rows show it."""
from datetime import UTC, datetime
from decimal import Decimal

from billing import messages
from billing.fee.models import FeeChange
from billing.fee.schemas import FeePublic
from billing.ledger.rules import CENT, DEFAULT_FEE
from billing.store import Store
from contracts.billing import FeeChanged
from kit.errors import FieldErrors
from kit.i18n import Text
from kit.tokens import Principal

INHERITED = 0  # `changed_by` of the fee a new restaurant takes from its owner's others


def fee_problem(value: Decimal | None) -> Text | None:
    if value is None:
        return messages.FEE_REQUIRED
    if not Decimal(0) <= value <= Decimal(100):
        return messages.FEE_RANGE
    if value != value.quantize(CENT):
        return messages.FEE_DECIMALS
    return None


def public(restaurant_id: int, change: FeeChange | None) -> FeePublic:
    if change is None:
        return FeePublic(id=restaurant_id, application_fee=DEFAULT_FEE, effective_at=None)
    return FeePublic(id=restaurant_id, application_fee=change.application_fee, effective_at=change.effective_at)


async def current(store: Store, restaurant_id: int) -> FeePublic:
    await store.projections.ensure_known(restaurant_id)
    return public(restaurant_id, await store.fees.latest(restaurant_id))


async def change(store: Store, principal: Principal, restaurant_id: int, value: Decimal | None) -> FeePublic:
    await store.projections.ensure_known(restaurant_id)
    if problem := fee_problem(value):
        raise FieldErrors({"application_fee": [problem]})
    latest = await store.fees.latest(restaurant_id)
    percent = value.quantize(CENT)
    if public(restaurant_id, latest).application_fee == percent:
        return public(restaurant_id, latest)  # nothing changes: no row, no event
    row = FeeChange(restaurant_id=restaurant_id, application_fee=percent, effective_at=datetime.now(UTC), changed_by=principal.user_id)
    await store.fees.add(row)
    store.announce(FeeChanged(restaurant_id=restaurant_id, application_fee=percent, effective_at=row.effective_at))
    return public(restaurant_id, row)


async def inherit(store: Store, restaurant_id: int, owner_id: int, opened_at: datetime) -> None:
    """A new restaurant of an owner whose restaurants the admin set a fee for starts at that fee
    (the newest set), from its creation: the free month is the owner's, once, so opening another
    restaurant is no way back to the plan's default either. Once per restaurant: one that has a
    fee of its own keeps it."""
    if not owner_id or await store.fees.latest(restaurant_id) is not None:
        return
    newest = await store.fees.owners_newest(owner_id, other_than=restaurant_id)
    if newest is None:
        return
    await store.fees.add(FeeChange(restaurant_id=restaurant_id, application_fee=newest.application_fee, effective_at=opened_at,
                                   changed_by=INHERITED))
    store.announce(FeeChanged(restaurant_id=restaurant_id, application_fee=newest.application_fee, effective_at=opened_at))
