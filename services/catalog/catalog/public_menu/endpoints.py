"""`public-menu/`: anonymous, and the hottest path of the platform (every diner's phone).

A hit is one Redis GET and the stored bytes sent as they are: no database, no JSON work, an
ETag computed when the answer was cached. Hits are normally answered by `fast_path` before the
application stack; this endpoint answers the misses (build from the database, cache) and
documents the call.
"""
from fastapi import APIRouter, Request, Response

from catalog.menu.errors import MenuNotFound
from catalog.public_menu import service
from catalog.public_menu.fast_path import answer
from catalog.public_menu.schemas import PublicMenu
from kit.pagination import DbId

router = APIRouter(prefix="/api", tags=["public menu"])


@router.get(
    "/public-menu/",
    response_model=PublicMenu,
    operation_id="getPublicMenu",
    responses={304: {"description": "Not modified (If-None-Match)"}, 404: {"description": "Menu no encontrado"}},
)
async def public_menu(request: Request, menu: DbId):
    """The menu diners see: categories with enabled dishes, prices, images, the restaurant's name,
    logo, hours and whether it takes orders. 404 'Menu no encontrado' when missing or empty.
    Sent gzip-compressed to clients that accept it; ETag and If-None-Match give 304."""
    cache = request.app.state.menu_cache
    hit = await cache.get(menu)
    if hit is None:
        version = await cache.version(menu)  # before reading: see public_menu/cache.py
        async with request.app.state.session_factory() as session:
            body = await service.build(session, menu)
        if body is None:
            raise MenuNotFound()
        hit = await cache.put(menu, version, body)
    status, headers, body = answer(*hit, request.headers.raw, head=request.method == "HEAD")
    response = Response(status_code=status)
    response.body, response.raw_headers = body, headers
    return response
