"""The gateway's spool on the real Traefik binary: a Traefik started from gateway/traefik.yml and the
route table, in front of an upstream that holds every upload until the test lets it go. Upload
bodies are spooled to $TMPDIR (the k8s gateway's /tmp emptyDir) and only a bounded number at once
(uploads-per-address, uploads-per-gateway): past them the gateway answers 429 without reading the
body, whatever address or X-Forwarded-Server the client sends, so the spool stays within the
arithmetic of gateway/README.md."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
GATEWAY = REPO / "gateway"
MIB = 1024 * 1024
ROUTES = yaml.safe_load((GATEWAY / "dynamic" / "routes.yml").read_text())["http"]["middlewares"]
PER_ADDRESS = ROUTES["uploads-per-address"]["inFlightReq"]["amount"]
PER_GATEWAY = ROUTES["uploads-per-gateway"]["inFlightReq"]["amount"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Upstream(ThreadingHTTPServer):
    """Reads each body whole, then holds the request until `release` is set."""

    daemon_threads = True

    def __init__(self):
        self.release = threading.Event()
        self.arrived = 0
        self.lock = threading.Lock()
        super().__init__(("127.0.0.1", 0), Holder)

    def handle_error(self, request, client_address):
        pass  # a connection the gateway dropped once the test was over


class Holder(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802  the gateway's routes are loaded once this answers through it
        self.send_response(204)
        self.end_headers()

    def do_POST(self):  # noqa: N802  (http.server's naming)
        self.rfile.read(int(self.headers["Content-Length"]))
        with self.server.lock:
            self.server.arrived += 1
        self.server.release.wait(30)
        self.send_response(201)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args):
        pass


@pytest.fixture
def gateway():
    traefik = shutil.which("traefik", path=str(REPO / ".venv" / "bin")) or shutil.which("traefik")
    if not traefik:
        pytest.skip("no traefik binary")
    upstream = Upstream()
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        spool = Path(tmp) / "spool"
        spool.mkdir()
        static = yaml.safe_load((GATEWAY / "traefik.yml").read_text())
        static["entryPoints"]["web"]["address"] = f"127.0.0.1:{port}"
        static["providers"]["file"]["directory"] = str(GATEWAY / "dynamic")
        static["providers"]["file"]["watch"] = False
        static["accessLog"]["filePath"] = f"{tmp}/access.log"
        static["log"]["filePath"] = f"{tmp}/traefik.log"
        (Path(tmp) / "traefik.yml").write_text(yaml.safe_dump(static))
        url = f"http://127.0.0.1:{upstream.server_address[1]}"
        env = {"PATH": "/usr/bin:/bin", "TMPDIR": str(spool), "CATALOG_URL": url, "IDENTITY_URL": url}
        proc = subprocess.Popen([traefik, f"--configFile={tmp}/traefik.yml"], cwd=GATEWAY, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 15
            while True:
                try:
                    if httpx.get(f"http://127.0.0.1:{port}/api/dish/", timeout=2).status_code == 204:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline or proc.poll() is not None:
                    pytest.fail("the gateway did not start: " + (Path(tmp) / "traefik.log").read_text()[-2000:])
                time.sleep(0.1)
            yield f"http://127.0.0.1:{port}", upstream, lambda: spooled_bytes(proc.pid, spool)
        finally:
            upstream.release.set()
            proc.terminate()
            proc.wait(timeout=10)
            upstream.shutdown()


def upload(base: str, path: str, size: int, address: str = "127.0.0.1", headers: dict | None = None) -> int:
    transport = httpx.HTTPTransport(local_address=address)
    with httpx.Client(transport=transport, timeout=30) as client:
        return client.post(base + path, content=b"x" * size, headers=headers or {}).status_code


def wait_for(check, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "condition not reached"
        time.sleep(0.05)


def spooled_bytes(pid: int, spool: Path) -> int:
    """What the gateway holds in spool files: Traefik unlinks each one at once and keeps it open
    (so `ls` shows nothing, but the disk holds it), hence its open files under the spool folder."""
    total = 0
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            if os.readlink(fd).startswith(f"{spool}/"):
                total += fd.stat().st_size
        except OSError:
            pass  # closed meanwhile
    return total


def test_one_address_gets_a_few_uploads_at_once_and_429_past_them(gateway):
    base, upstream, spooled = gateway
    with ThreadPoolExecutor(PER_ADDRESS + 1) as pool:
        held = [pool.submit(upload, base, "/api/dish/", 3 * MIB) for _ in range(PER_ADDRESS)]
        wait_for(lambda: upstream.arrived == PER_ADDRESS)
        # The bodies over memRequestBodyBytes (1 MiB) wait in $TMPDIR while their answers are pending.
        assert spooled() >= PER_ADDRESS * 2 * MIB
        assert upload(base, "/api/dish/", 3 * MIB) == 429
        upstream.release.set()
        assert [f.result() for f in held] == [201] * PER_ADDRESS
    wait_for(lambda: spooled() == 0)


def test_one_gateway_takes_a_bounded_number_of_uploads_from_every_address_together(gateway):
    base, upstream, spooled = gateway
    addresses = [f"127.0.0.{n}" for n in range(2, 2 + -(-PER_GATEWAY // PER_ADDRESS))]
    with ThreadPoolExecutor(PER_GATEWAY + 1) as pool:
        held = [pool.submit(upload, base, "/api/dish/", 2 * MIB, address)
                for address in addresses for _ in range(PER_ADDRESS)][:PER_GATEWAY]
        wait_for(lambda: upstream.arrived == PER_GATEWAY)
        # A fresh address is refused too, and naming another gateway process changes nothing:
        # Traefik sets X-Forwarded-Server itself.
        fresh = "127.0.0.99"
        assert upload(base, "/api/dish/", 2 * MIB, fresh) == 429
        assert upload(base, "/api/dish/", 2 * MIB, fresh, {"X-Forwarded-Server": "elsewhere"}) == 429
        assert spooled() <= PER_GATEWAY * 2 * MIB
        upstream.release.set()
        assert [f.result() for f in held] == [201] * PER_GATEWAY


def test_a_body_over_the_route_limit_is_refused_without_being_spooled_whole(gateway):
    base, upstream, spooled = gateway
    assert upload(base, "/api/dish-image/", 7 * MIB) == 413
    assert upstream.arrived == 0
    assert spooled() == 0
