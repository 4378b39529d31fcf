from kit.errors import DetailError, NotFound
from ordering import messages


class OrderNotFound(NotFound):
    def __init__(self):
        super().__init__(messages.LINE_NOT_FOUND)


class NoActiveOrders(DetailError):
    code = "no_active_orders"

    def __init__(self):
        super().__init__(messages.NO_ACTIVE_ORDERS)
