from datetime import UTC, datetime
from typing import Literal

from fastapi import APIRouter, Response

from kit import localtime
from kit.auth import Staff
from kit.db import SessionDep
from kit.i18n import current_lang
from kit.pagination import DbId
from kit.pdf import PdfResponse
from ordering.ticket import service

router = APIRouter(prefix="/api", tags=["tickets"])

PDF = {200: {"content": {"application/pdf": {}, "text/html": {}}}}


@router.get("/tickets/orden/{order_id}/", response_class=Response, responses=PDF, operation_id="getOrderTicket")
async def order_ticket(order_id: DbId, principal: Staff, session: SessionDep, format: Literal["pdf", "html"] = "pdf"):
    """The command ticket of one order (a line's `order`), 85 mm wide: PDF, or HTML to print from the browser."""
    # The zone goes by name: the document is rendered in a process of its own (kit.pdf).
    restaurant_id, ticket = await service.ticket(session, principal, order_id, current_lang.get(), localtime.zone().key)
    if format == "html":
        return Response(ticket.build(*ticket.args), media_type="text/html; charset=utf-8")
    # Rendered once the answer is sent, after the session gave its connection back (kit.pdf).
    return PdfResponse(ticket, f"comanda_{order_id}.pdf", inline=True, tenant=restaurant_id)


@router.get("/tickets/reporte/", response_class=Response, responses=PDF, operation_id="getActiveOrdersReport")
async def active_orders_report(fk_resto: DbId, principal: Staff, session: SessionDep):
    """The restaurant's active orders (neither rejected nor paid) by place, as `resto_orders_report_{date}.pdf`;
    400 `no_active_orders` when there are none."""
    # 400 `report_too_long` past 1,000 lines; 503 `busy` (Retry-After) while every renderer is taken.
    now = datetime.now(UTC)
    report = await service.report(session, principal, fk_resto, current_lang.get(), localtime.zone().key, now)
    name = f"resto_orders_report_{localtime.day_of(now).isoformat()}.pdf"
    return PdfResponse(report, name, tenant=fk_resto)
