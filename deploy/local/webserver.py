#!/usr/bin/env python3
"""Static server for the built web app (web/dist): the local stand-in for the nginx container.

- hashed files under /assets/ are cached for a year (immutable); everything else revalidates;
- any other GET path without a file answers index.html (SPA fallback), except /api/, /ws/ and
  /media/ paths, which answer a JSON 404 (an unknown API path must not look like a page);
- `/menus`, the diner's page, answers menus.html: index.html that also names the diner page's
  files and starts its first request (web/vite.config.ts, `dinerEntryPage`);
- a file's `.br` or `.gz` twin, compressed at build time (web/vite.config.ts, `precompress`), when
  the browser takes it; gzip on the fly for other text; every response carries `X-Service: web`
  and echoes `X-Request-ID`.

    python deploy/local/webserver.py --port 8090 --root web/dist
"""

from __future__ import annotations

import argparse
import mimetypes
import os
from pathlib import Path

from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route

NOT_BUILT = """<!doctype html><html lang="es"><head><meta charset="utf-8"><title>web app not built</title></head>
<body><h1>La aplicación web todavía no está compilada</h1><p>The web app is not built yet:
run <code>make web-build</code> (or <code>make up</code>).</p></body></html>"""

NO_SPA_PREFIXES = ("/api/", "/ws/", "/media/")
PAGE_FILES = {"/menus": "menus.html"}
IMMUTABLE = "public, max-age=31536000, immutable"
PRECOMPRESSED = (("br", ".br"), ("gzip", ".gz"))  # the browser's first choice first
REVALIDATE = "no-cache"


def create_app(root: Path) -> Starlette:
    root = root.resolve()

    async def serve(request: Request) -> Response:
        path = request.url.path
        page = root / PAGE_FILES.get(path, "index.html")
        index = page if page.is_file() else root / "index.html"
        if path.startswith(NO_SPA_PREFIXES):
            return JSONResponse({"detail": "Not found."}, status_code=404)
        rel = path.lstrip("/")
        candidate = (root / rel).resolve() if rel else index
        inside = candidate == root or root in candidate.parents
        if inside and candidate.is_file():
            cache = IMMUTABLE if path.startswith("/assets/") else REVALIDATE
            return send_file(request, candidate, cache)
        if path.startswith("/assets/") or not inside:
            return Response("Not found", status_code=404, media_type="text/plain")
        if index.is_file():  # SPA fallback: the client router handles the path
            return send_file(request, index, REVALIDATE)
        return HTMLResponse(NOT_BUILT, headers={"Cache-Control": "no-store"})

    return Starlette(
        routes=[Route("/{path:path}", serve, methods=["GET", "HEAD"])],
        middleware=[Middleware(TagResponses), Middleware(GZipMiddleware, minimum_size=500)],
    )


def send_file(request: Request, file: Path, cache: str) -> FileResponse:
    """The file, or its precompressed twin when the browser accepts that encoding."""
    accepted = {part.split(";")[0].strip() for part in request.headers.get("accept-encoding", "").split(",")}
    headers = {"Cache-Control": cache, "Vary": "Accept-Encoding"}
    for encoding, suffix in PRECOMPRESSED:
        twin = file.with_name(file.name + suffix)
        if encoding in accepted and twin.is_file():
            return FileResponse(twin, media_type=mimetypes.guess_type(file.name)[0], headers={**headers, "Content-Encoding": encoding})
    return FileResponse(file, headers=headers)


class TagResponses:
    """Pure ASGI middleware: `X-Service: web`, and the request's X-Request-ID echoed."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        rid = dict(scope["headers"]).get(b"x-request-id")

        async def tagged(message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["X-Service"] = "web"
                if rid:
                    headers["X-Request-ID"] = rid.decode("latin-1")
            await send(message)

        await self.app(scope, receive, tagged)


def main() -> None:
    import uvicorn

    ap = argparse.ArgumentParser()
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=int(os.environ.get("WEB_PORT", "8090")))
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2] / "web" / "dist")
    args = ap.parse_args()
    uvicorn.run(create_app(args.root), host=args.host, port=args.port, access_log=False,
                proxy_headers=True, forwarded_allow_ips="127.0.0.1")


if __name__ == "__main__":
    main()
