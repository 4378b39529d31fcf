"""What the gateway's checks send through it (gateway/tests, deploy/security's attack suite): one
JSON route of each service, and a JSON body of an exact size, to find each route's body limit."""

from __future__ import annotations

# One JSON route of each service (POSTs that need a token: the service would answer 401/403/405,
# never 413, so a 413 can only come from the gateway).
JSON_ROUTES = {
    "identity": "/api/auth/token/login/",
    "catalog": "/api/menu/",
    "floor": "/api/sit/",
    "ordering": "/api/ordenes/",
    "billing": "/api/pagar-orden/",
    "notifications": "/api/notificaciones/",
}


def json_body(size: int) -> bytes:
    """A JSON object of exactly `size` bytes."""
    head, tail = b'{"padding": "', b'"}'
    return head + b"x" * (size - len(head) - len(tail)) + tail
