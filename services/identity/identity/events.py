"""What identity reacts to: event type -> handler. The queue bindings follow from this map."""
from contracts.billing import FeeChanged, MarketplaceLinked, MarketplaceUnlinked
from contracts.ordering import OrderPlaced
from identity.admin.service import record_orders
from identity.restaurant.service import on_fee_changed, on_marketplace_link
from kit.consumer import batched


@batched(linger_seconds=1.0)  # the dashboard's count can wait a second; a second's orders cost one statement
async def on_orders_placed(session, events: list[OrderPlaced]) -> None:
    await record_orders(session, events)


EVENT_HANDLERS = {
    OrderPlaced.type: on_orders_placed,
    FeeChanged.type: on_fee_changed,  # billing owns the fee; the admin's rows show a copy
    # billing owns the marketplace link; mp_active is its copy
    MarketplaceLinked.type: on_marketplace_link,
    MarketplaceUnlinked.type: on_marketplace_link,
}
