"""The public menu's answers, and its cache hits answered before the rest of the application stack.

A phone's request for a cached menu needs one Redis GET and the stored bytes; FastAPI's routing,
dependency solving and the kit's middlewares would cost about twice that in CPU (measured:
~1 ms per request through the whole app against ~0.45 ms here). This outermost ASGI layer answers
hits itself, with the same headers the app would send (ETag, Cache-Control, X-Service and the
echoed or new X-Request-ID). Everything else, misses included, goes on to the application, whose
`public-menu/` endpoint builds the answer, caches it and answers with `answer()` below.
"""
import gzip
import uuid

from starlette.types import ASGIApp, Receive, Scope, Send

from catalog.public_menu.cache import MenuCache

PATH = "/api/public-menu/"
# Phones must never show an old price, yet should not download an unchanged menu again:
# `max-age=0, must-revalidate` makes them ask every time with If-None-Match, and an unchanged
# menu costs a 304 of a few bytes. `public` lets a shared cache (CDN) do the same for everyone.
CACHE_CONTROL = b"public, max-age=0, must-revalidate"
GZIP_SUFFIX = b'-gz"'  # the gzip representation's ETag: "<hash>-gz" (strong ETags differ per encoding)


def accepts_gzip(accept_encoding: bytes | None) -> bool:
    """gzip (or *) named in Accept-Encoding with a quality above 0."""
    for item in (accept_encoding or b"").split(b","):
        coding, *params = item.split(b";")
        if coding.strip().lower() not in (b"gzip", b"*"):
            continue
        for param in params:
            name, _, value = param.strip().partition(b"=")
            if name.lower() == b"q":
                try:
                    return float(value) > 0
                except ValueError:
                    return False
        return True
    return False


def etag_matches(if_none_match: bytes | None, etag: bytes) -> bool:
    """Weak comparison (RFC 9110 §13.1.2), either encoding: the menu is the same."""
    if not if_none_match:
        return False
    for candidate in if_none_match.split(b","):
        candidate = candidate.strip().removeprefix(b"W/")
        if candidate == b"*" or candidate == etag or candidate == etag[:-1] + GZIP_SUFFIX:
            return True
    return False


def answer(etag: bytes, compressed: bytes, headers: list[tuple[bytes, bytes]], head: bool = False):
    """(status, response headers, body) for a cached menu and the request's headers."""
    accept_encoding = if_none_match = None
    for name, value in headers:
        if name == b"accept-encoding":
            accept_encoding = value
        elif name == b"if-none-match":
            if_none_match = value
    gzipped = accepts_gzip(accept_encoding)
    out = [
        (b"etag", etag[:-1] + GZIP_SUFFIX if gzipped else etag),
        (b"cache-control", CACHE_CONTROL),
        (b"vary", b"Accept-Encoding"),
    ]
    if etag_matches(if_none_match, etag):
        return 304, out, b""
    body = compressed if gzipped else gzip.decompress(compressed)
    out += [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if gzipped:
        out.append((b"content-encoding", b"gzip"))
    return 200, out, b"" if head else body


def menu_id_of(query_string: bytes) -> int | None:
    """`menu=<digits>` alone or among other parameters; anything else is left to the app."""
    for part in query_string.split(b"&"):
        name, _, value = part.partition(b"=")
        if name == b"menu":
            return int(value) if value.isdigit() and len(value) < 10 else None
    return None


class PublicMenuFastPath:
    def __init__(self, app: ASGIApp, service_name: str):
        self.app = app
        self.service = service_name.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] != PATH or scope["method"] not in ("GET", "HEAD"):
            return await self.app(scope, receive, send)
        menu_id = menu_id_of(scope["query_string"])
        cache: MenuCache | None = getattr(scope["app"].state, "menu_cache", None) if "app" in scope else None
        hit = await cache.get(menu_id) if cache is not None and menu_id is not None else None
        if hit is None:
            return await self.app(scope, receive, send)
        status, headers, body = answer(*hit, scope["headers"], head=scope["method"] == "HEAD")
        request_id = next((v for k, v in scope["headers"] if k == b"x-request-id"), None)
        headers += [(b"x-service", self.service), (b"x-request-id", request_id or uuid.uuid4().hex.encode())]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})
