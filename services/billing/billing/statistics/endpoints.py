from typing import Annotated

from fastapi import APIRouter, Depends

from billing.filters import DayQuery, PaymentTypeQuery, RestaurantQuery
from billing.statistics import service
from billing.statistics.schemas import StatisticsPage
from billing.store import StoreDep
from kit.auth import Owner
from kit.pagination import Paging, paging

router = APIRouter(prefix="/api", tags=["statistics"])

Listing = Annotated[Paging, Depends(paging(default_size=10))]


@router.get("/obtener-balance/resto-statistics/", response_model=StatisticsPage, operation_id="getRestaurantStatistics")
async def restaurant_statistics(
    principal: Owner,
    store: StoreDep,
    listing: Listing,
    pk: RestaurantQuery,
    payment_type: PaymentTypeQuery = None,
    start_date: DayQuery = None,
    end_date: DayQuery = None,
):
    """Per dish (group_menu, dish_name), the quantity and amount sold in the period (local days,
    both included), most sold first, 10 a page; `paginate=0` (the chart) answers every row in the
    same shape. `total_amount` is the amount of every row. The owner's and the admin's."""
    return await service.statistics(store, principal, pk, listing, payment_type, start_date, end_date)
