"""What catalog reacts to: event type -> handler. The queue bindings follow from this map."""
from contracts.identity import RestaurantCreated, RestaurantDeleted, RestaurantUpdated
from contracts.ordering import DishActivated, DishReleased
from catalog.dish.activity import on_dish_activated, on_dish_released
from catalog.restaurant.service import on_restaurant_deleted, on_restaurant_profile
from kit.consumer import Handler
from kit.membership import MEMBERSHIP_HANDLERS


def in_turn(*handlers: Handler) -> Handler:
    """One event, several reactions, one transaction (the consumer runs one handler per event type)."""

    async def handle(session, event) -> None:
        for handler in handlers:
            await handler(session, event)

    return handle


EVENT_HANDLERS = {
    **MEMBERSHIP_HANDLERS,
    # membership (who may edit) and the public profile (what diners see)
    RestaurantCreated.type: in_turn(MEMBERSHIP_HANDLERS[RestaurantCreated.type], on_restaurant_profile),
    RestaurantUpdated.type: on_restaurant_profile,
    RestaurantDeleted.type: in_turn(MEMBERSHIP_HANDLERS[RestaurantDeleted.type], on_restaurant_deleted),
    # dishes open orders hold cannot be disabled or removed
    DishActivated.type: on_dish_activated,
    DishReleased.type: on_dish_released,
}
