from datetime import UTC, datetime
from typing import ClassVar
from uuid import UUID, uuid4

from pydantic import BaseModel, ConfigDict, Field

_REGISTRY: dict[str, type["Event"]] = {}


class Event(BaseModel):
    """Envelope fields every event carries; subclasses add the data."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: ClassVar[str]
    event_id: UUID = Field(default_factory=uuid4)
    occurred_at: datetime = Field(default_factory=lambda: datetime.now(UTC))
    request_id: str | None = None
    # The staff screen whose request caused it, and its consumers' events in turn (kit.origin).
    origin: str | None = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        event_type = cls.__dict__.get("type")
        if event_type:
            if event_type in _REGISTRY:
                raise TypeError(f"event type {event_type!r} defined twice")
            _REGISTRY[event_type] = cls


class Part(BaseModel):
    """A value inside an event's data (a line, a price): frozen and strict, like the event."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def event_class(event_type: str) -> type[Event]:
    return _REGISTRY[event_type]


def registered_events() -> dict[str, type[Event]]:
    return dict(_REGISTRY)
