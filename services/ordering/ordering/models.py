"""Every table of the ordering database (imported by alembic)."""
from kit.consumer import ProcessedEvent
from kit.membership import RestaurantMember
from kit.outbox import OutboxMessage
from ordering.delivery.models import Delivery
from ordering.order.models import Order, OrderLine
from ordering.projections.models import DishFacts, MenuFacts, PlaceFacts, RestaurantSettings

__all__ = [
    "Delivery", "DishFacts", "MenuFacts", "Order", "OrderLine", "OutboxMessage", "PlaceFacts", "ProcessedEvent",
    "RestaurantMember", "RestaurantSettings",
]
