from fastapi import APIRouter

from catalog import messages
from catalog.deps import Session, Staff
from catalog.price import service
from catalog.price.schemas import BulkPriceResult, BulkPriceUpdate
from kit.errors import FieldErrors

router = APIRouter(prefix="/api", tags=["prices"])


@router.post("/actualizar-precio-masivo/", response_model=BulkPriceResult, operation_id="updatePricesInBulk")
async def update_prices_in_bulk(body: BulkPriceUpdate, principal: Staff, session: Session, id_menu: int | None = None):
    """Raise or lower every price of a menu (or of one category) by an amount or a percentage."""
    if id_menu is None:
        raise FieldErrors({"id_menu": [messages.SELECT_MENU]})
    return await service.update_prices(session, principal, id_menu, body)
