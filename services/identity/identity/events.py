"""What identity reacts to: event type -> handler. The queue bindings follow from this map."""
from contracts.billing import FeeChanged, MarketplaceLinked, MarketplaceUnlinked
from contracts.ordering import OrderPlaced
from identity.admin.service import record_order
from identity.restaurant.service import on_fee_changed, on_marketplace_link


async def on_order_placed(session, event: OrderPlaced) -> None:
    await record_order(session, event.restaurant_id, event.placed_at, event.placed_by, event.first_dish_name)


EVENT_HANDLERS = {
    OrderPlaced.type: on_order_placed,
    FeeChanged.type: on_fee_changed,  # billing owns the fee; the admin's rows show a copy
    # billing owns the marketplace link; mp_active is its copy
    MarketplaceLinked.type: on_marketplace_link,
    MarketplaceUnlinked.type: on_marketplace_link,
}
