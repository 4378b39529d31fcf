from kit.errors import DetailError, NotFound
from ordering import messages


class OrderNotFound(NotFound, text=messages.LINE_NOT_FOUND): ...


class NoActiveOrders(DetailError, code="no_active_orders", text=messages.NO_ACTIVE_ORDERS): ...


class ReportTooLong(DetailError, code="report_too_long"):
    """More active lines than one report may lay out (`service.REPORT_MAX_LINES`)."""

    def __init__(self, count: int, most: int):
        super().__init__(messages.REPORT_TOO_LONG.format(count=count, max=most))


class TicketTooLong(DetailError, code="ticket_too_long"):
    """An order with more lines than a ticket may hold (`service.TICKET_MAX_LINES`); none can be
    placed (orders stop at `max_lines_per_order`), so this guards the render, not a screen."""

    def __init__(self, count: int, most: int):
        super().__init__(messages.TICKET_TOO_LONG.format(count=count, max=most))
