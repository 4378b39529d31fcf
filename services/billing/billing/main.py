from fastapi import FastAPI

from billing import models  # noqa: F401  (every table is known before the app starts)
from billing import runtime
from billing.balance.endpoints import router as balance_router
from billing.checkout.endpoints import router as checkout_router
from billing.commission.endpoints import router as commission_router
from billing.events import EVENT_HANDLERS
from billing.fee.endpoints import router as fee_router
from billing.marketplace.endpoints import router as marketplace_router
from billing.settings import Settings
from billing.statistics.endpoints import router as statistics_router
from kit.app import create_app


def build_app(settings: Settings | None = None) -> FastAPI:
    return create_app(
        settings or Settings(),
        # the marketplace's last: its `obtener-balance/{id}/` takes only digits, after the named paths
        routers=[balance_router, statistics_router, commission_router, fee_router, checkout_router, marketplace_router],
        event_handlers=EVENT_HANDLERS,
        on_startup=[runtime.start],
        on_shutdown=[runtime.stop],
        provides=runtime.provided,
    )


app = build_app()
