"""What identity reacts to: event type -> handler. The queue bindings follow from this map."""
from contracts.ordering import OrderPlaced
from identity.admin.service import record_order


async def on_order_placed(session, event: OrderPlaced) -> None:
    await record_order(session, event.restaurant_id, event.placed_at, event.placed_by, event.first_dish_name)


EVENT_HANDLERS = {OrderPlaced.type: on_order_placed}
