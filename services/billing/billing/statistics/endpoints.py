from typing import Annotated

from fastapi import APIRouter, Depends, Query

from billing.filters import DayQuery
from billing.statistics import service
from billing.statistics.schemas import StatisticsPage
from kit.auth import Owner
from kit.db import SessionDep
from kit.pagination import DbId, Paging, paging

router = APIRouter(prefix="/api", tags=["statistics"])

Listing = Annotated[Paging, Depends(paging(default_size=10))]


@router.get("/obtener-balance/resto-statistics/", response_model=StatisticsPage, operation_id="getRestaurantStatistics")
async def restaurant_statistics(
    principal: Owner,
    session: SessionDep,
    listing: Listing,
    pk: Annotated[DbId, Query(description="the restaurant")],
    payment_type: Annotated[str | None, Query(max_length=40, description="all (no filter), Efectivo, Debito, Credito, MercadoPago, or 1 to 4")] = None,
    start_date: DayQuery = None,
    end_date: DayQuery = None,
):
    """Per dish (group_menu, dish_name), the quantity and amount sold in the period (local days,
    both included), most sold first, 10 a page; `paginate=0` (the chart) answers every row in the
    same shape. `total_amount` is the amount of every row. The owner's and the admin's."""
    return await service.statistics(session, principal, pk, listing, payment_type, start_date, end_date)
