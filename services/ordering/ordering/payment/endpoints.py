from typing import Annotated

from fastapi import APIRouter, Header

from kit.auth import Staff
from kit.db import SessionDep
from kit.pagination import DbId
from ordering.clock import Now
from ordering.order.dependencies import LineWorkDep
from ordering.payment import service
from ordering.payment.repository import SqlPayments
from ordering.payment.errors import PkOrderMismatch
from ordering.payment.schemas import PaymentCreate, PaymentPublic, PaymentsCreate

router = APIRouter(prefix="/api", tags=["payments"])

IdempotencyKey = Annotated[str | None, Header(
    description="optional (the spec's call sends none): 8 to 100 characters, one per payment the screen sends; "
                "the same key and request again answer the same and record nothing")]
RESPONSES = {208: {"description": "a line is already final (paid or rejected): nothing was charged; "
                   "`{detail, code: \"line_final\", lines: [{id, status}]}` (the screen shows it and restores the line's status)"}}


@router.post("/pagar-orden/recibir-varios-pagos/", response_model=PaymentPublic, responses=RESPONSES, operation_id="payOrderLines")
async def pay_many(principal: Staff, session: SessionDep, work: LineWorkDep, data: PaymentsCreate, now: Now,
                   idempotency_key: IdempotencyKey = None):
    """Pay the lines of one table, or of delivery orders, in one payment (`type_pay`: Efectivo,
    Debito, Credito or 1 to 3; 4 is the marketplace's checkout: 400 `online_not_at_counter`).
    Every line must be accepted or delivered: all move to paid (6) with the payment, or none does."""
    return await service.pay(work, SqlPayments(session), principal, data.payment_orders, data.type_pay, idempotency_key, now)


@router.post("/pagar-orden/{line_id}/recibir-pago/", response_model=PaymentPublic, responses=RESPONSES, operation_id="payOrderLine")
async def pay_one(line_id: DbId, principal: Staff, session: SessionDep, work: LineWorkDep, data: PaymentCreate, now: Now,
                  idempotency_key: IdempotencyKey = None):
    """Pay one line ('orden'): accepted or delivered, it moves to paid (6) with its payment."""
    if data.pk_order is not None and data.pk_order != line_id:
        raise PkOrderMismatch()
    return await service.pay(work, SqlPayments(session), principal, [line_id], data.type_pay, idempotency_key, now)
