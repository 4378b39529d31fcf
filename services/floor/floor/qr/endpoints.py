from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import Response

from floor.place import repository as place_repository
from floor.place import service as places
from floor.place.endpoints import Token, base_url
from floor.qr import service, sheets
from kit.auth import Staff
from kit.db import SessionDep
from kit.i18n import current_lang
from kit.membership import ensure_restaurant_access
from kit.pagination import DbId
from kit.pdf import Document, PdfResponse

router = APIRouter(prefix="/api/qr", tags=["qr"])
# The link a menu's QR encodes is public (anyone can open a public menu), so its image is too.
CACHE = "public, max-age=86400"
# A place's code changes when staff renew it: caches keep it briefly.
PLACE_CACHE = "public, max-age=300"


@router.get(
    "/menu/{menu_id}/",
    operation_id="menuQr",
    responses={200: {"content": {"image/png": {}, "application/pdf": {}}}},
    response_class=Response,
)
async def menu_qr(
    request: Request,
    session: SessionDep,
    menu_id: Annotated[int, Path(ge=1, le=2**31 - 1)],
    format: Annotated[Literal["png", "pdf"], Query()] = "png",
):
    # The public menu's code: a PNG, or one A4 page to print (rendered once per menu and language);
    # 404 for a menu that does not exist, before anything is drawn.
    await service.ensure_menu(session, menu_id)
    link = service.public_menu_link(base_url(request), menu_id)
    if format == "pdf":
        page = Document(service.menu_html, (link, current_lang.get()))
        # its words are in the caller's language: a cache keeps one copy per language
        headers = {"Cache-Control": CACHE, "Vary": "Accept-Language"}
        return PdfResponse(page, "qr_menu.pdf", tenant="menu-qr", cache=service.MENU_PDFS, headers=headers)
    return Response(service.qr_png(link), media_type="image/png", headers={"Cache-Control": CACHE})


@router.get("/lugar/{token}.png", operation_id="placeQrPng", responses={200: {"content": {"image/png": {}}}}, response_class=Response)
async def place_qr_png(request: Request, token: Token, session: SessionDep):
    """The code of one place (its diner link); 410 for a replaced code."""
    place = await places.by_token(session, token)
    return Response(service.qr_png(places.diner_link(base_url(request), place.token)), media_type="image/png", headers={"Cache-Control": PLACE_CACHE})


@router.get("/lugar/{token}.svg", operation_id="placeQrSvg", responses={200: {"content": {"image/svg+xml": {}}}}, response_class=Response)
async def place_qr_svg(request: Request, token: Token, session: SessionDep):
    place = await places.by_token(session, token)
    return Response(service.qr_svg(places.diner_link(base_url(request), place.token)), media_type="image/svg+xml", headers={"Cache-Control": PLACE_CACHE})


@router.get("/sit/", operation_id="placeQrSheets", responses={200: {"content": {"application/pdf": {}}}}, response_class=Response)
async def place_qr_sheets(
    request: Request,
    principal: Staff,
    session: SessionDep,
    fk_resto: DbId,
    layout: sheets.Layout = "3x3",
    sit_type: Literal["mesa", "silla", "delivery"] | None = None,
    ids: Annotated[str | None, Query(max_length=4000, pattern=r"^\d+(,\d+)*$")] = None,
):
    """The restaurant's codes to print: all of them, only tables or only chairs (`sit_type`), or
    some (`ids=1,2,3`; one id with layout `uno` or `uno-instrucciones` for a single place)."""
    # At most 300 codes (400 `qr_too_many_places`) on at most 60 pages (400 `qr_too_many_pages`).
    await ensure_restaurant_access(session, principal, fk_resto)
    wanted = None if ids is None else {int(i) for i in ids.split(",")}
    if wanted is not None:
        sheets.check_size(len(wanted), layout)
    chosen = await place_repository.of_restaurant(session, fk_resto)
    if sit_type is not None:
        chosen = [p for p in chosen if p.kind == sit_type]
    if wanted is not None:
        chosen = [p for p in chosen if p.id in wanted]
    if not chosen:
        raise places.PlaceNotFound()
    sheets.check_size(len(chosen), layout)
    url = base_url(request)
    codes = tuple((p.name, places.diner_link(url, p.token)) for p in chosen)
    restaurant = await place_repository.restaurant_name(session, fk_resto)
    # the one QR file name the spec gives (part 2 §9), whatever the sheet holds: the web saves it so too
    name = "qr_menu.pdf"
    # Rendered once the answer is sent, after the session gave its connection back (kit.pdf).
    return PdfResponse(Document(sheets.sheets_html, (codes, layout, current_lang.get(), restaurant)), name,
                       tenant=fk_resto, cache=sheets.SHEETS, headers={"Cache-Control": "private, no-store"})
