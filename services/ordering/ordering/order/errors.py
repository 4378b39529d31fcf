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


# --- taking orders from diners (order.policy): a table's QR and the menu link alike -----------

class OrdersStopped(DetailError, code="orders_stopped", text=messages.ORDERS_STOPPED): ...


class RestaurantClosed(DetailError, code="restaurant_closed"):
    def __init__(self, opens: str, closes: str):
        super().__init__(messages.RESTAURANT_CLOSED.format(opens=opens, closes=closes))


class IdempotencyKeyInvalid(DetailError, code="idempotency_key_required", text=messages.IDEMPOTENCY_KEY_INVALID):
    """A key that is sent but not 8 to 100 characters (a missing key is accepted: the spec's call).
    The code keeps its first name: clients already read it."""


class IdempotencyKeyReused(DetailError, status_code=422, code="idempotency_key_reused", text=messages.IDEMPOTENCY_KEY_REUSED):
    """The key already named another caller's request (another table, restaurant or body): its
    stored answer is never sent to someone else."""


# --- paying (issue 21): a line moves to paid only through a payment (`ordering.payment`) ---------

class PaidOnlyByPayment(DetailError, code="paid_only_by_payment", text=messages.PAID_ONLY_BY_PAYMENT):
    """`PUT ordenes/{id}/`, update-all and the bulk buttons never move a line to 6: the payment
    calls do, with the payment they record."""


class CashNotRejectable(DetailError, code="cash_not_rejectable", text=messages.CASH_NOT_REJECTABLE):
    """A line paid in cash is never rejected (spec part 2 §4)."""


class OnlinePaymentPending(DetailError, status_code=409, code="online_payment_pending", text=messages.ONLINE_PAYMENT_PENDING):
    """A line an online (MercadoPago) payment holds is paid, rejected or removed only once that
    payment ends: staff cancel it first (spec part 2 §4 'Payment', §8: the screen offers to cancel
    it and retry). `lines`: the lines held."""

    def __init__(self, line_ids: list[int]):
        super().__init__()
        self.body["lines"] = line_ids
