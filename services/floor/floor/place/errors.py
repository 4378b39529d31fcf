from kit.errors import DetailError, FieldErrors, NotFound
from floor import messages


class PlaceNotFound(NotFound, text=messages.PLACE_NOT_FOUND): ...


class PlaceTokenRevoked(DetailError, status_code=410, code="place_token_revoked", text=messages.TOKEN_REVOKED):
    """The code of a place whose token was replaced: the diner's page says so instead of 'not found'."""


class PlaceInUse(DetailError, code="place_in_use"):
    """A place with open order lines cannot be removed (ordering announces them)."""

    def __init__(self, name: str):
        super().__init__(messages.PLACE_IN_USE.format(name=name))


class NoItems(DetailError, code="sketch_no_data", text=messages.NO_ITEMS): ...


class ItemErrors(FieldErrors):
    """`{"location": {"<index>": {field: [text]}}}`: each refused item by its place in the list."""

    def __init__(self, errors: dict[int, dict]):
        super().__init__({"location": {str(index): fields for index, fields in errors.items()}})
