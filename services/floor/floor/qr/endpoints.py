from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import Response

from floor.qr import service
from kit.i18n import current_lang

router = APIRouter(prefix="/api/qr", tags=["qr"])
# The link a QR encodes is public (anyone can open a public menu), so its image is too.
CACHE = "public, max-age=86400"


@router.get(
    "/menu/{menu_id}/",
    operation_id="menuQr",
    responses={200: {"content": {"image/png": {}, "application/pdf": {}}}},
    response_class=Response,
)
async def menu_qr(
    request: Request,
    menu_id: Annotated[int, Path(ge=1)],
    format: Annotated[Literal["png", "pdf"], Query()] = "png",
):
    link = service.public_menu_link(request.app.state.settings.public_base_url, menu_id)
    if format == "pdf":
        pdf = await service.menu_pdf(link, current_lang.get())
        return Response(pdf, media_type="application/pdf", headers={"Content-Disposition": 'attachment; filename="qr_menu.pdf"', "Cache-Control": CACHE})
    return Response(service.qr_png(link), media_type="image/png", headers={"Cache-Control": CACHE})
