from typing import Annotated

from fastapi import APIRouter, Header, Request, Response

from kit.db import SessionDep
from ordering.diner import service
from ordering.order.dependencies import LineWorkDep
from ordering.diner.schemas import DinerOrderCreate, DinerOrderPublic, Tab

router = APIRouter(prefix="/api", tags=["diners"])


@router.post("/ordenes/lugar/{token}/", status_code=201, response_model=DinerOrderPublic, operation_id="placeDinerOrder")
async def place_diner_order(
    token: str,
    data: DinerOrderCreate,
    session: SessionDep,
    work: LineWorkDep,
    request: Request,
    response: Response,
    idempotency_key: Annotated[str | None, Header(description="optional, one per tap on 'send'; 8 to 100 characters")] = None,
):
    """Anonymous: the place token from the table's QR. The order goes onto the board (status 1).
    The same Idempotency-Key again answers the order it placed (200), placing nothing; without
    one (the spec's call) every call places an order."""
    state = request.app.state
    answer, created = await service.place_diner_order(work, session, state.redis, state.settings, token, idempotency_key, data)
    if not created:
        response.status_code = 200
    return answer


@router.get("/ordenes/lugar/{token}/", response_model=Tab, operation_id="getPlaceTab")
async def get_tab(token: str, session: SessionDep):
    """The table's shared tab: every line on it, who ordered it, and the running total."""
    return await service.tab(session, token)
