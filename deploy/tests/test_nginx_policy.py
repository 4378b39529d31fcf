"""The web image's nginx (deploy/docker/nginx.conf) never logs a path or query that carries a secret:
the password-reset link (/recuperar-contrasena/<uid>/<token>), the diner's page opened from a
table's QR (/menus?p=<place token>) and a delivery's tracking page (/seguimiento?t=<token>)."""
import re
from pathlib import Path

CONF = (Path(__file__).resolve().parents[2] / "deploy" / "docker" / "nginx.conf").read_text()


def location_block(match: str) -> str:
    found = re.search(r"location\s+" + re.escape(match) + r"\s*\{(?P<body>[^}]*)\}", CONF)
    assert found, f"no location {match!r} in nginx.conf"
    return found["body"]


def test_the_reset_link_and_the_diners_page_are_never_logged():
    for location in ("^~ /recuperar-contrasena/", "= /menus", "= /seguimiento", "= /restaurante/autorizacion/"):
        assert re.search(r"^\s*access_log\s+off;", location_block(location), re.M), location
