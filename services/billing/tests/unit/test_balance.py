"""The balance's arithmetic (`balance.service`, over fakes): sales, the commission on them, what the
restaurant keeps (sales less commission) and its current account (commission accrued less what
the admin collected), for a period of local days and a payment type; an operator sees cash only
and never the current account."""
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest

from billing.balance.schemas import BalanceQuery, NoSales, RestaurantBalance
from billing.balance.service import balance, figures
from billing.commission.errors import CreditOverDebt, IdempotencyKeyReused
from billing.commission.service import collect
from billing.ledger.repository import Sales
from billing.ledger.service import record_payments
from kit import localtime
from kit.auth import ADMIN, OPERATOR, OWNER
from kit.errors import NotFound
from kit.tokens import Principal
from tests.unit.steps import A, OWNER_A, paid, world

D = Decimal
OPERATOR_A = 3


def principal(user_id: int, group: int) -> Principal:
    return Principal(user_id=user_id, username=f"{user_id}@example.com", groups=(group,), token_id="t", issued_at=0, expires_at=0)


def on(day: date, hour: int = 13) -> datetime:
    """A moment of the restaurant's day, as an event carries it (UTC)."""
    return datetime(day.year, day.month, day.day, hour, tzinfo=localtime.zone()).astimezone(UTC)


def test_the_figures_are_sales_commission_what_is_kept_and_what_is_owed():
    assert figures(Sales(3, D("2450.00"), D("12.26")), D("7.75")) == RestaurantBalance(
        importe_total=D("2450.00"), importe_resto=D("12.26"), ingreso_restaurante=D("2437.74"), cta_cte_resto=D("7.75"))
    assert figures(Sales(3, D("2450.00"), D("12.26")), None).cta_cte_resto is None
    nothing = figures(Sales(0, D("0.00"), D("0.00")), D("7.75"))
    assert isinstance(nothing, NoSales) and nothing.code == "no_sales_in_range"


async def sales_of_a_week():
    """Cash 1,000.00 on the 1st, debit 2,000.00 on the 3rd, online 450.50 on the 5th (all fee owed:
    no checkout behind it) of December."""
    store = world()
    store.projections.members[(A, OPERATOR_A)] = {OPERATOR}
    await record_payments(store, [paid("1000.00", at=on(date(2026, 12, 1))), paid("2000.00", method="debit", at=on(date(2026, 12, 3))),
                                  paid("450.50", method="credit", at=on(date(2026, 12, 5)))])
    return store


async def test_the_owners_balance_sums_the_period_and_owes_over_all_time():
    store = await sales_of_a_week()
    owner = principal(OWNER_A, OWNER)
    every = await balance(store, owner, BalanceQuery(fk_resto=A))
    # 5.00 + 10.00 + 2.25 (450.50 x 0.50 % = 2.2525)
    assert every == RestaurantBalance(importe_total=D("3450.50"), importe_resto=D("17.25"), ingreso_restaurante=D("3433.25"),
                                      cta_cte_resto=D("17.25"))
    some = await balance(store, owner, BalanceQuery(fk_resto=A, start_date="2026-12-02", end_date="2026-12-05", payment_type="Debito"))
    assert some == RestaurantBalance(importe_total=D("2000.00"), importe_resto=D("10.00"), ingreso_restaurante=D("1990.00"),
                                     cta_cte_resto=D("17.25"))
    assert isinstance(await balance(store, owner, BalanceQuery(fk_resto=A, start_date="2026-12-06")), NoSales)


async def test_what_the_admin_collects_lowers_the_current_account_and_never_more_than_is_owed():
    store = await sales_of_a_week()
    admin = principal(9, ADMIN)
    assert await collect(store, admin, A, D("7.25"), "cobro-0001") == D("10.00")
    assert await collect(store, admin, A, D("7.25"), "cobro-0001") == D("10.00")  # the same request again: recorded once
    with pytest.raises(IdempotencyKeyReused):
        await collect(store, admin, A, D("1.00"), "cobro-0001")
    with pytest.raises(CreditOverDebt):
        await collect(store, admin, A, D("10.01"), None)
    assert store.locks.count(("collections", A)) == 4  # every collection waits its turn
    owner = await balance(store, principal(OWNER_A, OWNER), BalanceQuery(fk_resto=A))
    assert (owner.importe_resto, owner.cta_cte_resto) == (D("17.25"), D("10.00"))  # collecting is no sale and no commission
    with pytest.raises(NotFound):
        await collect(store, admin, 99, D("1.00"), None)


async def test_an_operator_sees_the_cash_only_and_never_the_current_account():
    store = await sales_of_a_week()
    seen = await balance(store, principal(OPERATOR_A, OPERATOR), BalanceQuery(fk_resto=A, payment_type="all"))
    assert seen == RestaurantBalance(importe_total=D("1000.00"), importe_resto=D("5.00"), ingreso_restaurante=D("995.00"))
    with pytest.raises(NotFound):
        await balance(store, principal(OPERATOR_A + 1, OPERATOR), BalanceQuery(fk_resto=A))  # not A's
