from fastapi import APIRouter

from billing.balance import service
from billing.balance.schemas import BalanceQuery, NoSales, RestaurantBalance
from billing.store import StoreDep
from kit.auth import Staff

router = APIRouter(prefix="/api", tags=["balance"])


@router.post(
    "/obtener-balance/resto-balance/", response_model=RestaurantBalance | NoSales, response_model_exclude_none=True,
    operation_id="getRestaurantBalance",
)
async def restaurant_balance(query: BalanceQuery, principal: Staff, store: StoreDep):
    """Sales, commission, income and the current account for a period (local days, both included),
    or `{detail, code: no_sales_in_range}` when nothing was sold. Owner, operator (cash only, no
    current account) and admin."""
    return await service.balance(store, principal, query)
