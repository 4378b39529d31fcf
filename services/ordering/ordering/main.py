from fastapi import FastAPI

from kit.app import create_app
from ordering import models  # noqa: F401  (every table is known before the app starts)
from ordering.delivery.endpoints import router as delivery_router
from ordering.delivery.repository import numbers as delivery_numbers
from ordering.delivery.status import keep_status as keep_delivery_status
from ordering.diner.endpoints import router as diner_router
from ordering.events import EVENT_HANDLERS
from ordering.order.endpoints import router as order_router
from ordering.order.service import DeliveryLinks, link_deliveries
from ordering.payment.endpoints import router as payment_router
from ordering.settings import Settings
from ordering.table.endpoints import router as table_router
from ordering.ticket.endpoints import router as ticket_router

# A delivery's stored status follows every change of its lines, in the same transaction, and the
# events of its lines name it by its number.
link_deliveries(DeliveryLinks(lines_changed=keep_delivery_status, numbers=delivery_numbers))


def build_app(settings: Settings | None = None) -> FastAPI:
    return create_app(settings or Settings(), routers=[delivery_router, diner_router, table_router, order_router, payment_router, ticket_router], event_handlers=EVENT_HANDLERS)


app = build_app()
