from typing import Annotated

from fastapi import APIRouter, Depends, Query

from identity.admin import repository, service
from identity.listing import listing
from identity.admin.schemas import AdminRestaurantPage, DashboardPage
from kit.auth import ADMIN, require_groups
from kit.db import SessionDep


router = APIRouter(prefix="/api/admin", tags=["admin"], dependencies=[Depends(require_groups(ADMIN))])
Search = Annotated[str | None, Query(max_length=100)]
Ordering = Annotated[str | None, Query(max_length=40)]
Page = Annotated[int, Query(ge=1)]
Size = Annotated[int, Query(ge=-1, le=500)]


@router.get("/restaurantes/", response_model=AdminRestaurantPage, operation_id="adminListRestaurants")
async def list_restaurants(session: SessionDep, search: Search = None, ordering: Ordering = None, page: Page = 1, size: Size = 20):
    """Every restaurant with the admin row fields (spec part 2 §3)."""
    count, rows = await repository.page(session, search, ordering, listing(page, size))
    return {"count": count, "results": [service.restaurant_row(*row) for row in rows]}


@router.get("/dashboard/", response_model=DashboardPage, operation_id="adminDashboard")
async def dashboard(session: SessionDep, search: Search = None, ordering: Ordering = None, page: Page = 1, size: Size = 20):
    count, rows = await repository.page(session, search, ordering, listing(page, size))
    return {"count": count, "results": [service.dashboard_row(*row) for row in rows]}
