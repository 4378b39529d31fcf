from catalog import messages
from kit.errors import FieldErrors


class MenuRequired(FieldErrors, code="menu_required"):
    """The bulk update names no menu: `{"id_menu": [...], "code": "menu_required"}`."""

    def __init__(self):
        super().__init__({"id_menu": [messages.SELECT_MENU], "code": self.code})
