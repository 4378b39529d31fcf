from typing import Annotated

from fastapi import APIRouter, Header, Query, Request

from billing.checkout import limits, service
from billing.checkout.runtime import CheckoutsDep
from billing.checkout.schemas import (
    ChargePublic, ChargeState, CheckoutCancelled, DeliveryCheckoutCreate, PlaceToken, ShareCreate, TableCheckoutCreate,
    TablePayState,
)
from billing.store import StoreDep
from kit.auth import Staff
from kit.pagination import DbId

router = APIRouter(prefix="/api/pagar-orden", tags=["checkout"])

IdempotencyKey = Annotated[str | None, Header(max_length=300, description="one per tap on 'Pay': 8 to 100 characters; "
                                                                         "the same key and body again answer the same")]
REFUSALS = (" Refusals are `{detail, code}`: `idempotency_key_invalid` (400), `idempotency_key_reused` (409), "
            "`too_many_requests` (429, anonymous calls over their per-minute limits), "
            "`nothing_to_pay` (400), `lines_in_checkout` (409), `marketplace_not_linked` (409), `tips_off` (400), "
            "`tip_invalid` (400), `provider_unreachable` / `provider_error` (502: nothing was left open), "
            "`ordering_unavailable` (503), `marketplace_not_configured` (503).")
TABLE = (
    "Anonymous, with the table's QR token: a checkout of the table's payable lines (accepted or "
    "delivered, unpaid, in no other checkout): `tab` all of them, `mine` those of `orders`, `share` all "
    "of them in `shares` equal parts (this call gets the first; other phones ask for the next with "
    "`mesa/{checkout}/parte/`). Send the diner to `init_point`. 404 `place_token_invalid` for an unknown "
    "token."
    + REFUSALS
)
SHARE = (
    "Anonymous, with the table's QR token: the next share of the table's equal split (with this phone's "
    "tip). 404 for another table's checkout; 409 `no_share_left`, `checkout_closed`."
    + REFUSALS
)
DELIVERY = (
    "Staff of the delivery order's restaurant: a checkout of its payable lines; `init_point` is the link "
    "to copy or send by WhatsApp. Another restaurant's order is not found (404)."
    + REFUSALS
)


@router.post("/mercadopago/mesa/", status_code=201, response_model=ChargePublic, operation_id="payTableOnline",
             description=TABLE)
async def pay_table(data: TableCheckoutCreate, request: Request, store: StoreDep, checkouts: CheckoutsDep,
                    idempotency_key: IdempotencyKey = None):
    await limits.anonymous(request, table=data.t)
    return await service.pay_table(store, checkouts, data, idempotency_key)


@router.get("/mercadopago/mesa/", response_model=TablePayState, operation_id="listTableCheckouts")
async def table_checkouts(t: Annotated[PlaceToken, Query()], request: Request, store: StoreDep, checkouts: CheckoutsDep):
    """Anonymous, with the table's QR token: whether it may pay online (`linked`) and tip (`tips`),
    and its checkouts under way, so other phones can pay a share (`shares_taken < shares`) or see
    what is pending."""
    await limits.anonymous(request, table=t)
    return await service.open_at_table(store, checkouts, t)


@router.post("/mercadopago/mesa/{checkout_id}/parte/", status_code=201, response_model=ChargePublic,
             operation_id="payTableShareOnline",
             description=SHARE)
async def pay_share(checkout_id: DbId, data: ShareCreate, request: Request, store: StoreDep, checkouts: CheckoutsDep,
                    idempotency_key: IdempotencyKey = None):
    await limits.anonymous(request, table=data.t, charge=f"checkout:{checkout_id}")
    return await service.pay_share(store, checkouts, checkout_id, data, idempotency_key)


@router.post("/mercadopago/delivery/", status_code=201, response_model=ChargePublic, operation_id="payDeliveryOnline",
             description=DELIVERY)
async def pay_delivery(data: DeliveryCheckoutCreate, principal: Staff, request: Request, store: StoreDep,
                       checkouts: CheckoutsDep, idempotency_key: IdempotencyKey = None):
    return await service.pay_delivery(store, checkouts, principal, request.headers.get("authorization", ""), data,
                                      idempotency_key)


@router.get("/mercadopago/estado/", response_model=ChargeState, operation_id="getOnlinePaymentState")
async def payment_state(
    ref: Annotated[str, Query(min_length=1, max_length=64, description="the external_reference the provider sent back")],
    request: Request,
    store: StoreDep,
    checkouts: CheckoutsDep,
    payment_id: Annotated[str | None, Query(max_length=30, description="the payment_id the provider sent back, if any: "
                                            "a payment still pending here is confirmed with the provider first")] = None,
):
    """Anonymous (the reference is unguessable): what became of a payment, for /pago/success,
    /pago/pending and /pago/fail."""
    await limits.anonymous(request, charge=ref)
    return await service.charge_state(store, checkouts, ref, payment_id)


@router.post("/{line_id}/cancelar-mercadopago/", response_model=CheckoutCancelled, operation_id="cancelOnlinePayment")
async def cancel(line_id: DbId, principal: Staff, store: StoreDep, checkouts: CheckoutsDep):
    """Staff of the line's restaurant, after asking: the online payment holding the line ends
    (pending payments cancelled, approved shares refunded at the provider), so the table can pay
    another way. 404 when no payment under way holds the line (or it is another restaurant's);
    409 `checkout_approved` once the provider approved it all; 502 when the provider does not
    answer (nothing changed here; send it again)."""
    return await service.cancel(store, checkouts, principal, line_id)
