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
    consumer_delivery_limit: int = 5

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
