"""What every answered line says of its money: its amount and whether a payment may pay it (billing
reads both instead of keeping copies of ordering's rules)."""
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from ordering.diner.service import tab_line
from ordering.order.models import OrderLine
from ordering.order.answers import public
from ordering.order.transitions import payable

NOW = datetime(2026, 11, 25, 21, 30, tzinfo=UTC)


def a_line(**fields) -> OrderLine:
    values = dict(
        id=7, order_id=3, restaurant_id=10, place_id=11, delivery_id=None, dish_id=2, dish_name="Milanesa",
        category_name="Principales", price=Decimal("250.55"), quantity=3, status="2", extra_commentary="",
        diner_name="Ana", fk_user_client=None, version=4, created_at=NOW, pay_status=None, pay_method=None, payment_id=None,
    )
    return OrderLine(**{**values, **fields})


@pytest.mark.parametrize(("status", "pay_status", "expected"), [
    ("1", None, False), ("2", None, True), ("4", None, True), ("2", "pending", True), ("4", "rejected", True),
    ("3", None, False), ("6", "paid", False), ("4", "paid", False), ("5", None, False), ("7", None, False),
])
def test_a_line_is_payable_only_where_the_table_moves_it_to_paid_and_no_payment_paid_it(status, pay_status, expected):
    assert payable(status, pay_status) is expected
    line = a_line(status=status, pay_status=pay_status)
    assert public(line, "M11").payable is expected
    assert tab_line(line).payable is expected


def test_the_staff_answer_and_the_diners_tab_carry_the_lines_amount_serialized_like_its_price():
    line = a_line()
    staff, diner = public(line, "M11").model_dump(mode="json"), tab_line(line).model_dump(mode="json")
    assert (staff["price"], staff["amount"], staff["total_paid_amount"]) == ("250.55", "751.65", "0.00")
    assert (diner["price"], diner["amount"]) == ("250.55", "751.65")
    assert public(a_line(quantity=1, price=Decimal("0.05")), "").amount == Decimal("0.05")
