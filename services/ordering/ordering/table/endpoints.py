from typing import Literal

from fastapi import APIRouter, Request

from kit.auth import Staff
from kit.db import SessionDep
from kit.pagination import DbId
from ordering import messages
from ordering.order.answers import describe_all
from ordering.order.dependencies import LineWorkDep
from ordering.table import service
from ordering.table.schemas import TableActionResult, TableDetail, TablePublic

router = APIRouter(prefix="/api", tags=["tables"])

ACTIONS = {"aceptar": "accept", "entregar": "deliver", "rechazar": "reject"}
DONE = {"accept": "2", "deliver": "4", "reject": "3"}


@router.get("/ordenes/mesas/", response_model=list[TablePublic], operation_id="listBoardTables")
async def list_tables(principal: Staff, session: SessionDep, fk_resto: DbId):
    """Every place of the restaurant with its display status, per-status counts and the late flag
    (the screen polls it every half of the wait time, spec part 2 §4 'Wait-time timer')."""
    return await service.board(session, principal, fk_resto)


@router.get("/ordenes/mesas/{place_id}/", response_model=TableDetail, operation_id="getBoardTable")
async def get_table(request: Request, place_id: DbId, principal: Staff, session: SessionDep):
    """One place of the board with the lines on its tab, and the limits of a new line: what a
    screen fetches again when a live message names the place."""
    table, lines = await service.table(session, principal, place_id)
    return TableDetail(
        **table.model_dump(exclude={"actions"}), lines=await describe_all(session, lines),
        max_quantity=request.app.state.settings.max_quantity_per_line,
    )


@router.post("/ordenes/mesa/{place_id}/liberar/", response_model=TableActionResult, operation_id="freeTable")
async def free_table(place_id: DbId, principal: Staff, session: SessionDep, work: LineWorkDep):
    """Rejects the table's new and accepted orders and clears its tab (after the screen's confirmation)."""
    moved = await service.free(work, principal, place_id)
    return TableActionResult(detail=messages.TABLE_FREED.render(), lines=await describe_all(session, moved))


@router.post("/ordenes/mesa/{place_id}/{accion}/", response_model=TableActionResult, operation_id="tableBulkAction")
async def bulk_action(
    place_id: DbId, accion: Literal["aceptar", "entregar", "rechazar"], principal: Staff, session: SessionDep, work: LineWorkDep,
):
    """Accept all (1 to 2), deliver all (2 to 4) or reject all (1 and 2 to 3; 'no reject' unless the
    table shows 1 or 2). Answers the lines moved."""
    action = ACTIONS[accion]
    moved = await service.bulk(work, principal, place_id, action)
    return TableActionResult(detail=messages.STATUS_NAMES[DONE[action]].render(), lines=await describe_all(session, moved))
