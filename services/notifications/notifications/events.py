"""What notifications reacts to: event type -> handler(s). The queue bindings follow from this map."""
from contracts.catalog import DishChanged, DishDeleted, PricesChanged
from contracts.floor import PlaceChanged, PlaceCreated, PlaceRemoved, WaiterCallCleared, WaiterCalled
from contracts.identity import RestaurantDeleted
from contracts.ordering import (
    DeliveryChanged, LinesChanged, LinesRemoved, LinesStatusChanged, OrderPlaced, TabClosed, TableFreed,
)
from kit.membership import with_membership
from notifications.delivery import service as deliveries
from notifications.notification import handlers
from notifications.place import service as places

EVENT_HANDLERS = with_membership({
    RestaurantDeleted.type: handlers.on_restaurant_deleted,
    # the restaurant's tablets (and the phones at the place)
    OrderPlaced.type: handlers.on_orders_placed,
    # a payment too: its moves name it (ordering.payment.recorded is money's, billing's)
    LinesStatusChanged.type: handlers.on_lines_status_changed,
    LinesChanged.type: handlers.on_lines_changed,
    LinesRemoved.type: handlers.on_lines_removed,
    TableFreed.type: handlers.on_table_freed,
    TabClosed.type: handlers.on_tab_closed,  # where a place's current sitting starts
    # the delivery screens, and the diners' tracking sockets (which orders have one, until when)
    DeliveryChanged.type: [deliveries.on_delivery_changed, handlers.on_delivery_changed],
    WaiterCalled.type: handlers.on_waiter_called,
    WaiterCallCleared.type: handlers.on_waiter_cleared,
    # the places diners' sockets are scoped to
    PlaceCreated.type: places.on_place_created,
    PlaceChanged.type: places.on_place_changed,
    PlaceRemoved.type: places.on_place_removed,
    # open diner menus fetch again
    DishChanged.type: handlers.on_dish_changed,
    DishDeleted.type: handlers.on_dish_deleted,
    PricesChanged.type: handlers.on_prices_changed,
})
