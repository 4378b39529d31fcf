from kit.errors import NotFound
from notifications import messages


class NotificationNotFound(NotFound, text=messages.NOTIFICATION_NOT_FOUND): ...
