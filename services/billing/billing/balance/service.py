"""The restaurant's balance for a period (spec part 2 §2 'Balance screen', §7 'Restaurant balance').

Operators (group 4) see only what was charged in cash, and never the current account.
"""
from sqlalchemy.ext.asyncio import AsyncSession

from billing import messages
from billing.balance.schemas import BalanceQuery, NoSales, RestaurantBalance
from billing.filters import payment_method, period
from billing.ledger import repository as ledger
from billing.projections.repository import ensure_restaurant
from kit.auth import OPERATOR
from kit.tokens import Principal


async def balance(session: AsyncSession, principal: Principal, query: BalanceQuery) -> RestaurantBalance | NoSales:
    await ensure_restaurant(session, principal, query.fk_resto)
    method, days = payment_method(query.payment_type), period(query.start_date, query.end_date)
    operator = principal.in_group(OPERATOR)
    if operator:
        method = "cash"
    sales = await ledger.sales(session, query.fk_resto, days, method)
    if sales.count == 0:
        return NoSales(detail=messages.NO_SALES_IN_RANGE.render())
    return RestaurantBalance(
        importe_total=sales.amount,
        importe_resto=sales.commission,
        ingreso_restaurante=sales.amount - sales.commission,
        cta_cte_resto=None if operator else await ledger.owed_by(session, query.fk_resto),
    )
