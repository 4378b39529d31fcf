from kit.settings import ServiceSettings


class Settings(ServiceSettings):
    service_name: str = "billing"

    # The payment marketplace (MercadoPago): the real provider by default; the local stack and the
    # tests point these at the simulator (deploy/simulators/). The credentials and the token key
    # come from secrets; without them the link answers 503 `marketplace_not_configured`.
    mercadopago_auth_url: str = "https://auth.mercadopago.com"
    mercadopago_api_url: str = "https://api.mercadopago.com"
    mercadopago_client_id: str = ""
    mercadopago_client_secret: str = ""
    mercadopago_webhook_secret: str = ""
    # Any long random secret: the sellers' tokens are encrypted at rest with a key derived from it.
    mercadopago_token_key: str = ""
    # Where the provider sends the owner back, exactly as registered with it (empty: the web's
    # /restaurante/autorizacion/ at public_base_url).
    mercadopago_redirect_uri: str = ""
    # Where the provider sends the payments' notifications (empty: /api/webhooks/mercadopago/ at
    # public_base_url); register the same with the application.
    mercadopago_notification_url: str = ""
    # A call to the provider that takes longer fails (and changes nothing here).
    mercadopago_timeout_seconds: float = 5.0
    # How long an authorization attempt's `state` may come back.
    mercadopago_link_state_seconds: int = 600
    # Tokens live 180 days: the refresh job renews those with less than this left (30 days of
    # rounds to get through a provider that is down), once per `..._poll_seconds`.
    mercadopago_refresh_margin_seconds: int = 30 * 86_400
    mercadopago_refresh_poll_seconds: float = 3_600.0

    # Online checkout (issue 22). Ordering, read over HTTP for the lines a checkout pays (they must
    # be current): the local stack's process, compose's and Kubernetes' `ordering` Service.
    ordering_url: str = "http://127.0.0.1:8104"
    ordering_timeout_seconds: float = 3.0
    # A checkout with no approved or pending payment ends (`expired`) this long after it opened,
    # and its lines may be paid another way; the expiry job looks once per `..._poll_seconds`.
    mercadopago_checkout_minutes: int = 30
    mercadopago_checkout_poll_seconds: float = 60.0

    # Anonymous calls (a table's 'Pay', its shares and checkouts, the result pages' state), per
    # minute: per caller address (generous: a restaurant's Wi-Fi is one address for every diner),
    # per table token and per charge, so no one caller spends a restaurant's provider rate limit.
    anonymous_per_address_per_minute: int = 600
    anonymous_per_table_per_minute: int = 60
    anonymous_per_charge_per_minute: int = 60
    # A result page that names the payment is confirmed with the provider at most once in this
    # many seconds per charge; a repeat is answered from what billing knows.
    payment_state_recheck_seconds: int = 10
    # A notification is believed only this close to its signed `ts`, and each `x-request-id` once
    # within it.
    mercadopago_webhook_window_seconds: int = 300
