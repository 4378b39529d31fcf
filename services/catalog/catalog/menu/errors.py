from catalog import messages
from kit.errors import NotFound


class MenuNotFound(NotFound, text=messages.MENU_NOT_FOUND): ...
