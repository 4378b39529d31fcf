"""What ordering reacts to: event type -> handler(s). The queue bindings follow from this map.

A list runs its handlers in order, in one transaction.
"""
from contracts import billing, catalog, floor
from kit.consumer import kept_copy
from kit.membership import restaurant_profile, with_membership
from ordering.order import categories
from ordering.payment import online, service as payments
from ordering.projections import handlers as projection

EVENT_HANDLERS = with_membership({
    # membership (who may act) and the settings taking an order needs (wait time, stop orders)
    **restaurant_profile(projection.on_restaurant_profile, projection.on_restaurant_deleted),
    # dishes: the name and price a line copies, and whether the dish may be ordered
    **kept_copy(catalog.DishCreated, catalog.DishChanged, catalog.DishDeleted, projection.on_dish_facts, projection.on_dish_deleted),
    catalog.PricesChanged.type: projection.on_prices_changed,
    # categories: the name a line copies (and lines placed before it was known take it)
    **kept_copy(
        catalog.CategoryCreated, catalog.CategoryChanged, catalog.CategoryDeleted,
        [projection.on_category, categories.name_uncategorized_lines], projection.on_category,
    ),
    **kept_copy(catalog.MenuCreated, catalog.MenuChanged, catalog.MenuDeleted, projection.on_menu, projection.on_menu),
    # places: which restaurant and menu a table belongs to, and its QR token's hash
    **kept_copy(floor.PlaceCreated, floor.PlaceChanged, floor.PlaceRemoved, projection.on_place_facts, projection.on_place_removed),
    # billing's commission on a payment: each paid line's share (its account_pay)
    billing.CommissionAccrued.type: payments.on_commission_accrued,
    # online payments: the lines a checkout holds, and its approval paying them (or refused)
    **{checkout.type: online.on_checkout for checkout in (
        billing.CheckoutOpened, billing.CheckoutRejected, billing.CheckoutClosed, billing.CheckoutApproved,
    )},
})
