from kit.errors import DetailError, NotFound
from ordering import messages


class OrderNotFound(NotFound, text=messages.LINE_NOT_FOUND): ...


class NoActiveOrders(DetailError, code="no_active_orders", text=messages.NO_ACTIVE_ORDERS): ...
