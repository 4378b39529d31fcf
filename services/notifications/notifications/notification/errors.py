from kit.errors import NotFound
from notifications import messages


class NotificationNotFound(NotFound):
    def __init__(self):
        super().__init__(messages.NOTIFICATION_NOT_FOUND)
