"""Online checkout (issue 22; spec part 2 §4 'Payment', §7 'Cancel marketplace payment').

A diner's phone at a table ('Pay': the whole tab, their own lines, or an equal share among N), or
staff for a delivery order, opens a checkout of the lines payable now, read from ordering over
HTTP with the caller's own credential. The checkout holds its lines (no other checkout may, until
it ends) and has one charge, or one per share, each a checkout preference at the provider made
with the seller's token when a phone asks for it, with the marketplace fee of `rules.py`.

Everything of one call happens in its request's transaction: the checkout, its lines, its charges
and `billing.checkout.opened` are written, then the preference is made at the provider; if the
provider fails (or another phone holds a line), the transaction rolls back and nothing is left
(a preference the provider made for a transaction that then failed has no link anyone got, and a
payment of it would find no charge). A retry with the same Idempotency-Key answers the same.
"""
import asyncio
import hashlib
import json
import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime

import structlog

from billing import messages
from billing.checkout import ordering, rules
from billing.checkout.change import CheckoutChange
from billing.checkout.errors import (
    CheckoutAlreadyApproved, CheckoutNotOpen, IdempotencyKeyInvalid, IdempotencyKeyReused, LinesInCheckout,
    MarketplaceNotLinked, NoShareLeft, NothingToPay, OrderingUnavailable, PlaceTokenInvalid, ShareTooSmall, TipInvalid,
    TipsOff,
)
from billing.checkout.models import APPROVED, CANCELLED, OPEN, PENDING, REJECTED, UNASSIGNED, Checkout, CheckoutCharge
from billing.checkout.payments import apply_payment, at_provider, give_back
from billing.checkout.rules import Line
from billing.checkout.runtime import Checkouts
from billing.checkout.schemas import (
    ChargePublic, ChargeState, CheckoutCancelled, DeliveryCheckoutCreate, OpenCheckout, Share, ShareCreate,
    TableCheckoutCreate, TablePayState, Tip,
)
from billing.marketplace.accounts import LinkLost
from billing.marketplace.cipher import TokenUnreadable
from billing.marketplace.errors import MarketplaceNotConfigured
from billing.marketplace.provider import ProviderFailure
from billing.store import Store
from kit.errors import AppError, FieldErrors, NotFound, PermissionDenied
from kit.messages import FIELD_REQUIRED
from kit.tokens import Principal

log = structlog.get_logger()
KEY_MIN, KEY_MAX = 8, 100


def now() -> datetime:
    return datetime.now(UTC)


# ------------------------------------------------------------------------------- shared steps
def check_key(key: str | None) -> str:
    if key is None or not KEY_MIN <= len(key) <= KEY_MAX:
        raise IdempotencyKeyInvalid()
    return key


def digest(kind: str, body: dict) -> str:
    return hashlib.sha256(json.dumps({"kind": kind, **body}, sort_keys=True, default=str).encode()).hexdigest()


async def replayed(store: Store, key: str, request_hash: str) -> ChargePublic | None:
    """The answer an earlier request with this key got; None when the key is new (it is ours now)."""
    earlier = await store.checkouts.claim_key(key, request_hash)
    if earlier is None:
        return None
    if earlier.request_hash != request_hash or earlier.charge_id is None:
        raise IdempotencyKeyReused()
    return await charge_public(store, await store.checkouts.charge(earlier.charge_id))


async def both(tab, replay) -> tuple[ordering.Tab | None, ChargePublic | None]:
    """Ordering's tab read while the Idempotency-Key is taken (one round trip fewer). Both finish
    before either's failure is raised (the session must be idle before the request rolls back); a
    retry's earlier answer wins even when ordering cannot answer now."""
    tab, answer = await asyncio.gather(tab, replay, return_exceptions=True)
    if isinstance(answer, BaseException):
        raise answer
    if answer is None and isinstance(tab, BaseException):
        raise tab
    return (None if isinstance(tab, BaseException) else tab), answer


# floor's place tokens are URL-safe base64 (`secrets.token_urlsafe`): anything else is no token,
# answered as ordering answers an unknown one without asking it ('.' or '..' would be a path step)
PLACE_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,200}")


async def read_tab(checkouts: Checkouts, token: str) -> ordering.Tab:
    if not PLACE_TOKEN.fullmatch(token):
        raise PlaceTokenInvalid()
    try:
        return await checkouts.ordering.tab(token)
    except (ordering.NotFoundAtOrdering, ordering.RefusedByOrdering):
        raise PlaceTokenInvalid()
    except ordering.OrderingUnavailable:
        raise OrderingUnavailable()


def tip_of(amount, tip: Tip):
    try:
        return rules.tip(amount, tip.tip_percent, tip.tip_amount)
    except rules.TipInvalid:
        raise TipInvalid()


def wants_tip(tip: Tip) -> bool:
    return tip.tip_percent is not None or tip.tip_amount is not None


@dataclass(frozen=True)
class Seller:
    """The restaurant as a checkout needs it: its marketplace account and what identity told."""

    account_id: int
    opened_at: datetime | None
    tips: bool


async def restaurant(store: Store, checkouts: Checkouts, restaurant_id: int, tip: Tip | None = None) -> Seller:
    """The restaurant's seller (it must be linked); a tip only where it takes tips."""
    checkouts.marketplace.ensure_configured()
    link = await store.links.link_of(restaurant_id)
    if link is None:
        raise MarketplaceNotLinked()
    facts = await store.projections.restaurant_facts(restaurant_id)
    opened_at = (await store.projections.openings([restaurant_id])).get(restaurant_id)
    seller = Seller(link.account_id, opened_at, bool(facts and facts.tips))
    if tip is not None and wants_tip(tip):
        if tip.tip_percent is not None and tip.tip_amount is not None:
            raise TipInvalid()
        if not seller.tips:
            raise TipsOff()
    return seller


async def acting_for(store: Store, checkouts: Checkouts, seller: Seller):
    """The seller's token, read now, for provider calls made while the session does other work."""
    try:
        return await checkouts.marketplace.accounts.acting_for(store.session, seller.account_id)
    except LinkLost:
        raise MarketplaceNotLinked()  # the provider would not renew the seller's tokens: unlinked just now
    except TokenUnreadable:
        log.error("marketplace_token_unreadable", account=seller.account_id)
        raise MarketplaceNotConfigured()


async def make_preference(checkouts: Checkouts, seller_call, preference: dict) -> dict:
    try:
        return await at_provider(seller_call(lambda token: checkouts.marketplace.api.create_preference(token, preference)))
    except LinkLost:
        raise MarketplaceNotLinked()


async def side_by_side(provider, database):
    """The provider's call and the database's writes at once (the request's time is the longer of
    the two, not their sum). Both finish before a failure is raised, the database's first: a
    preference made for writes that failed is never handed to anyone."""
    made, written = await asyncio.gather(provider, database, return_exceptions=True)
    for outcome in (written, made):
        if isinstance(outcome, BaseException):
            raise outcome
    return made, written


def hand_out(charge: CheckoutCharge, tip) -> None:
    """The charge is this phone's now, with its tip and an unguessable reference."""
    charge.tip, charge.reference = tip, secrets.token_urlsafe(32)
    charge.state, charge.handed_out_at = PENDING, now()


def preference(checkouts: Checkouts, shares: int, charge: CheckoutCharge, lines: list[Line], place: str) -> dict:
    """The checkout preference of a charge: what the provider's page lists (the dishes of a single
    charge, or the share; the tip), the platform's fee, where the diner comes back, where the
    provider tells us, and our reference."""
    def item(title: str, quantity: int, price) -> dict:
        return {"title": title[:250] or "-", "quantity": quantity, "unit_price": float(price), "currency_id": "ARS"}

    if shares == 1 and all(l.unit_price == l.unit_price.quantize(rules.CENT) for l in lines):
        listed = [item(l.title, l.quantity, l.unit_price) for l in lines if l.unit_price > 0]
    else:
        listed = [item(messages.CHECKOUT_SHARE_ITEM.render(place=place, n=charge.share, of=shares), 1, charge.amount)]
    if charge.tip > 0:
        listed.append(item(messages.CHECKOUT_TIP_ITEM.render(), 1, charge.tip))
    return {"items": listed, "external_reference": charge.reference, "marketplace_fee": float(charge.fee),
            "back_urls": checkouts.back_urls, "auto_return": "approved", "notification_url": checkouts.notification_url}


def made_at_provider(charge: CheckoutCharge, made: dict) -> None:
    charge.preference_id, charge.init_point = str(made.get("id") or ""), str(made.get("init_point") or "")


async def open_checkout(store: Store, checkouts: Checkouts, restaurant_id: int, seller: Seller, lines: list[Line],
                        mode: str, tip: Tip | None = None, shares: int = 1, place_id: int | None = None,
                        delivery_id: int | None = None, place: str = "") -> ChargePublic:
    """A checkout holding `lines`, with its charges, announced; its first charge handed out and
    made at the provider (at the same time as the checkout is written)."""
    amount = rules.total(lines)
    if amount <= 0:
        raise NothingToPay()
    at = now()
    percent = rules.fee_percent((await store.fees.histories([restaurant_id])).get(restaurant_id, ()), seller.opened_at, at)
    plans = rules.plan(amount, percent, shares)
    if any(p.amount <= 0 for p in plans):
        raise ShareTooSmall()
    charges = [CheckoutCharge(share=p.share, amount=p.amount, fee=p.fee, tip=rules.ZERO, state=UNASSIGNED) for p in plans]
    first = charges[0]
    hand_out(first, tip_of(first.amount, tip) if tip is not None else rules.ZERO)
    seller_call = await acting_for(store, checkouts, seller)
    checkout = Checkout(restaurant_id=restaurant_id, place_id=place_id, delivery_id=delivery_id, mode=mode, shares=shares,
                        amount=amount, fee_percent=percent, fee=sum((p.fee for p in plans), rules.ZERO),
                        account_id=seller.account_id, state=OPEN, created_at=at)
    async with CheckoutChange(store, checkout) as change:
        made, line_ids = await side_by_side(
            make_preference(checkouts, seller_call, preference(checkouts, shares, first, lines, place)),
            change.open([(l.line_id, l.amount) for l in lines], charges))
    made_at_provider(first, made)
    log.info("checkout_opened", checkout=checkout.id, restaurant=restaurant_id, mode=mode, amount=str(amount), shares=shares)
    return public(checkout, first, line_ids)


def public(checkout: Checkout, charge: CheckoutCharge, line_ids: list[int]) -> ChargePublic:
    return ChargePublic(
        checkout=checkout.id, charge=charge.id, init_point=charge.init_point or "", amount=charge.amount, tip=charge.tip,
        total=charge.amount + charge.tip, marketplace_fee=charge.fee,
        share=Share(n=charge.share, of=checkout.shares) if checkout.shares > 1 else None, lines=line_ids,
    )


async def charge_public(store: Store, charge: CheckoutCharge) -> ChargePublic:
    return public(await store.checkouts.checkout(charge.checkout_id), charge, await store.checkouts.line_ids(charge.checkout_id))


# ------------------------------------------------------------------------------- a table
async def pay_table(store: Store, checkouts: Checkouts, data: TableCheckoutCreate, key: str | None) -> ChargePublic:
    """A diner's 'Pay': a checkout of the table's payable lines (all, theirs, or in equal shares),
    and the first charge's link."""
    key = check_key(key)
    if data.mode == "mine" and not data.orders:
        raise FieldErrors({"orders": [FIELD_REQUIRED]})
    if data.mode == "share" and data.shares is None:
        raise FieldErrors({"shares": [FIELD_REQUIRED]})
    tab, answer = await both(read_tab(checkouts, data.t), replayed(store, key, digest("table", data.model_dump(mode="json"))))
    if answer is not None:
        return answer
    seller = await restaurant(store, checkouts, tab.restaurant_id, data)
    selection = rules.select_lines(tab.lines, await store.checkouts.held_elsewhere([l.line_id for l in tab.lines]),
                                   data.orders if data.mode == "mine" else None)
    if not selection.lines:
        raise LinesInCheckout() if selection.held else NothingToPay()
    answer = await open_checkout(store, checkouts, tab.restaurant_id, seller, selection.lines, data.mode, tip=data,
                                 shares=data.shares if data.mode == "share" else 1, place_id=tab.place_id, place=tab.place_name)
    await store.checkouts.settle_key(key, answer.charge)
    return answer


async def pay_share(store: Store, checkouts: Checkouts, checkout_id: int, data: ShareCreate,
                    key: str | None) -> ChargePublic:
    """The next share of an equal split at the token's table, for another phone."""
    key = check_key(key)
    tab, answer = await both(read_tab(checkouts, data.t),
                             replayed(store, key, digest("share", {"checkout": checkout_id, **data.model_dump(mode="json")})))
    if answer is not None:
        return answer
    async with CheckoutChange.locking(store, checkout_id) as change:
        if (change is None or change.checkout.place_id != tab.place_id or change.checkout.mode != "share"
                or not of_this_sitting(await change.line_ids(), tab)):
            raise NotFound()  # another table's checkout, or an earlier sitting's, looks exactly like a missing one
        checkout = change.checkout
        if checkout.state != OPEN:
            raise CheckoutNotOpen()
        seller = await restaurant(store, checkouts, checkout.restaurant_id, data)
        charge = await store.checkouts.next_unassigned(checkout.id)
        if charge is None:
            raise NoShareLeft()
        hand_out(charge, tip_of(charge.amount, data))
        seller_call = await acting_for(store, checkouts, Seller(checkout.account_id, seller.opened_at, seller.tips))
        made_at_provider(charge, await make_preference(checkouts, seller_call,
                                                       preference(checkouts, checkout.shares, charge, [], tab.place_name)))
        await store.checkouts.flush()
        await store.checkouts.settle_key(key, charge.id)
        return public(checkout, charge, await change.line_ids())


def of_this_sitting(line_ids: list[int], tab: ordering.Tab) -> bool:
    """A checkout belongs to the sitting it was opened in: its lines are on the table's tab now.
    Once staff free the table (or its tab closes) they leave it, so the next diners see nothing of
    the previous group's checkout and can take no share of it; staff still see its lines."""
    on_tab = {line.line_id for line in tab.lines}
    return bool(line_ids) and all(line_id in on_tab for line_id in line_ids)


async def open_at_table(store: Store, checkouts: Checkouts, token: str) -> TablePayState:
    """Whether the table may pay online (linked, tips) and this sitting's checkouts under way (open
    or approved)."""
    tab = await read_tab(checkouts, token)
    held = await store.checkouts.holding_at(tab.place_id)
    lines = await store.checkouts.lines_of([c.id for c in held])
    found = [c for c in held if of_this_sitting(lines[c.id], tab)]
    charges = await store.checkouts.charges_of([c.id for c in found])
    facts = await store.projections.restaurant_facts(tab.restaurant_id)
    return TablePayState(
        linked=await store.links.link_of(tab.restaurant_id) is not None,
        tips=bool(facts and facts.tips),
        checkouts=[OpenCheckout(
            checkout=c.id, mode=c.mode, shares=c.shares, shares_paid=sum(ch.state == APPROVED for ch in charges[c.id]),
            shares_taken=sum(ch.handed_out_at is not None for ch in charges[c.id]), amount=c.amount, state=c.state,
            lines=lines[c.id], created_at=c.created_at,
        ) for c in found if c.mode != "delivery"],
    )


# ------------------------------------------------------------------------------- a delivery order
async def pay_delivery(store: Store, checkouts: Checkouts, principal: Principal, authorization: str,
                       data: DeliveryCheckoutCreate, key: str | None) -> ChargePublic:
    """Staff's link for a delivery order (to copy, or send by WhatsApp)."""
    key = check_key(key)
    if (answer := await replayed(store, key, digest("delivery", {"by": principal.user_id, **data.model_dump(mode="json")}))) is not None:
        return answer
    try:
        found = await checkouts.ordering.delivery_lines(data.fk_delivery, authorization)
    except ordering.NotFoundAtOrdering:
        raise NotFound()
    except ordering.RefusedByOrdering as refused:
        if refused.status == 403:
            raise PermissionDenied()
        raise NotFound()
    except ordering.OrderingUnavailable:
        raise OrderingUnavailable()
    if found.restaurant_id is None:
        raise NothingToPay()
    await store.projections.ensure_restaurant(principal, found.restaurant_id)
    seller = await restaurant(store, checkouts, found.restaurant_id)
    selection = rules.select_lines(found.lines, await store.checkouts.held_elsewhere([l.line_id for l in found.lines]))
    if not selection.lines:
        raise LinesInCheckout() if selection.held else NothingToPay()
    answer = await open_checkout(store, checkouts, found.restaurant_id, seller, selection.lines, "delivery",
                                 delivery_id=data.fk_delivery, place=messages.CHECKOUT_DELIVERY_PLACE.render(number=data.fk_delivery))
    await store.checkouts.settle_key(key, answer.charge)
    return answer


# ------------------------------------------------------------------------------- results and cancel
STATE_OF_CHARGE = {"unassigned": "pending", "pending": "pending", "rejected": "rejected", "approved": "approved",
                   "cancelled": "cancelled", "expired": "expired", "refunded": "refunded"}


async def charge_state(store: Store, checkouts: Checkouts, reference: str,
                       payment_id: str | None = None) -> ChargeState:
    """What became of a charge, by its (unguessable) reference: the /pago/* pages. With the
    `payment_id` the provider sent the diner back with, a charge still waiting is first confirmed
    with the provider (as its notification would be), so the page need not wait for it."""
    charge = await store.checkouts.charge_by_reference(reference) if reference else None
    if charge is None:
        raise NotFound()
    checkout = await store.checkouts.checkout(charge.checkout_id)
    if (payment_id and payment_id.isdigit() and charge.state in (PENDING, REJECTED) and checkout.state == OPEN
            and await checkouts.may_ask_provider(charge.id, payment_id)):
        await confirm(store, checkouts, checkout, reference, payment_id)
        charge = await store.checkouts.charge_by_reference(reference)
        checkout = await store.checkouts.checkout(charge.checkout_id)
    facts = await store.projections.restaurant_facts(checkout.restaurant_id)
    return ChargeState(
        state=STATE_OF_CHARGE[charge.state], amount=charge.amount, tip=charge.tip, total=charge.amount + charge.tip,
        fk_sit=checkout.place_id, fk_delivery=checkout.delivery_id, fk_resto=checkout.restaurant_id,
        restaurant=facts.nombre_local if facts else "", checkout=checkout.id,
        share=Share(n=charge.share, of=checkout.shares) if checkout.shares > 1 else None,
    )


async def confirm(store: Store, checkouts: Checkouts, checkout: Checkout, reference: str, payment_id: str) -> None:
    """Ask the provider for a payment of this charge and apply it; if the provider cannot say now,
    the page shows what is known (its notification will come)."""
    marketplace = checkouts.marketplace
    try:
        seller_call = await marketplace.accounts.acting_for(store.session, checkout.account_id)
        payment = await seller_call(lambda token: marketplace.api.payment(token, payment_id))
    except (LinkLost, ProviderFailure, TokenUnreadable):
        return
    if str(payment.get("external_reference") or "") != reference:
        return  # another charge's payment: this page's reference decides
    try:
        async with store.savepoint():
            await apply_payment(store, marketplace, payment)
    except AppError:
        log.info("checkout_state_not_confirmed", checkout=checkout.id, payment=payment_id)


async def cancel(store: Store, checkouts: Checkouts, principal: Principal, line_id: int) -> CheckoutCancelled:
    """Staff cancel the checkout holding a line, so the table can pay another way: its waiting
    payments are cancelled and its approved shares refunded at the provider, then it ends. A
    provider that does not answer leaves it as it was (502); cancelling again finishes the job."""
    async with CheckoutChange.holding(store, line_id) as change:
        if change is None:
            raise NotFound()
        await store.projections.ensure_restaurant(principal, change.checkout.restaurant_id)
        if not change.may(CANCELLED):
            raise CheckoutAlreadyApproved()
        refunded, cancelled = await give_back(checkouts.marketplace, change, "cancelled")
        lines = await change.end(CANCELLED)
        return CheckoutCancelled(checkout=change.checkout.id, state="cancelled", lines=lines, refunded=refunded,
                                 cancelled=cancelled)
