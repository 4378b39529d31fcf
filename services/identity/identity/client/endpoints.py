from typing import Annotated

from fastapi import APIRouter, Query, Request

from identity.client import repository, service
from identity.listing import listing
from identity.client.schemas import ClientPage, ProfilePublic, ProfileUpdate
from identity.deps import CurrentAccount, SettingsDep
from identity.forms import parse_form
from kit.auth import Admin
from kit.db import SessionDep

router = APIRouter(prefix="/api/cliente", tags=["clients"])


@router.get("/", response_model=ClientPage, operation_id="listAccounts")
async def list_accounts(
    _: Admin,
    session: SessionDep,
    search: Annotated[str | None, Query(max_length=100)] = None,
    page: Annotated[int, Query(ge=1)] = 1,
    size: Annotated[int, Query(ge=-1, le=500)] = 20,
):
    """The admin's customer list (every account but admins)."""
    count, rows = await repository.accounts_page(session, search, listing(page, size))
    return {"count": count, "results": service.account_rows(rows)}


@router.get("/detalles/", response_model=ProfilePublic, operation_id="getProfile")
async def get_profile(user: CurrentAccount, session: SessionDep):
    return service.public(user, await service.profile_of(session, user))


@router.put(
    "/actualizar/",
    response_model=ProfilePublic,
    operation_id="updateProfile",
    openapi_extra={"requestBody": {"content": {"multipart/form-data": {"schema": {"type": "object"}}}}},
)
async def update_profile(request: Request, user: CurrentAccount, session: SessionDep, settings: SettingsDep):
    data, uploads = await parse_form(request, ProfileUpdate, files={"imagen"})
    profile = await service.update_profile(session, user, data, uploads.get("imagen"), settings.media_dir)
    return service.public(user, profile)
