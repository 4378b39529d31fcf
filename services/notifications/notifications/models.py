"""Every table of the notifications database (imported by alembic)."""
from kit.consumer import ProcessedEvent
from kit.membership import RestaurantMember
from kit.outbox import OutboxMessage
from notifications.delivery.models import TrackedDelivery
from notifications.notification.models import Notification, ReadMark, ReadNotification, StreamHead
from notifications.place.models import Place, Sitting

__all__ = [
    "Notification",
    "OutboxMessage",
    "Place",
    "ProcessedEvent",
    "ReadMark",
    "ReadNotification",
    "RestaurantMember",
    "Sitting",
    "StreamHead",
    "TrackedDelivery",
]
