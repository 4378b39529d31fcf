"""Tenancy in queries: what a caller may see, as a filter (admins see everything)."""
from sqlalchemy import ColumnElement, Select, select, true

from kit.auth import ADMIN, OPERATOR, OWNER
from kit.membership import RestaurantMember
from kit.tokens import Principal


def member_restaurants(principal: Principal) -> Select:
    return select(RestaurantMember.restaurant_id).where(
        RestaurantMember.user_id == principal.user_id, RestaurantMember.role.in_((OWNER, OPERATOR))
    )


def restaurant_visible(restaurant_column, principal: Principal) -> ColumnElement[bool]:
    if principal.in_group(ADMIN):
        return true()
    return restaurant_column.in_(member_restaurants(principal))
