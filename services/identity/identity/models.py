"""Every table of the identity database (imported by alembic)."""
from identity.admin.models import RestaurantActivity
from identity.auth.models import RevokedToken
from identity.operator.models import Operator
from identity.restaurant.models import Restaurant
from identity.social.models import SocialAccount
from identity.user.models import ClientProfile, User
from kit.consumer import ProcessedEvent
from kit.outbox import OutboxMessage

__all__ = ["ClientProfile", "Operator", "OutboxMessage", "ProcessedEvent", "Restaurant", "RestaurantActivity", "RevokedToken", "SocialAccount", "User"]
