"""What billing's online payments need while the process runs, made at start-up and closed at
shutdown (`create_app(on_startup=[start], on_shutdown=[stop])`): the marketplace (the provider's
client, the sellers' tokens) and online checkout (ordering's client), which uses the marketplace's
client and so is made after it and closed before it. Their jobs run only where the marketplace is
configured: the tokens' refresh and the checkouts' expiry. `provided` is what event handlers may
name of them (`create_app(provides=...)`, read once these hooks ran)."""
from fastapi import FastAPI

from billing.checkout import runtime as checkout
from billing.marketplace.runtime import Marketplace
from kit import jobs


async def start(app: FastAPI) -> None:
    settings = app.state.settings
    marketplace = app.state.marketplace = Marketplace(app)
    checkouts = app.state.checkouts = checkout.Checkouts(app)
    app.state.online_jobs = [
        jobs.every(settings.mercadopago_refresh_poll_seconds, marketplace.refresh_round,
                   name="marketplace-refresh", failed="marketplace_refresh_round_failed"),
        jobs.every(settings.mercadopago_checkout_poll_seconds, checkouts.expire_round,
                   name="checkout-expiry", failed="checkout_expiry_round_failed"),
    ] if marketplace.configured else []


def provided(app: FastAPI) -> dict[str, object]:
    return {"checkouts": app.state.checkouts, "marketplace": app.state.marketplace}


async def stop(app: FastAPI) -> None:
    for job in app.state.online_jobs:
        await jobs.stop(job)
    await app.state.checkouts.http.aclose()
    await app.state.marketplace.http.aclose()
