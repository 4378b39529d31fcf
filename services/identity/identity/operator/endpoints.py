from typing import Annotated

from fastapi import APIRouter, Query, Response

from identity.deps import NotDemo, RevocationsDep
from identity.listing import listing
from identity.operator import repository, service
from identity.operator.schemas import OperatorCreate, OperatorPage, OperatorPublic, OperatorUpdate
from identity.restaurant import repository as restaurants
from kit.auth import Owner
from kit.db import SessionDep

router = APIRouter(prefix="/api/registrar-operador", tags=["operators"])


@router.get("/", response_model=OperatorPage, operation_id="listOperators")
async def list_operators(
    principal: Owner,
    session: SessionDep,
    resto: int | None = None,
    page: Annotated[int, Query(ge=1)] = 1,
    size: Annotated[int, Query(ge=-1, le=500)] = 10,
):
    paging = listing(page, size)
    if resto is not None:
        await restaurants.get_owned(session, principal, resto)
    count, rows = await repository.page(session, principal, resto, paging)
    return {"count": count, "results": [service.public(operator, user) for operator, user in rows]}


@router.post("/", status_code=201, response_model=OperatorPublic, operation_id="createOperator", dependencies=[NotDemo])
async def create_operator(body: OperatorCreate, principal: Owner, session: SessionDep):
    restaurant = await restaurants.get_owned(session, principal, body.fk_resto)
    operator, user = await service.add_operator(session, restaurant, body)
    return service.public(operator, user)


@router.get("/{operator_id}/", response_model=OperatorPublic, operation_id="getOperator")
async def get_operator(operator_id: int, principal: Owner, session: SessionDep):
    return service.public(*await repository.get_owned(session, principal, operator_id))


@router.put("/{operator_id}/", response_model=OperatorPublic, operation_id="updateOperator")
async def update_operator(
    operator_id: int, body: OperatorUpdate, principal: Owner, session: SessionDep, revocations: RevocationsDep
):
    operator, user = await repository.get_owned(session, principal, operator_id)
    await service.update_operator(session, revocations, operator, user, body)
    return service.public(operator, user)


@router.delete("/{operator_id}/", status_code=204, operation_id="deleteOperator")
async def delete_operator(operator_id: int, principal: Owner, session: SessionDep, revocations: RevocationsDep):
    operator, user = await repository.get_owned(session, principal, operator_id)
    await service.remove_operator(session, revocations, operator, user)
    return Response(status_code=204)
