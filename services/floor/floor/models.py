"""Every table of the floor database (imported by alembic)."""
from floor.place.models import Place, RevokedToken
from floor.projections.models import MenuFacts, RestaurantFacts
from kit.consumer import ProcessedEvent
from kit.membership import RestaurantMember
from kit.outbox import OutboxMessage

__all__ = ["MenuFacts", "OutboxMessage", "Place", "ProcessedEvent", "RestaurantFacts", "RestaurantMember", "RevokedToken"]
