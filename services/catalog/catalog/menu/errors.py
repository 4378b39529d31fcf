from catalog import messages
from kit.errors import NotFound


class MenuNotFound(NotFound):
    def __init__(self):
        super().__init__(messages.MENU_NOT_FOUND)
