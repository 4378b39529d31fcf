from fastapi import APIRouter

from billing.fee import service
from billing.fee.schemas import FeePublic, FeeUpdate
from billing.store import StoreDep
from kit.auth import Admin
from kit.pagination import DbId

router = APIRouter(prefix="/api", tags=["fees"])


@router.get("/comision-resto/{restaurant_id}/", response_model=FeePublic, operation_id="getApplicationFee")
async def get_fee(restaurant_id: DbId, principal: Admin, store: StoreDep):
    """The restaurant's application fee now (0.50 until the admin sets one)."""
    return await service.current(store, restaurant_id)


@router.put("/comision-resto/{restaurant_id}/", response_model=FeePublic, operation_id="setApplicationFee")
async def set_fee(restaurant_id: DbId, data: FeeUpdate, principal: Admin, store: StoreDep):
    """Admin only: a percent from 0 to 100 with at most two decimals, charged on the sales paid from
    now on (earlier sales keep theirs); announced as `billing.fee.changed`."""
    return await service.change(store, principal, restaurant_id, data.application_fee)
