from pathlib import Path

from pydantic_settings import BaseSettings, SettingsConfigDict


class ServiceSettings(BaseSettings):
    """Settings every service shares; each service subclasses it and sets `service_name`."""

    model_config = SettingsConfigDict(env_file=None, extra="ignore")

    service_name: str = "service"
    database_url: str = ""
    rabbitmq_url: str = "amqp://guest:guest@127.0.0.1:5672/"
    redis_url: str = "redis://127.0.0.1:6379/0"
    events_exchange: str = "platform.events"
    # Prefixes queue names; tests use a unique one so they never share queues with a running stack.
    broker_namespace: str = ""
    jwt_public_key_file: Path = Path(".run/keys/jwt_public.pem")
    jwt_issuer: str = "identity"
    media_root: Path = Path(".run/media")
    public_base_url: str = "http://127.0.0.1:8080"
    log_level: str = "INFO"
    # The relay wakes on every commit that wrote an event; this is only the fallback poll.
    outbox_poll_seconds: float = 1.0
    # A failed handler is retried after each of these delays (seconds), then dead-lettered. Every
    # service declares its consumers' queues too, so all must agree on the delivery limit.
    consumer_retry_delays: tuple[float, ...] = (1.0, 10.0, 60.0, 300.0)
    consumer_delivery_limit: int = 5  # the last stop, for a consumer that dies before acknowledging
    # A broker that is away must not hold up start-up, requests or the relay for long.
    broker_connect_timeout_seconds: float = 5.0
    broker_reconnect_seconds: float = 5.0
    publish_timeout_seconds: float = 5.0

    # Connections per process (kit.db.make_engine). Requests get their own pool; event handlers,
    # the outbox relay, readiness and the live stream get a small one of their own, so a slow or
    # flooded request path can never starve them. 6 services x (10 + 3) = 78 of PostgreSQL's 100.
    db_pool_size: int = 5
    db_max_overflow: int = 5
    db_background_pool_size: int = 2
    db_background_max_overflow: int = 1
    # A request that waits this long for a connection gets 503 + Retry-After instead of queueing on.
    db_pool_timeout_seconds: float = 5.0
    # No statement may run longer than this (PostgreSQL `statement_timeout`): a slow query is
    # cancelled and answered 503, never left holding a connection. Background work gets longer.
    db_statement_timeout_ms: int = 5_000
    db_background_statement_timeout_ms: int = 30_000
    # The cyclic collector's thresholds once start-up is frozen (kit.app.settle_heap): a young
    # collection every 10,000 allocations instead of 700, measured by `make bench`.
    gc_thresholds: tuple[int, int, int] = (10_000, 20, 20)

    def model_post_init(self, __context) -> None:
        if not self.database_url:
            self.database_url = f"postgresql+asyncpg://postgres@127.0.0.1:5432/{self.service_name}"

    @property
    def media_dir(self) -> Path:
        """Where this service keeps uploads; served at /media/<service>/."""
        return self.media_root / self.service_name

    @property
    def jwt_public_key(self) -> str:
        return self.jwt_public_key_file.read_text()
