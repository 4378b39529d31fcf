"""`public-menu/`: anonymous, and the hottest path of the platform (every diner's phone).

A hit is one Redis GET and the stored bytes sent as they are: no database, no JSON work, an
ETag computed when the answer was cached. A miss builds the answer from the database and caches it.
"""
from fastapi import APIRouter, Request, Response

from catalog.menu.errors import MenuNotFound
from catalog.public_menu import service
from catalog.public_menu.schemas import PublicMenu

router = APIRouter(prefix="/api", tags=["public menu"])

# Phones must never show an old price, yet should not download an unchanged menu again:
# `max-age=0, must-revalidate` makes them ask every time with If-None-Match, and an unchanged
# menu costs a 304 of a few bytes. `public` lets a shared cache (CDN) do the same for everyone.
CACHE_CONTROL = "public, max-age=0, must-revalidate"


def _matches(if_none_match: str | None, etag: str) -> bool:
    if not if_none_match:
        return False
    for candidate in if_none_match.split(","):
        candidate = candidate.strip()
        if candidate == "*" or candidate.removeprefix("W/") == etag:
            return True
    return False


@router.get(
    "/public-menu/",
    response_model=PublicMenu,
    operation_id="getPublicMenu",
    responses={304: {"description": "Not modified (If-None-Match)"}, 404: {"description": "Menu no encontrado"}},
)
async def public_menu(request: Request, menu: int):
    """The menu diners see: categories with enabled dishes, prices, images, the restaurant's name,
    logo, hours and whether it takes orders. 404 'Menu no encontrado' when missing or empty."""
    cache = request.app.state.menu_cache
    hit = await cache.get(menu)
    if hit is None:
        version = await cache.version(menu)  # before reading: see public_menu/cache.py
        async with request.app.state.session_factory() as session:
            body = await service.build(session, menu)
        if body is None:
            raise MenuNotFound()
        etag = (await cache.put(menu, version, body)).decode()
    else:
        etag, body = hit[0].decode(), hit[1]
    headers = {"ETag": etag, "Cache-Control": CACHE_CONTROL}
    if _matches(request.headers.get("if-none-match"), etag):
        return Response(status_code=304, headers=headers)
    return Response(content=body, media_type="application/json", headers=headers)
