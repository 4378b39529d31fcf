"""Structured JSON logs, one line per event, carrying the request id."""
import logging
import re
import sys

import structlog
from asgi_correlation_id import correlation_id

REDACTED = "[redacted]"
# Secrets that travel in URLs: a place's token (its QR code: /api/sit/lugar/<t>/,
# /api/qr/lugar/<t>.png, /api/ordenes/lugar/<t>/, /api/llamar-mozo/<t>/, the diner page's
# /menus?p=<t>), a delivery's tracking token (/api/delivery/seguimiento/<t>/, the tracking page's
# ?t=<t>) and a password-reset link's (/recuperar-contrasena/<uid>/<t>). Whoever reads a log must
# not be able to order at a table, follow someone's order or set a password with what it shows.
_SECRETS_IN_URLS = (
    (re.compile(r"(/(?:lugar|llamar-mozo|seguimiento)/)[^/?#\s\"'.]+"), rf"\g<1>{REDACTED}"),
    (re.compile(r"([?&][pt]=)[^&#\s\"']+"), rf"\g<1>{REDACTED}"),
    (re.compile(r"(/recuperar-contrasena/[^/\s\"']+/)[^/?#\s\"']+"), rf"\g<1>{REDACTED}"),
)


def redact(text: str) -> str:
    for pattern, replacement in _SECRETS_IN_URLS:
        text = pattern.sub(replacement, text)
    return text


def _redact_value(value):
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {key: _redact_value(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_redact_value(item) for item in value]
    return value


def _redact_secrets(_, __, event_dict):
    """Last before rendering, so the message, every field and a formatted traceback are covered."""
    return {key: _redact_value(value) for key, value in event_dict.items()}


def _add_request_id(_, __, event_dict):
    request_id = correlation_id.get()
    if request_id:
        event_dict.setdefault("request_id", request_id)
    return event_dict


def _access_log_switched_off(logger: logging.Logger) -> bool:
    # uvicorn --no-access-log leaves its access logger without handlers and not propagating
    # (with the flag absent it has its own handler); outside uvicorn the logger is untouched.
    return not logger.handlers and not logger.propagate


def configure_logging(service_name: str, level: str = "INFO") -> None:
    shared = [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        _add_request_id,
        lambda _, __, ed: {**ed, "service": service_name},
    ]
    structlog.configure(
        processors=[*shared, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(
        structlog.stdlib.ProcessorFormatter(
            foreign_pre_chain=shared,
            processors=[
                structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                structlog.processors.format_exc_info,
                _redact_secrets,
                structlog.processors.JSONRenderer(),
            ],
        )
    )
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        if name == "uvicorn.access" and _access_log_switched_off(logger):
            continue  # the gateway's access log is the one; the flag is honoured
        logger.handlers[:] = []
        logger.propagate = True
