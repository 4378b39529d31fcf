"""One error format, in the shapes the spec's client reads.

`{"detail": ...}`, `{"field": ["message", ...]}` (nested for nested objects) and
`{"non_field_errors": [...]}`. Messages are `Text` and rendered in the request's language.
"""
from decimal import Decimal
from typing import Any

import structlog
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException

from kit import messages
from kit.i18n import Text

log = structlog.get_logger()

FieldErrorTree = dict[str, "list[Text] | FieldErrorTree"]


class AppError(Exception):
    """An error declares what it answers in its class line, as
    `class OrdersStopped(DetailError, code="orders_stopped", text=messages.ORDERS_STOPPED): ...`."""

    status_code = 400
    headers: dict[str, str] | None = None
    # the stable name a client branches on (the text is localized and may be reworded)
    code: str | None = None
    # the message of an error that always says the same
    text: Text | None = None

    def __init_subclass__(cls, *, status_code: int | None = None, code: str | None = None,
                          text: Text | None = None, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        for name, value in (("status_code", status_code), ("code", code), ("text", text)):
            if value is not None:
                setattr(cls, name, value)

    def __init__(self, body: dict[str, Any]):
        super().__init__(body)
        self.body = body


class DetailError(AppError):
    """`{"detail": text}`, plus `"code"` when a client must tell this error from others that share
    the status."""

    def __init__(self, text: Text | None = None, status_code: int | None = None):
        text = text if text is not None else self.text
        super().__init__({"detail": text} if self.code is None else {"detail": text, "code": self.code})
        if status_code is not None:
            self.status_code = status_code


class FieldErrors(AppError):
    """`{field: [messages]}`; a nested object's errors nest the same way."""

    def __init__(self, errors: FieldErrorTree):
        super().__init__(errors)


class NonFieldError(AppError):
    """`{"non_field_errors": [texts]}`, plus `"code"` as DetailError's."""

    def __init__(self, *texts: Text):
        body: dict[str, Any] = {"non_field_errors": list(texts) or [self.text]}
        super().__init__(body if self.code is None else {**body, "code": self.code})


class NotAuthenticated(DetailError, status_code=401, text=messages.NOT_AUTHENTICATED): ...


class PermissionDenied(DetailError, status_code=403, text=messages.PERMISSION_DENIED): ...


class NotFound(DetailError, status_code=404, text=messages.NOT_FOUND): ...


class Throttled(DetailError, status_code=429, text=messages.THROTTLED):
    """429 with Retry-After; `text` is a template of `{seconds}`."""

    def __init__(self, retry_after: int):
        super().__init__(self.text.format(seconds=retry_after))
        self.headers = {"Retry-After": str(retry_after)}


class ServiceBusy(DetailError, status_code=503, code="busy", text=messages.BUSY):
    """503 with Retry-After: this process is at its limit (no database connection free in time, a
    statement cut by `statement_timeout`, every PDF renderer taken). The client tries again later;
    nothing was changed."""

    def __init__(self, retry_after: int = 2):
        super().__init__(self.text.format(seconds=retry_after))
        self.headers = {"Retry-After": str(retry_after)}


STATEMENT_CANCELLED = "57014"  # PostgreSQL's query_canceled: statement_timeout fired


def cancelled_statement(exc: DBAPIError) -> bool:
    cause = exc.orig
    while cause is not None:
        if getattr(cause, "sqlstate", None) == STATEMENT_CANCELLED:
            return True
        cause = cause.__cause__
    return False


def render(body: Any) -> Any:
    if isinstance(body, Text):
        return body.render()
    if isinstance(body, dict):
        return {key: render(value) for key, value in body.items()}
    if isinstance(body, list | tuple):
        return [render(item) for item in body]
    return body


def merge_field_error(tree: dict, path: list[str], text: Text) -> None:
    node = tree
    for key in path[:-1]:
        node = node.setdefault(key, {})
    node.setdefault(path[-1], []).append(text)


def validation_tree(errors: list[dict]) -> dict:
    tree: dict = {}
    for error in errors:
        path = [str(part) for part in error["loc"] if part not in ("body", "query", "path", "form")]
        if error["type"] == "json_invalid":
            path = []
        template = messages.VALIDATION.get(error["type"], messages.FIELD_INVALID)
        if error["type"] == "string_too_short" and (error.get("ctx") or {}).get("min_length") == 1:
            template = messages.FIELD_BLANK
        # a Decimal field's bound arrives as a Decimal: written as it is, like a number's
        ctx = {k: v for k, v in (error.get("ctx") or {}).items() if isinstance(v, int | float | str | Decimal)}
        try:
            text = template.format(**ctx) if ctx else template
        except KeyError:
            text = template
        merge_field_error(tree, path or ["non_field_errors"], text)
    return tree


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(AppError)
    async def app_error(request: Request, exc: AppError):
        return JSONResponse(render(exc.body), status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def request_invalid(request: Request, exc: RequestValidationError):
        return JSONResponse(render(validation_tree(exc.errors())), status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        text = messages.NOT_FOUND if exc.status_code == 404 else None
        detail = text.render() if text else exc.detail
        return JSONResponse({"detail": detail}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(PoolTimeout)
    async def pool_exhausted(request: Request, exc: PoolTimeout):
        log.warning("database_pool_exhausted", path=request.url.path)
        return await app_error(request, ServiceBusy())

    @app.exception_handler(DBAPIError)
    async def database_error(request: Request, exc: DBAPIError):
        if cancelled_statement(exc):
            log.warning("statement_timeout", path=request.url.path)
            return await app_error(request, ServiceBusy())
        return await unexpected(request, exc)

    @app.exception_handler(RedisConnectionError)
    @app.exception_handler(RedisTimeoutError)
    async def redis_away(request: Request, exc: Exception):
        # Redis restarting (or its users not set again yet): the request's transaction is rolled
        # back and the caller told to come back, as a client does with a 503, never a 500 (found
        # by `make chaos`: diners' orders and staff calls answered 500 while Redis restarted).
        log.warning("redis_unavailable", path=request.url.path, error=f"{type(exc).__name__}: {exc}"[:200])
        return await app_error(request, ServiceBusy())

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception):
        log.exception("unhandled_error", path=request.url.path)
        return JSONResponse({"detail": messages.SERVER_ERROR.render()}, status_code=500)
