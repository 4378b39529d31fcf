from kit.errors import DetailError, FieldErrors, NotFound
from kit.i18n import Text
from ordering import messages


class LineNotFound(NotFound, text=messages.LINE_NOT_FOUND): ...


class IllegalTransition(DetailError, code="illegal_transition"):
    """A status change the transition table does not allow (spec part 2 §4 'Transitions')."""

    def __init__(self, from_status: str, to_status: str):
        names = messages.STATUS_NAMES
        super().__init__(Text(
            es=messages.ILLEGAL_TRANSITION.es.format(from_name=names[from_status].es, to_name=names[to_status].es),
            en=messages.ILLEGAL_TRANSITION.en.format(from_name=names[from_status].en, to_name=names[to_status].en),
        ))


class ChangedMeanwhile(DetailError, status_code=409, code="changed_meanwhile", text=messages.CHANGED_MEANWHILE):
    """Another tablet changed the line between this one reading and writing it: nothing was applied."""


class LineNotEditable(DetailError, code="line_not_editable", text=messages.LINE_NOT_EDITABLE): ...


class PaidLineUndeletable(DetailError, code="line_paid", text=messages.PAID_LINE_UNDELETABLE): ...


class DishUnavailable(DetailError, code="dish_unavailable"):
    """The dish was disabled or deleted in catalog (maybe while the order was being built)."""

    def __init__(self, name: str):
        super().__init__(messages.DISH_UNAVAILABLE.format(name=name))


class DishNotInMenu(DetailError, code="dish_not_in_menu", text=messages.DISH_NOT_IN_MENU): ...


class DishUnknown(FieldErrors):
    def __init__(self):
        super().__init__({"fk_dish": [messages.DISH_UNKNOWN]})


class PlaceNotFound(NotFound, code="place_not_found", text=messages.PLACE_NOT_FOUND): ...


class AddOrderDisabled(DetailError, code="place_add_order_disabled", text=messages.ADD_ORDER_DISABLED):
    """The sit's admin flag is off: no orders or comments are added there (spec part 2 §6)."""


class TooManyLines(FieldErrors):
    def __init__(self, max_lines: int):
        super().__init__({"ordenes": [messages.TOO_MANY_LINES.format(max_lines=max_lines)]})
