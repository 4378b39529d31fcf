"""A service's log never shows a secret that travels in a URL (a place's token, a reset link's), and
uvicorn's --no-access-log is honoured (kit/logs.py)."""
import json
import logging

import pytest
import structlog
import uvicorn

from kit.logs import configure_logging

SECRET = "Zq3vK9x_Pl-8mN2rT5yW1bC4"


@pytest.fixture
def service_log(capsys):
    """Configure the kit's logging onto the captured stdout; answers a reader of the lines written."""
    root = logging.getLogger()
    access = logging.getLogger("uvicorn.access")
    saved = root.handlers[:], access.handlers[:], access.propagate

    def configure(**uvicorn_options):
        if uvicorn_options:
            uvicorn.Config("kit.app:create_app", **uvicorn_options)  # what `uvicorn ...` does before importing the app
        configure_logging("kit")

    def lines() -> list[dict]:
        return [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]

    yield configure, lines
    root.handlers[:], access.handlers[:], access.propagate = saved


@pytest.mark.parametrize("path", [
    f"/api/ordenes/lugar/{SECRET}/",
    f"/api/sit/lugar/{SECRET}/",
    f"/api/qr/lugar/{SECRET}.png",
    f"/api/llamar-mozo/{SECRET}/",
    f"/api/delivery/seguimiento/{SECRET}/",
    f"/menus?p={SECRET}&lang=es",
    f"/seguimiento?t={SECRET}",
    f"/recuperar-contrasena/MQ/{SECRET}",
])
def test_a_secret_in_a_logged_path_is_redacted(service_log, path):
    configure, lines = service_log
    configure()
    structlog.get_logger().warning("unhandled_error", path=path)
    logging.getLogger("uvicorn.access").info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:0", "GET", path, "1.1", 500)
    written = lines()
    assert len(written) == 2
    assert not [line for line in written if SECRET in json.dumps(line)]
    assert "[redacted]" in written[0]["path"] and "[redacted]" in written[1]["event"]


def test_a_secret_in_an_exception_is_redacted(service_log):
    configure, lines = service_log
    configure()
    try:
        raise LookupError(f"no place for /api/ordenes/lugar/{SECRET}/")
    except LookupError:
        structlog.get_logger().exception("unhandled_error")
    (line,) = lines()
    assert SECRET not in json.dumps(line) and "LookupError" in line["exception"]


def test_what_is_not_a_secret_is_kept(service_log):
    configure, lines = service_log
    configure()
    structlog.get_logger().info("event_published", path="/api/qr/lugar/", menu="/menus?menu=3", order=12)
    (line,) = lines()
    assert (line["path"], line["menu"], line["order"]) == ("/api/qr/lugar/", "/menus?menu=3", 12)


def test_uvicorn_without_access_log_writes_no_access_line(service_log):
    configure, lines = service_log
    configure(access_log=False)
    logging.getLogger("uvicorn.access").info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:0", "GET", "/readyz", "1.1", 200)
    structlog.get_logger().info("still_logging")
    assert [line["event"] for line in lines()] == ["still_logging"]


def test_uvicorn_with_access_log_writes_it_as_json(service_log):
    configure, lines = service_log
    configure(access_log=True)
    logging.getLogger("uvicorn.access").info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:0", "GET", "/readyz", "1.1", 200)
    (line,) = lines()
    assert "/readyz" in line["event"] and line["service"] == "kit"
