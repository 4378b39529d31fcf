from floor import messages
from kit.errors import DetailError, NotFound


class MenuNotFound(NotFound, text=messages.MENU_NOT_FOUND):
    """A menu floor never heard of, or heard was deleted: nothing is drawn for it."""


class TooManyCodes(DetailError, code="qr_too_many_places"):
    def __init__(self, count: int, most: int):
        super().__init__(messages.QR_TOO_MANY_PLACES.format(count=count, max=most))


class TooManyPages(DetailError, code="qr_too_many_pages"):
    def __init__(self, pages: int, most: int):
        super().__init__(messages.QR_TOO_MANY_PAGES.format(pages=pages, max=most))
