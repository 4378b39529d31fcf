"""Money over order lines, one definition (ordering/money.py), on worked examples: Decimal, two
places, half up. No database, no app: this layer runs in milliseconds."""
from decimal import Decimal
from typing import NamedTuple

import pytest

from ordering import money


class Line(NamedTuple):
    price: Decimal
    quantity: int
    status: str


def line(price: str, quantity: int, status: str = "2") -> Line:
    return Line(Decimal(price), quantity, status)


@pytest.mark.parametrize(("price", "quantity", "total"), [
    ("250.50", 3, "751.50"),
    ("100", 2, "200.00"),  # always two places
    ("0.125", 3, "0.38"),  # 0.375 rounds half up
    ("1.005", 1, "1.01"),  # half up, where banker's rounding gives 1.00
    ("0.333", 3, "1.00"),  # the product is rounded, not the unit price (0.33 x 3 would be 0.99)
    ("0.00", 5, "0.00"),
])
def test_a_lines_total_is_its_unit_price_times_its_quantity_rounded_half_up(price, quantity, total):
    assert str(money.line_total(Decimal(price), quantity)) == total


def test_an_amount_is_never_a_float():
    with pytest.raises(TypeError):
        money.line_total(0.1, 3)
    with pytest.raises(TypeError):
        money.rounded(0.1)


def test_a_tab_leaves_rejected_lines_out():
    lines = [line("100.00", 2, "1"), line("250.50", 1, "4"), line("999.99", 3, "3"), line("10.00", 1, "6")]
    assert str(money.tab_total(lines)) == "460.50"
    assert [str(money.line_charge(l)) for l in lines] == ["200.00", "250.50", "0.00", "10.00"]


def test_an_empty_tab_is_zero_with_two_places():
    assert str(money.tab_total([])) == "0.00"
    assert str(money.tab_total([line("5.00", 1, "3")])) == "0.00"


def test_a_deliverys_total_amount_leaves_out_new_rejected_and_paid_lines_as_the_spec_says():
    lines = [line("100.00", 2, "1"), line("250.50", 1, "2"), line("80.00", 1, "3"), line("20.00", 2, "4"),
             line("30.00", 1, "6"), line("15.25", 2, "7")]
    assert str(money.delivery_total_amount(lines)) == "321.00"  # 250.50 + 40.00 + 30.50
    # what its cash must cover: every line but the rejected one
    assert str(money.tab_total(lines)) == "551.00"


def test_the_sum_of_line_totals_is_exact():
    # a thousand lines of 0.10: floats would drift, Decimal does not
    assert str(money.tab_total([line("0.10", 1)] * 1000)) == "100.00"
