"""Every table of the notifications database (imported by alembic)."""
from kit.consumer import ProcessedEvent
from kit.membership import RestaurantMember
from kit.outbox import OutboxMessage

__all__ = ["OutboxMessage", "ProcessedEvent", "RestaurantMember"]
