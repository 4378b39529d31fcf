from typing import Annotated

from fastapi import APIRouter, Header

from billing.commission import service
from billing.commission.schemas import Collection, CollectionResult, FeeRow
from billing.filters import DayQuery, RestaurantQuery
from billing.store import StoreDep
from kit.auth import Admin
from kit.pagination import Listing, Ordering, Page, Search

router = APIRouter(prefix="/api", tags=["commissions"])

@router.get("/obtener-balance/resto-fee/", response_model=Page[FeeRow] | list[FeeRow], operation_id="listRestaurantFees")
async def restaurant_fees(
    principal: Admin,
    store: StoreDep,
    listing: Listing,
    search: Search = None,
    ordering: Ordering = None,
    date_start: DayQuery = None,
    date_end: DayQuery = None,
):
    """Every restaurant (a deleted one while it still owes) with its sales, commission and
    collections in the period (local days, both included) and what it owes now. Searches the local
    name and the owner's username; orders by any column (`-` first for descending), by name when
    none is asked."""
    count, rows = await service.fee_table(store, listing, date_start, date_end, search, ordering)
    return listing.answer(count, rows)


@router.post("/control-fee/paga-comision/", response_model=CollectionResult, operation_id="collectCommission")
async def collect_commission(
    data: Collection,
    principal: Admin,
    store: StoreDep,
    resto: RestaurantQuery,
    idempotency_key: Annotated[str | None, Header(description="one per collection; 8 to 100 characters")] = None,
):
    """Record a commission the admin collected (more than 0, at most what the restaurant owes);
    answers what it still owes. A retry with the same Idempotency-Key and request answers the same
    and records nothing; the key with another request is a 409 `idempotency_key_reused`."""
    return CollectionResult(monto_deuda_total=await service.collect(store, principal, resto, data.credit, idempotency_key))
