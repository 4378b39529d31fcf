from kit.errors import DetailError, FieldErrors
from kit.i18n import Text
from ordering import messages


class LineFinal(DetailError, status_code=208, code="line_final"):
    """Paying a line already paid or rejected (spec part 2 §4, §8: the screen shows the error and
    restores the line's status). Nothing was charged. `lines`: each final line and its status now."""

    def __init__(self, final: list[tuple[int, str]]):
        if len(final) == 1:
            names = messages.STATUS_NAMES[final[0][1]]
            text = Text(es=messages.LINE_FINAL.es.format(status=names.es), en=messages.LINE_FINAL.en.format(status=names.en))
        else:
            text = messages.LINES_FINAL
        super().__init__(text)
        self.body["lines"] = [{"id": line_id, "status": status} for line_id, status in final]


class NewNotPayable(DetailError, code="illegal_transition", text=messages.NEW_NOT_PAYABLE):
    """A new (1) line is not paid: it is accepted first (spec part 2 §4)."""


class OnlineNotAtCounter(DetailError, code="online_not_at_counter", text=messages.ONLINE_NOT_AT_COUNTER):
    """Type 4 (the marketplace) is paid through billing's checkout, never recorded at the counter."""


class PayMethodInvalid(FieldErrors):
    def __init__(self):
        super().__init__({"type_pay": [messages.PAY_METHOD_INVALID]})


class PaymentSpansPlaces(DetailError, code="payment_spans_places", text=messages.PAYMENT_SPANS_PLACES): ...


class PkOrderMismatch(FieldErrors):
    def __init__(self):
        super().__init__({"pk_order": [messages.PK_ORDER_MISMATCH]})


class PaymentKeyReused(DetailError, status_code=422, code="idempotency_key_reused", text=messages.PAYMENT_KEY_REUSED):
    """The key named another payment request (other lines, method or restaurant): its answer is
    never sent to someone else."""

