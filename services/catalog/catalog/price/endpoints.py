from fastapi import APIRouter

from catalog.price import service
from catalog.price.errors import MenuRequired
from catalog.price.schemas import BulkPriceResult, BulkPriceUpdate
from kit.auth import Staff
from kit.db import SessionDep
from kit.pagination import DbId

router = APIRouter(prefix="/api", tags=["prices"])


@router.post("/actualizar-precio-masivo/", response_model=BulkPriceResult, operation_id="updatePricesInBulk")
async def update_prices_in_bulk(body: BulkPriceUpdate, principal: Staff, session: SessionDep, id_menu: DbId | None = None):
    """Raise or lower every price of a menu (or of one category) by an amount or a percentage."""
    if id_menu is None:
        raise MenuRequired()
    return await service.update_prices(session, principal, id_menu, body)
