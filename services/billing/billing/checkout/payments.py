"""What the provider's payments do to a checkout, and how a checkout ends.

A payment is believed only as the provider answers `GET /v1/payments/{id}` with the seller's token
(a notification only says which payment to ask about). It is mapped to its charge by the
`external_reference` we gave the preference, and applied through the checkout's unit of work
(`change.CheckoutChange`: its row locked, so notifications of one checkout take turns). Each payment's status only moves forward (pending <
rejected < approved; cancelled, refunded and charged back are final): a notification repeated, or
one answered late with an older status, changes nothing.

- rejected: the charge is rejected (`billing.checkout.rejected`); the diner may try again.
- approved: the charge is paid; once every charge of the checkout is, it is approved
  (`billing.checkout.approved`, with what the marketplace retained and the tips) and ordering
  pays its lines. A payment approved for a checkout that already ended, for a charge another
  payment already paid, or of another amount or currency than the charge's, is given back at once
  (refunded): nobody pays twice or for nothing.
- The platform's fee is believed only from the charge's own preference: a payment made through
  another one (a preference the seller made with our reference, its own fee or none) pays the
  lines, since the diner paid the right amount, but the marketplace retained nothing for us, so
  the ledger books the whole fee the checkout asked as owed by the restaurant (`ledger.service`).

A checkout ends without paying its lines by staff cancelling it (its pending payments cancelled,
its approved shares refunded), by the expiry job (no approved or pending payment after
`mercadopago_checkout_minutes`), or by a refund after ordering refused it; each announces
`billing.checkout.closed` with its reason and lets the lines go.
"""
from datetime import UTC, datetime, timedelta
from decimal import Decimal, InvalidOperation
from functools import partial

import structlog

from billing.checkout.change import CheckoutChange
from billing.checkout.errors import SaleNotRecordedYet
from billing.checkout.models import APPROVED, ENDED, EXPIRED, PAID, REFUNDED, Checkout, CheckoutCharge, CheckoutPayment
from billing.ledger import service as ledger
from billing.ledger.rules import CENT, given_back
from billing.marketplace.accounts import LinkLost
from billing.marketplace.cipher import TokenUnreadable
from billing.marketplace.errors import MarketplaceNotConfigured, NotificationInvalid, ProviderError, ProviderUnreachable
from billing.marketplace.provider import Refused, Unreachable
from billing.marketplace.runtime import Marketplace
from billing.store import Store

log = structlog.get_logger()
ZERO = Decimal("0.00")
# How far a payment's status has gone: a status never moves back (final ones never move).
RANK = {"pending": 1, "in_process": 1, "authorized": 1, "in_mediation": 1, "rejected": 2, "approved": 3,
        "cancelled": 4, "refunded": 4, "charged_back": 4}
WAITING = ("pending", "in_process", "authorized")
CURRENCY = "ARS"  # every preference is made in pesos
EXPIRY_BATCH = 100


def now() -> datetime:
    return datetime.now(UTC)


def _amount(value) -> Decimal:
    try:
        return Decimal(str(value)).quantize(CENT)
    except (InvalidOperation, TypeError, ValueError):
        return ZERO


def _moment(value) -> datetime | None:
    try:
        return datetime.fromisoformat(str(value)) if value else None
    except ValueError:
        return None


def application_fee(payment: dict) -> Decimal:
    """What the marketplace kept of the payment, as the provider's fee details say."""
    return sum((_amount(fee.get("amount")) for fee in payment.get("fee_details") or []
                if isinstance(fee, dict) and fee.get("type") == "application_fee"), ZERO)


async def at_provider(call):
    """A provider call inside a request or a notification: its failures as the caller's errors."""
    try:
        return await call
    except Unreachable:
        raise ProviderUnreachable()
    except Refused:
        raise ProviderError()
    except TokenUnreadable:
        log.error("marketplace_token_unreadable")
        raise MarketplaceNotConfigured()


# ------------------------------------------------------------------------------- notifications
async def on_payment_notification(store: Store, marketplace: Marketplace, notification: dict, data_id: str) -> None:
    """`payment` notifications (`payment.created` / `payment.updated`): `data.id` the payment,
    `user_id` the seller. Confirmed with the provider before anything changes; a provider that
    cannot answer now gets a 502, so it sends the notification again."""
    if not data_id.isdigit():
        raise NotificationInvalid()
    try:
        account_id = int(notification.get("user_id"))
    except (TypeError, ValueError):
        raise NotificationInvalid()
    if await store.links.account(account_id) is None:
        log.info("checkout_payment_ignored", reason="account_not_linked", account=account_id, payment=data_id)
        return
    payment = await sellers_record(store, marketplace, account_id, lambda token: marketplace.api.payment(token, data_id))
    if payment is None:
        log.info("checkout_payment_ignored", reason="not_the_sellers", account=account_id, payment=data_id)
        return
    await apply_payment(store, marketplace, payment)


async def sellers_record(store: Store, marketplace: Marketplace, account_id: int, request) -> dict | None:
    """A read on the seller's behalf while a notification is applied: None when the provider has no
    such record of this seller's (404) or our link to the seller is gone; a provider that cannot
    answer now is a 502, so it sends the notification again."""
    try:
        return await marketplace.accounts.call(store.session, account_id, request)
    except LinkLost:
        return None
    except Refused as refused:
        if refused.status == 404:
            return None
        raise ProviderError()
    except Unreachable:
        raise ProviderUnreachable()
    except TokenUnreadable:
        log.error("marketplace_token_unreadable", account=account_id)
        raise MarketplaceNotConfigured()


async def preference_paid(store: Store, marketplace: Marketplace, account_id: int, payment: dict) -> str | None:
    """The preference a payment was made through. A payment names its merchant order, not its
    preference, so the order is asked; None when the provider knows no such order of the seller."""
    order_id = str((payment.get("order") or {}).get("id") or "")
    if not order_id.isdigit():
        return None
    order = await sellers_record(store, marketplace, account_id, lambda token: marketplace.api.merchant_order(token, order_id))
    return str((order or {}).get("preference_id") or "") or None


def fee_kept(charge: CheckoutCharge, payment: dict, preference_id: str | None) -> Decimal:
    """What the marketplace retained for the platform on this payment: its application fee when it
    was made through the charge's own preference, else nothing (another preference's fee, if any,
    went to whoever made it)."""
    if not charge.preference_id or preference_id != charge.preference_id:
        return ZERO
    return application_fee(payment)


async def apply_payment(store: Store, marketplace: Marketplace, payment: dict) -> None:
    """A payment as the provider answered it, applied to its charge (at most once per status)."""
    reference = str(payment.get("external_reference") or "")
    found = await store.checkouts.charge_by_reference(reference) if reference else None
    if found is None:
        log.info("checkout_payment_ignored", reason="unknown_reference", payment=payment.get("id"))
        return
    account_id = (await store.checkouts.checkout(found.checkout_id)).account_id
    if str(payment.get("collector_id")) != str(account_id):
        log.warning("checkout_payment_ignored", reason="another_collector", payment=payment.get("id"), checkout=found.checkout_id)
        return
    # asked before the checkout is locked: its other notifications wait for no provider answer
    preference_id = await preference_paid(store, marketplace, account_id, payment) if payment.get("status") == "approved" else None
    async with CheckoutChange.locking(store, found.checkout_id) as change:
        charge = next(c for c in await change.charges() if c.id == found.id)
        payment_id, status = str(payment.get("id")), str(payment.get("status"))
        row = await store.checkouts.payment(payment_id)
        if row is not None and row.charge_id == charge.id and row.undone == "":
            await _given_back_after_the_sale(store, change.checkout, charge, row, payment)
        if row is not None and (row.charge_id != charge.id or RANK.get(status, 0) <= RANK.get(row.status, 0)):
            return  # seen already at this status or a later one: a repeat, or an older answer arriving late
        if row is None:
            if RANK.get(status, 0) == 0:
                return
            row = CheckoutPayment(provider_payment_id=payment_id, charge_id=charge.id, status=status)
            store.checkouts.add_payment(row)
        at = now()
        row.status, row.updated_at = status, at
        row.amount = _amount(payment.get("transaction_amount"))
        if status == "approved":
            row.application_fee = fee_kept(charge, payment, preference_id)
        row.approved_at = _moment(payment.get("date_approved")) or (at if status == "approved" else None)
        await store.checkouts.flush()
        log.info("checkout_payment", checkout=change.checkout.id, charge=charge.id, payment=payment_id, status=status)

        if status == "approved":
            await _approved(store, marketplace, change, charge, row, str(payment.get("currency_id") or ""))
        elif status == "rejected":
            await change.charge_rejected(charge)
        elif status in WAITING:
            change.charge_waiting(charge)  # tried again: waiting for the new payment


def _given_back(payment: dict) -> Decimal:
    """What the provider says went back to the payer: a chargeback takes it all."""
    if payment.get("status") == "charged_back":
        return _amount(payment.get("transaction_amount"))
    return _amount(payment.get("transaction_amount_refunded"))


async def _given_back_after_the_sale(store: Store, checkout: Checkout, charge: CheckoutCharge,
                                     row: CheckoutPayment, payment: dict) -> None:
    """A payment of ours given back at the provider (the seller's refund, whole or in part, or a
    chargeback) after it paid the lines: the ledger gives back the sale, the tip and the
    commission in proportion, so every figure follows the money actually kept. Until ordering's
    payment is a sale here there is nothing to give back from: the provider is asked to send the
    notification again (503)."""
    given = min(_given_back(payment), row.amount)
    if given <= row.refunded:
        return
    if checkout.state == APPROVED:
        log.warning("checkout_refund_before_sale", checkout=checkout.id, payment=row.provider_payment_id)
        raise SaleNotRecordedYet()
    if checkout.state != PAID:
        # given back before its checkout was whole (a share the seller refunded): no sale to give back from
        log.error("checkout_payment_given_back_before_approval", checkout=checkout.id, payment=row.provider_payment_id)
        return
    owed = max(charge.fee - (charge.fee_retained or ZERO), ZERO)
    parts = partial(given_back, paid=row.amount, tip=charge.tip, retained=charge.fee_retained or ZERO, owed=owed)
    await ledger.refund(store, checkout.restaurant_id, checkout.payment_id, parts(row.refunded), parts(given), now())
    log.warning("checkout_payment_given_back_after_sale", checkout=checkout.id, payment=row.provider_payment_id,
                given=str(given), before=str(row.refunded))
    row.refunded = given


async def _approved(store: Store, marketplace: Marketplace, change: CheckoutChange, charge: CheckoutCharge,
                    row: CheckoutPayment, currency: str) -> None:
    checkout = change.checkout
    if row.amount != charge.amount + charge.tip or currency != CURRENCY:
        log.error("checkout_payment_amount_mismatch", checkout=checkout.id, payment=row.provider_payment_id,
                  paid=str(row.amount), currency=currency, expected=str(charge.amount + charge.tip))
        await undo(store, marketplace, checkout, row, "mismatch")
        return
    if checkout.state in ENDED:
        await undo(store, marketplace, checkout, row, "late")  # the checkout ended: its money goes back
        return
    if charge.state == APPROVED:
        await undo(store, marketplace, checkout, row, "twice")  # another payment paid this charge
        return
    await change.charge_approved(charge, row)


# ------------------------------------------------------------------------------- giving money back
async def undo(store: Store, marketplace: Marketplace, checkout: Checkout, row: CheckoutPayment, why: str) -> str:
    """Give a payment back at the provider: cancelled while it waits, refunded once approved. Its
    status is asked first, so doing it again (a retry after a timeout) does nothing twice. Answers
    the payment's status now. A provider that does not answer raises (nothing here is committed)."""
    payment_id = row.provider_payment_id

    async def call(request):
        try:
            return await marketplace.accounts.call(store.session, checkout.account_id, request)
        except LinkLost:
            raise ProviderError()  # no tokens to act with: the seller must give it back themselves

    current = await at_provider(call(lambda token: marketplace.api.payment(token, payment_id)))
    status = str(current.get("status"))
    if status in WAITING:
        status = str((await at_provider(call(lambda token: marketplace.api.cancel_payment(token, payment_id)))).get("status")
                     or "cancelled")
    elif status == "approved":
        await at_provider(call(lambda token: marketplace.api.refund(token, payment_id)))
        status = "refunded"
    if RANK.get(status, 0) >= RANK.get(row.status, 0):
        row.status = status
    row.undone, row.updated_at = why, now()
    log.info("checkout_payment_undone", checkout=checkout.id, payment=payment_id, why=why, status=status)
    return status


async def give_back(marketplace: Marketplace, change: CheckoutChange, why: str) -> tuple[list[str], list[str]]:
    """Every payment of the checkout that waits is cancelled and every approved one refunded;
    answers (refunded, cancelled) payment ids."""
    refunded, cancelled = [], []
    for row in await change.payments():
        if row.status in WAITING or row.status == "approved":
            was = row.status
            status = await undo(change.store, marketplace, change.checkout, row, why)
            if status == "refunded" and was == "approved":
                refunded.append(row.provider_payment_id)
            elif status == "cancelled":
                cancelled.append(row.provider_payment_id)
    return refunded, cancelled


async def refund_refused(store: Store, marketplace: Marketplace, checkout_id: int, restaurant_id: int) -> bool:
    """Ordering could not pay an approved checkout: every payment goes back, it ends `refunded`, and
    no sale is recorded. True when it was refunded now (False: unknown, or done before)."""
    async with CheckoutChange.locking(store, checkout_id, restaurant_id) as change:
        if change is None:
            log.warning("checkout_refused_unknown", checkout=checkout_id)
            return False
        if not change.may(REFUNDED):
            if change.state == PAID:
                log.error("checkout_refused_after_paid", checkout=checkout_id)
            return False
        await give_back(marketplace, change, "refused")
        await change.end(REFUNDED)
        return True


# ------------------------------------------------------------------------------- the expiry job
async def expire_due(checkouts) -> int:
    """One round: open checkouts past `mercadopago_checkout_minutes` with no approved or waiting
    payment end `expired`. Answers how many."""
    before = now() - timedelta(minutes=checkouts.settings.mercadopago_checkout_minutes)
    ended = 0
    async with checkouts.background_factory() as session, session.begin():
        store = Store(session)
        for checkout in await store.checkouts.expired(before, EXPIRY_BATCH):  # locked
            async with CheckoutChange(store, checkout) as change:
                charges = await change.charges()
                if any(c.state == APPROVED for c in charges) or any(p.status in WAITING for p in await change.payments()):
                    continue
                await change.end(EXPIRED)
                ended += 1
    if ended:
        checkouts.wake_relay()
    return ended
