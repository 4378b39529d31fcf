"""What catalog reacts to: event type -> handler(s). The queue bindings follow from this map."""
from contracts.ordering import DishActivated, DishReleased
from catalog.dish.activity import on_dishes_activated, on_dishes_released
from catalog.restaurant.service import on_restaurant_deleted, on_restaurant_profile
from kit.membership import restaurant_profile, with_membership


EVENT_HANDLERS = with_membership({
    # membership (who may edit) and the public profile (what diners see)
    **restaurant_profile(on_restaurant_profile, on_restaurant_deleted),
    # dishes open orders hold cannot be disabled or removed
    DishActivated.type: on_dishes_activated,
    DishReleased.type: on_dishes_released,
})
