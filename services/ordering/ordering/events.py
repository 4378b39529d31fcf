"""What ordering reacts to: event type -> handler(s). The queue bindings follow from this map.

A list runs its handlers in order, in one transaction.
"""
from contracts import catalog, floor
from kit.membership import restaurant_profile, with_membership
from ordering.projections import handlers as projection

EVENT_HANDLERS = with_membership({
    # membership (who may act) and the settings taking an order needs (wait time, stop orders)
    **restaurant_profile(projection.on_restaurant_profile, projection.on_restaurant_deleted),
    # dishes: the name and price a line copies, and whether the dish may be ordered
    catalog.DishCreated.type: projection.on_dish_facts,
    catalog.DishChanged.type: projection.on_dish_facts,
    catalog.DishDeleted.type: projection.on_dish_deleted,
    catalog.PricesChanged.type: projection.on_prices_changed,
    catalog.MenuCreated.type: projection.on_menu_facts,
    catalog.MenuChanged.type: projection.on_menu_facts,
    catalog.MenuDeleted.type: projection.on_menu_deleted,
    # places: which restaurant and menu a table belongs to, and its QR token's hash
    floor.PlaceCreated.type: projection.on_place_facts,
    floor.PlaceChanged.type: projection.on_place_facts,
    floor.PlaceRemoved.type: projection.on_place_removed,
})
