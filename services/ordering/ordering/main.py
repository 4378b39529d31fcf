from fastapi import FastAPI

from kit.app import create_app
from ordering import models  # noqa: F401  (every table is known before the app starts)
from ordering.delivery.endpoints import router as delivery_router
from ordering.delivery.status import DeliveryLinks
from ordering.diner.endpoints import router as diner_router
from ordering.events import EVENT_HANDLERS
from ordering.order.endpoints import router as order_router
from ordering.order.repository import SqlLineStore
from ordering.order.work import LineWorks
from ordering.payment.endpoints import router as payment_router
from ordering.settings import Settings
from ordering.table.endpoints import router as table_router
from ordering.ticket.endpoints import router as ticket_router


def line_works() -> LineWorks:
    """Order lines' unit of work, with what delivery provides (a delivery's stored status follows
    every change of its lines, in the same transaction, and its lines' events name it by its number)."""
    return LineWorks(store=SqlLineStore, deliveries=DeliveryLinks)


def build_app(settings: Settings | None = None) -> FastAPI:
    """The app, wired: endpoints read `app.state.line_works` (`order.dependencies`), event handlers
    name it `lines` (`kit.consumer.inject`)."""
    app = create_app(
        settings or Settings(),
        routers=[delivery_router, diner_router, table_router, order_router, payment_router, ticket_router],
        event_handlers=EVENT_HANDLERS,
        provides=lambda app: {"lines": app.state.line_works},
    )
    app.state.line_works = line_works()
    return app


app = build_app()
