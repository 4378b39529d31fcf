from fastapi import APIRouter

from catalog.deps import Session, Staff
from catalog.price import service
from catalog.price.schemas import BulkPriceResult, BulkPriceUpdate

router = APIRouter(prefix="/api", tags=["prices"])


@router.post("/actualizar-precio-masivo/", response_model=BulkPriceResult, operation_id="updatePricesInBulk")
async def update_prices_in_bulk(id_menu: int, body: BulkPriceUpdate, principal: Staff, session: Session):
    """Raise or lower every price of a menu (or of one category) by an amount or a percentage."""
    return await service.update_prices(session, principal, id_menu, body)
