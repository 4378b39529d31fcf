"""The restaurant's balance for a period (spec part 2 §2 'Balance screen', §7 'Restaurant balance').

Operators (group 4) see only what was charged in cash, and never the current account.
"""
from decimal import Decimal

from billing import messages
from billing.balance.schemas import BalanceQuery, NoSales, RestaurantBalance
from billing.filters import payment_method, period
from billing.ledger.repository import Sales
from billing.store import Store
from kit.auth import OPERATOR
from kit.tokens import Principal


def figures(sales: Sales, owed: Decimal | None) -> RestaurantBalance | NoSales:
    """The screen's figures: the sales, the commission on them, what the restaurant keeps of them
    (sales less commission) and what it owes now (`owed`, None where it is not shown); nothing sold
    in the period is said so."""
    if sales.count == 0:
        return NoSales(detail=messages.NO_SALES_IN_RANGE.render())
    return RestaurantBalance(
        importe_total=sales.amount,
        importe_resto=sales.commission,
        ingreso_restaurante=sales.amount - sales.commission,
        cta_cte_resto=owed,
    )


async def balance(store: Store, principal: Principal, query: BalanceQuery) -> RestaurantBalance | NoSales:
    await store.projections.ensure_restaurant(principal, query.fk_resto)
    method, days = payment_method(query.payment_type), period(query.start_date, query.end_date)
    operator = principal.in_group(OPERATOR)
    if operator:
        method = "cash"
    sales = await store.ledger.sales(query.fk_resto, days, method)
    if sales.count == 0:
        return figures(sales, None)
    return figures(sales, None if operator else await store.ledger.owed_by(query.fk_resto))
