"""Every table of the ordering database (imported by alembic)."""
from kit.consumer import ProcessedEvent
from kit.membership import RestaurantMember
from kit.outbox import OutboxMessage
from ordering.delivery.models import Delivery
from ordering.order.models import Order, OrderLine
from ordering.payment.models import Payment
from ordering.projections.models import CategoryFacts, DishFacts, MenuFacts, PlaceFacts, RestaurantSettings

__all__ = [
    "CategoryFacts", "Delivery", "DishFacts", "MenuFacts", "Order", "OrderLine", "OutboxMessage", "Payment", "PlaceFacts", "ProcessedEvent",
    "RestaurantMember", "RestaurantSettings",
]
