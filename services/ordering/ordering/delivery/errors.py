"""Why a diner's order from the menu link is refused (the spec's order-enabled rule; issue 18)."""
from kit.errors import DetailError, NotFound, Throttled
from ordering import messages


class WhatsappLinkMissing(DetailError, code="whatsapp_link_missing", text=messages.WHATSAPP_LINK_MISSING): ...


class TakeawayOff(DetailError, code="takeaway_off", text=messages.TAKEAWAY_OFF): ...


class MenuNotFound(NotFound, code="menu_not_found", text=messages.MENU_NOT_FOUND):
    """Unknown, deleted or another restaurant's: all look the same."""


class MenuNotDelivery(DetailError, code="menu_not_delivery", text=messages.MENU_NOT_DELIVERY): ...


class TooManyFromAddress(Throttled, code="too_many_orders", text=messages.TOO_MANY_DELIVERIES_FROM_ADDRESS): ...


class TooManyForRestaurant(Throttled, code="restaurant_too_many_orders", text=messages.TOO_MANY_DELIVERIES_FOR_RESTAURANT): ...
