"""A delivery not found, and why a diner's order from the menu link is refused (the spec's
order-enabled rule; issue 18)."""
from kit.errors import DetailError, NotFound, Throttled
from ordering import messages


class DeliveryNotFound(NotFound, code="delivery_not_found", text=messages.DELIVERY_NOT_FOUND):
    """Unknown, or another restaurant's: both look the same."""


class DetailsTooLong(DetailError, code="details_too_long"):
    """The order's detail text is over its limit: the spec's 'No se pudo actualizar el detalle de la orden'."""

    def __init__(self, max_length: int):
        super().__init__(messages.DETAILS_TOO_LONG.format(max=max_length))


class TrackingNotFound(NotFound, code="tracking_not_found", text=messages.TRACKING_NOT_FOUND):
    """Unknown, malformed, or a day past its order's closing: all look the same."""


class TooManyTrackingReads(Throttled, code="too_many_requests", text=messages.TOO_MANY_TRACKING_READS): ...


class WhatsappLinkMissing(DetailError, code="whatsapp_link_missing", text=messages.WHATSAPP_LINK_MISSING): ...


class TakeawayOff(DetailError, code="takeaway_off", text=messages.TAKEAWAY_OFF): ...


class MenuNotFound(NotFound, code="menu_not_found", text=messages.MENU_NOT_FOUND):
    """Unknown, deleted or another restaurant's: all look the same."""


class MenuNotDelivery(DetailError, code="menu_not_delivery", text=messages.MENU_NOT_DELIVERY): ...


class TooManyFromAddress(Throttled, code="too_many_orders", text=messages.TOO_MANY_DELIVERIES_FROM_ADDRESS): ...


class TooManyForRestaurant(Throttled, code="restaurant_too_many_orders", text=messages.TOO_MANY_DELIVERIES_FOR_RESTAURANT): ...
