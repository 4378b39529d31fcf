from pathlib import Path
from zoneinfo import ZoneInfo

from pydantic import field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from contracts.restaurant import TIME_ZONE


class ServiceSettings(BaseSettings):
    """Settings every service shares; each service subclasses it and sets `service_name`."""

    model_config = SettingsConfigDict(env_file=None, extra="ignore")

    service_name: str = "service"
    database_url: str = ""
    # Every deployment gives each service its own broker and Redis login (deploy/local/config.py,
    # docker-compose.yml, deploy/k8s); these defaults only name the servers.
    rabbitmq_url: str = "amqp://127.0.0.1:5672/"
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
    # Events a consumer holds unacknowledged at once, per queue: a backlog (the broker back after
    # an outage, a replay) reaches the process in bounded batches instead of all into its memory.
    consumer_prefetch: int = 20
    # A broker that is away must not hold up start-up, requests or the relay for long.
    broker_connect_timeout_seconds: float = 5.0
    broker_reconnect_seconds: float = 5.0
    publish_timeout_seconds: float = 5.0
    # False: the process never connects to the broker; its events wait in the outbox for a process
    # that does. The test suites' apps run so unless a test is marked `broker` (kit.testing):
    # connecting and declaring cost each test 0.18 s of CPU (half of it RabbitMQ's), and most
    # apply events through their handlers directly (kit.testing.world.deliver).
    broker_enabled: bool = True
    # A consumer takes an event only from the broker user its producer publishes as, which
    # RabbitMQ vouches for (the `user_id` property must be the connection's login); `{producer}`
    # is the event type's first word. Empty turns the check off: the test suites, where every
    # connection is the same `tests` login and the check would prove nothing.
    event_publisher_user: str = "{producer}"
    # A delivery order's tracking works until this long after the order closed (every line
    # rejected or paid): ordering's tracking link and notifications' tracking socket read this
    # one setting, so the two always end together.
    tracking_hours_after_close: int = 24
    # The restaurants' local time (kit.localtime): opening hours, tickets, a sale's day. One
    # setting for every service, so ordering and billing always agree on what 'today' is; its
    # default is the one the web and the browser tests read too (contracts.restaurant).
    restaurant_timezone: str = TIME_ZONE

    # Connections per process (kit.db.make_engine). Requests get their own pool; event handlers,
    # the outbox relay, readiness and the live stream get a small one of their own, so a slow or
    # flooded request path can never starve them. 6 services x (10 + 3) = 78 of PostgreSQL's 100.
    # Every connection is kept once opened (no overflow): an overflow connection is closed as soon
    # as it comes back, and under a busy night's bursts that meant a new PostgreSQL backend, its
    # type introspection and every prepared statement again, several times a second (150 in 23 s
    # of `make bench-payments`). Event handlers take all but one of the background connections;
    # the relay keeps the last (kit.consumer.subscribe_handlers).
    db_pool_size: int = 10
    db_max_overflow: int = 0
    db_background_pool_size: int = 3
    db_background_max_overflow: int = 0
    # A request that waits this long for a connection gets 503 + Retry-After instead of queueing on.
    db_pool_timeout_seconds: float = 5.0
    # No statement may run longer than this (PostgreSQL `statement_timeout`): a slow query is
    # cancelled and answered 503, never left holding a connection. Background work gets longer.
    db_statement_timeout_ms: int = 5_000
    db_background_statement_timeout_ms: int = 30_000
    # PDFs (kit.pdf): each render is a process of its own, at most `pdf_concurrency` at once per
    # process (one per core); the rest wait in line, at most `pdf_queue_length` of them and
    # `pdf_queue_per_tenant` of one restaurant, for `pdf_queue_seconds` (then 503 busy). Six of
    # the largest allowed report at once must all get through: the sixth waits two renders, 2-3 s
    # each on a fast machine and 6 s of CPU on a slow one (10-million-step loop 0.45 s), but 28 s
    # when CI loads it (then the sixth waited 56 s). Waiting holds no connection, only the
    # document's values. A render is killed after `pdf_render_seconds`, or at `pdf_memory_mb` of
    # address space (the largest documents reach 370 MB of it, 170 MB resident).
    pdf_concurrency: int = 2
    pdf_queue_length: int = 32
    pdf_queue_per_tenant: int = 8
    pdf_queue_seconds: float = 60.0
    pdf_render_seconds: float = 30.0
    pdf_memory_mb: int = 512
    # The cyclic collector's thresholds once start-up is frozen (kit.app.settle_heap): a young
    # collection every 10,000 allocations instead of 700, measured by `make bench`.
    gc_thresholds: tuple[int, int, int] = (10_000, 20, 20)

    @field_validator("restaurant_timezone")
    @classmethod
    def _known_zone(cls, name: str) -> str:
        try:  # an unknown zone stops the service at start-up, not at its first order
            ZoneInfo(name)
        except (ValueError, KeyError):  # KeyError: ZoneInfoNotFoundError
            raise ValueError(f"unknown time zone {name!r}") from None
        return name

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
