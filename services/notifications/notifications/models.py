"""Every table of the notifications database (imported by alembic)."""
from kit.consumer import ProcessedEvent
from kit.membership import RestaurantMember
from kit.outbox import OutboxMessage
from notifications.notification.models import Notification, NotificationHead, ReadMark, ReadNotification
from notifications.place.models import Place, Sitting

__all__ = [
    "Notification",
    "NotificationHead",
    "OutboxMessage",
    "Place",
    "ProcessedEvent",
    "ReadMark",
    "ReadNotification",
    "RestaurantMember",
    "Sitting",
]
