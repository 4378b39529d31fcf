"""The fee arithmetic on worked examples (no database): the commission is the fee in force at the
sale's moment, half up to the cent, nothing in the free month, owed at the counter and retained
online."""
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from billing.ledger.rules import (
    COMMISSION_ACCRUED, FEE_RETAINED, FeeRate, charge, commission, fee_at, in_free_month, money, split,
)

OPENED = datetime(2026, 3, 1, 15, 30, tzinfo=UTC)
LATER = OPENED + timedelta(days=60)


def D(text: str) -> Decimal:
    return Decimal(text)


@pytest.mark.parametrize("amount, percent, expected", [
    ("1000.00", "0.50", "5.00"),
    ("1001.00", "0.50", "5.01"),  # 5.005: the half goes up
    ("1000.99", "0.50", "5.00"),  # 5.00495
    ("999.00", "0.50", "5.00"),  # 4.995 -> 5.00
    ("333.33", "1.25", "4.17"),  # 4.1666...
    ("100.00", "0", "0.00"),
    ("100.00", "100", "100.00"),
    ("0.99", "0.50", "0.00"),  # 0.00495: less than half a cent
    ("1.00", "0.50", "0.01"),  # 0.005: half a cent rounds up to one
])
def test_the_commission_is_the_percent_of_the_sale_rounded_half_up_to_the_cent(amount, percent, expected):
    assert commission(D(amount), D(percent)) == D(expected)
    assert str(commission(D(amount), D(percent))) == expected


def test_money_is_two_places_with_halves_rounded_up():
    assert [str(money(D(v))) for v in ("2.675", "2.665", "-2.675", "7", "0.004")] == ["2.68", "2.67", "-2.68", "7.00", "0.00"]


def test_sales_in_the_first_30_days_are_free_and_the_31st_day_is_not():
    assert in_free_month(OPENED, OPENED)
    assert in_free_month(OPENED, OPENED + timedelta(days=30) - timedelta(microseconds=1))
    assert not in_free_month(OPENED, OPENED + timedelta(days=30))
    assert charge(D("1000.00"), "cash", OPENED + timedelta(days=29, hours=23), OPENED, []) is None
    assert charge(D("1000.00"), "cash", OPENED + timedelta(days=30), OPENED, []).amount == D("5.00")


def test_without_a_change_the_fee_is_the_full_plans_half_percent():
    assert fee_at([], LATER) == D("0.50")
    assert charge(D("2000.00"), "debit", LATER, OPENED, []).amount == D("10.00")


def test_a_sale_is_charged_at_the_fee_in_force_at_its_moment_even_when_the_fee_changed_mid_range():
    changed = LATER + timedelta(days=10)
    history = [FeeRate(D("1.00"), LATER), FeeRate(D("2.50"), changed)]
    before_any = LATER - timedelta(seconds=1)
    assert fee_at(history, before_any) == D("0.50")
    assert fee_at(history, LATER) == D("1.00")  # in force from its own instant
    assert fee_at(history, changed - timedelta(seconds=1)) == D("1.00")
    assert fee_at(history, changed + timedelta(days=400)) == D("2.50")
    # a month of sales of 400.00 each day across the change: 10 days at 1 % and 20 at 2.5 %
    days = [LATER + timedelta(days=d, hours=1) for d in range(30)]
    shares = [charge(D("400.00"), "cash", day, OPENED, history) for day in days]
    assert sum(share.amount for share in shares) == 10 * D("4.00") + 20 * D("10.00")
    assert {share.percent for share in shares} == {D("1.00"), D("2.50")}


def test_counter_sales_accrue_a_debt_and_online_sales_have_it_retained_at_source():
    assert charge(D("100.00"), "cash", LATER, OPENED, []).kind == COMMISSION_ACCRUED
    assert charge(D("100.00"), "debit", LATER, OPENED, []).kind == COMMISSION_ACCRUED
    assert charge(D("100.00"), "credit", LATER, OPENED, []).kind == COMMISSION_ACCRUED
    online = charge(D("100.00"), "online", LATER, OPENED, [])
    assert (online.kind, online.amount, online.percent) == (FEE_RETAINED, D("0.50"), D("0.50"))


def test_a_fee_of_zero_or_a_share_under_half_a_cent_charges_nothing():
    assert charge(D("100.00"), "cash", LATER, OPENED, [FeeRate(D("0"), OPENED)]) is None
    assert charge(D("0.99"), "cash", LATER, OPENED, []) is None


@pytest.mark.parametrize("total, amounts, shares", [
    ("5.01", ["300.00", "701.00"], ["1.50", "3.51"]),  # 1.5015 and 3.5085: the cent to the larger remainder
    ("1.50", ["100.01", "100.01", "100.01"], ["0.50", "0.50", "0.50"]),
    ("0.02", ["100.00", "100.00", "100.00"], ["0.01", "0.01", "0.00"]),  # equal remainders: the earlier lines
    ("10.00", ["2000.00"], ["10.00"]),
    ("0.00", ["100.00", "250.50"], ["0.00", "0.00"]),  # the free month
    ("0.07", ["0.10", "9.90"], ["0.00", "0.07"]),
])
def test_a_sales_commission_is_split_over_its_lines_in_proportion_and_always_adds_up(total, amounts, shares):
    split_ = split(D(total), [D(a) for a in amounts])
    assert [str(share) for share in split_] == shares
    assert sum(split_, D("0")) == D(total)


def test_a_refund_gives_back_the_tip_sale_and_fee_in_proportion_and_adds_up_to_the_whole():
    from billing.ledger.rules import SALE, TIP, given_back

    paid, tip, retained, owed = D("495.55"), D("45.05"), D("2.25"), D("0.00")
    assert given_back(D("99.11"), paid, tip, retained, owed) == {SALE: D("90.10"), TIP: D("9.01"), FEE_RETAINED: D("0.45"),
                                                                 COMMISSION_ACCRUED: D("0.00")}
    # three refunds of a third, booked on their running total, give back exactly the whole
    steps = [given_back(paid * n / 3, paid, tip, retained, owed) for n in (1, 2, 3)]
    assert steps[-1] == {SALE: D("450.50"), TIP: D("45.05"), FEE_RETAINED: D("2.25"), COMMISSION_ACCRUED: D("0.00")}
    assert given_back(D("0"), paid, tip, retained, owed) == {}
    assert given_back(D("600.00"), paid, tip, retained, owed)[SALE] == D("450.50")  # never more than was paid
