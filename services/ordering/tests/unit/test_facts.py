"""A line's facts as its events carry them, and a paid line's, agree with the money module (no database)."""
from datetime import UTC, datetime
from decimal import Decimal

from ordering import money
from ordering.order.facts import line_facts, paid_line
from ordering.order.models import OrderLine

NOW = datetime(2026, 11, 25, 21, 30, tzinfo=UTC)


def a_line(**fields) -> OrderLine:
    values = dict(
        id=7, order_id=3, restaurant_id=10, place_id=11, delivery_id=None, dish_id=2, dish_name="Milanesa",
        category_name="Principales", price=Decimal("250.50"), quantity=3, status="2", extra_commentary="",
        diner_name="Ana", fk_user_client=None, version=4, created_at=NOW,
    )
    return OrderLine(**{**values, **fields})


def test_a_paid_lines_facts_are_its_line_facts_under_the_same_names_and_amount():
    line = a_line()
    facts, paid = line_facts(line, "", NOW), paid_line(line)
    assert paid.amount == facts.amount == money.line_total(line.price, line.quantity) == Decimal("751.50")
    shared = set(type(paid).model_fields)
    assert {name: getattr(facts, name) for name in shared} == paid.model_dump()


def test_who_placed_a_line_is_the_staff_member_or_else_the_diner():
    assert line_facts(a_line(), "mozo@example.com", NOW).placed_by == "mozo@example.com"
    assert line_facts(a_line(), "", NOW).placed_by == "Ana"
