"""What floor reacts to: event type -> handler(s). The queue bindings follow from this map.

A list runs its handlers in order, in one transaction.
"""
from contracts import catalog, ordering
from floor.projections import handlers as projection
from kit.consumer import kept_copy
from kit.membership import restaurant_profile, with_membership

EVENT_HANDLERS = with_membership({
    # membership (who may act) and the restaurant's name on its QR sheets
    **restaurant_profile(projection.on_restaurant_profile, projection.on_restaurant_deleted),
    # a place's menu must be one of its restaurant's
    **kept_copy(catalog.MenuCreated, catalog.MenuChanged, catalog.MenuDeleted, projection.on_menu_facts, projection.on_menu_deleted),
    # a place with open order lines cannot be removed; a freed table, or one a payment left with no
    # open order (its tab closed), is unblocked and its call cleared
    ordering.PlaceActivated.type: projection.on_place_activated,
    ordering.PlaceReleased.type: projection.on_place_released,
    ordering.TableFreed.type: projection.on_table_freed,
    ordering.TabClosed.type: projection.on_tab_closed,
})
