"""The checkout's arithmetic on worked examples, without a database (billing/checkout/rules.py)."""
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from billing.checkout import rules
from billing.checkout.rules import ChargePlan, Line
from billing.ledger.rules import FeeRate

D = Decimal
NOW = datetime(2026, 11, 27, 20, 0, tzinfo=UTC)
OPENED_LONG_AGO = NOW - timedelta(days=400)


def line(line_id: int, price: str, quantity: int = 1, order: int = 1, payable: bool = True, amount: str | None = None) -> Line:
    """A line as ordering answers it: its amount (unit price x quantity, half up, unless given) and
    whether a payment may pay it, both ordering's word."""
    return Line(line_id, order, f"Plato {line_id}", D(price), quantity,
                D(amount) if amount is not None else (D(price) * quantity).quantize(D("0.01")), payable)


# A table: two empanadas (ordered by Ana, order 1), a milanesa and a flan (Luis, order 2).
TAB = [line(1, "100.00", 2, order=1), line(2, "250.50", 1, order=2), line(3, "99.99", 1, order=2)]


def test_the_whole_tab_pays_every_line_ordering_says_is_payable_at_the_fee_in_force():
    # new, rejected, paid: ordering says a payment may not pay them
    lines = TAB + [line(4, "80.00", payable=False), line(5, "80.00", payable=False), line(6, "80.00", payable=False)]
    chosen = rules.select_lines(lines, held_elsewhere=set())
    assert [l.line_id for l in chosen.lines] == [1, 2, 3] and chosen.held == []
    assert rules.total(chosen.lines) == D("550.49")
    # 0.50 % of 550.49 = 2.75245 -> 2.75
    assert rules.plan(D("550.49"), D("0.50")) == [ChargePlan(1, D("550.49"), D("2.75"))]


def test_a_checkout_costs_what_ordering_says_its_lines_cost():
    # 0.335 x 3 = 1.005: ordering's money module says 1.01; billing adds what it is told
    assert rules.total([line(1, "0.335", 3, amount="1.01"), line(2, "2.00", 1, amount="2.00")]) == D("3.01")
    assert rules.total([]) == D("0.00")


def test_own_lines_are_those_of_the_orders_the_phone_placed():
    chosen = rules.select_lines(TAB, held_elsewhere=set(), orders=[2])
    assert [l.line_id for l in chosen.lines] == [2, 3] and rules.total(chosen.lines) == D("350.49")
    # 0.50 % of 350.49 = 1.75245 -> 1.75
    assert rules.plan(rules.total(chosen.lines), D("0.50"))[0].fee == D("1.75")


def test_lines_another_checkout_holds_are_set_apart():
    chosen = rules.select_lines(TAB, held_elsewhere={2})
    assert [l.line_id for l in chosen.lines] == [1, 3] and [l.line_id for l in chosen.held] == [2]


def test_equal_shares_round_half_up_and_the_rounding_cent_goes_to_the_last_share():
    assert rules.equal_parts(D("100.00"), 3) == [D("33.33"), D("33.33"), D("33.34")]
    assert rules.equal_parts(D("200.00"), 3) == [D("66.67"), D("66.67"), D("66.66")]
    # 1,001.00 in 3 at 0.50 %: the fee on the whole is 5.005 -> 5.01; its shares add up to it
    assert rules.plan(D("1001.00"), D("0.50"), 3) == [
        ChargePlan(1, D("333.67"), D("1.67")), ChargePlan(2, D("333.67"), D("1.67")), ChargePlan(3, D("333.66"), D("1.67"))]
    assert rules.plan(D("100.00"), D("0.50"), 3) == [
        ChargePlan(1, D("33.33"), D("0.17")), ChargePlan(2, D("33.33"), D("0.17")), ChargePlan(3, D("33.34"), D("0.16"))]


@pytest.mark.parametrize("whole, n", [(D("300.00"), 20), (D("1.50"), 20), (D("0.19"), 20), (D("1234.57"), 7), (D("0.05"), 4)])
def test_shares_always_add_up_to_the_whole_and_none_is_negative(whole, n):
    parts = rules.equal_parts(whole, n)
    assert sum(parts) == whole and len(parts) == n and min(parts) >= 0
    fees = [p.fee for p in rules.plan(whole, D("0.50"), n)]
    assert sum(fees) == rules.fee_of(whole, D("0.50")) and min(fees) >= 0


def test_a_fee_over_many_shares_that_half_up_would_overdraw_rounds_down_instead():
    # 0.50 % of 300.00 is 1.50; 1.50 / 20 = 0.075: half up 19 x 0.08 = 1.52 > 1.50
    assert rules.equal_parts(D("1.50"), 20) == [D("0.07")] * 19 + [D("0.17")]


def test_a_tip_is_a_percent_of_what_the_charge_pays_or_an_amount_up_to_it():
    assert rules.tip(D("550.49"), percent=10) == D("55.05")  # 55.049
    assert rules.tip(D("550.49"), percent=15) == D("82.57")  # 82.5735
    assert rules.tip(D("33.33"), percent=20) == D("6.67")  # 6.666
    assert rules.tip(D("550.49"), fixed=D("50")) == D("50.00")
    assert rules.tip(D("550.49")) == D("0.00")
    for bad in ({"percent": 12}, {"fixed": D("0")}, {"fixed": D("550.50")}, {"fixed": D("1.001")},
                {"percent": 10, "fixed": D("5")}):
        with pytest.raises(rules.TipInvalid):
            rules.tip(D("550.49"), **bad)


def test_a_tip_carries_no_fee():
    plan = rules.plan(D("550.49"), D("0.50"))[0]
    assert plan.fee == rules.fee_of(D("550.49"), D("0.50"))  # the tip is added to the charge, not to its fee base


def test_the_free_month_charges_no_fee_and_then_the_fee_in_force_now_applies():
    opened = NOW - timedelta(days=10)
    assert rules.fee_percent([], opened, NOW) == D("0.00")
    assert rules.plan(D("550.49"), rules.fee_percent([], opened, NOW)) == [ChargePlan(1, D("550.49"), D("0.00"))]
    assert rules.fee_percent([], opened, opened + timedelta(days=30)) == D("0.50")  # the 30 days are over
    history = [FeeRate(D("1.00"), NOW - timedelta(days=100)), FeeRate(D("2.25"), NOW - timedelta(hours=1))]
    assert rules.fee_percent(history, OPENED_LONG_AGO, NOW) == D("2.25")
    # 2.25 % of 550.49 = 12.386025 -> 12.39
    assert rules.plan(D("550.49"), D("2.25"))[0].fee == D("12.39")
    assert rules.fee_percent([], None, NOW) == D("0.50")  # creation not learned yet: past its free month
