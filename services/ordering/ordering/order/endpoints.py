from fastapi import APIRouter, Request, Response

from kit.auth import Staff
from kit.db import SessionDep
from kit.membership import ensure_restaurant_access
from kit.pagination import DbId, Listing, Page
from ordering.clock import Now
from ordering.order import changing, placing, repository
from ordering.order.answers import describe_all
from ordering.order.dependencies import LineWorkDep
from ordering.order.schemas import BoardLine, LinePublic, LineUpdate, OrderCreate, StatusFilter, UpdateAll

router = APIRouter(prefix="/api", tags=["orders"])

@router.get("/ordenes/", response_model=Page[BoardLine] | list[BoardLine], operation_id="listOrderLines")
async def list_lines(
    principal: Staff,
    session: SessionDep,
    listing: Listing,
    fk_sit__fk_resto: DbId | None = None,
    fk_sit: DbId | None = None,
    fk_dish: DbId | None = None,
    fk_delivery: DbId | None = None,
    status: StatusFilter = None,
    croquis: bool = False,
):
    """The board's lines, newest first. `croquis=1`: only the lines on the tables' tabs (the sketch,
    usually with `paginate=0`); otherwise every line, filtered by status ('0' is all), place, delivery
    or dish."""
    if fk_sit__fk_resto is not None:
        await ensure_restaurant_access(session, principal, fk_sit__fk_resto)
    count, lines = await repository.search(
        session, principal, listing, restaurant_id=fk_sit__fk_resto, place_id=fk_sit, delivery_id=fk_delivery, dish_id=fk_dish,
        status=status, on_tab_only=croquis,
    )
    return listing.answer(count, await describe_all(session, lines))


@router.post("/ordenes/", status_code=201, response_model=list[LinePublic], operation_id="createOrders")
async def create_orders(principal: Staff, session: SessionDep, work: LineWorkDep, request: Request, data: OrderCreate, now: Now):
    """New orders for tables: `{fk_resto, ordenes: [{fk_sit, fk_dish, quantity, extra_commentary}]}`.
    Names and prices are copied from catalog's dishes; each line starts new (1)."""
    lines = await placing.staff_place(work, request.app.state.settings, principal, data.fk_resto, data, now)
    return await describe_all(session, lines)


@router.put("/ordenes/{line_id}/", response_model=LinePublic, operation_id="updateOrderLine")
async def update_line(line_id: DbId, principal: Staff, session: SessionDep, work: LineWorkDep, request: Request, data: LineUpdate):
    """A status change by the transition table; dish, quantity or comment only while new. With
    `version`, or when another tablet wrote first, a stale change is 409 `changed_meanwhile`. Paid
    (6) only through a payment (`pagar-orden/`): 400 `paid_only_by_payment`; a line paid in cash is
    never rejected: 400 `cash_not_rejectable`."""
    line = await changing.change(work, request.app.state.settings, principal, line_id, data)
    [answer] = await describe_all(session, [line])
    return answer


@router.delete("/ordenes/{line_id}/", status_code=204, response_class=Response, operation_id="deleteOrderLine")
async def delete_line(line_id: DbId, principal: Staff, work: LineWorkDep) -> None:
    await changing.remove(work, principal, line_id)


@router.post("/ordenes/update-all/", response_model=list[LinePublic], operation_id="updateOrderLines")
async def update_all(principal: Staff, session: SessionDep, work: LineWorkDep, data: UpdateAll):
    """`{pk_resto, lines: [{pk, status, version?}]}`: all move, or none does (an illegal one names why).
    With `delivery: true`, lines the target does not follow from are left as they are."""
    lines = await changing.update_all(work, principal, data)
    return await describe_all(session, lines)
