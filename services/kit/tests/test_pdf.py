"""A PDF is rendered one way (kit.pdf): in a process of its own, after the request has given its
database connection back, a few at a time, each bounded in time and memory; past a bound the
answer is 503 busy with Retry-After, and no render process is left behind."""
import asyncio
import os
import signal
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from asgi_lifespan import LifespanManager
from fastapi import APIRouter
from httpx import ASGITransport, AsyncClient
from sqlalchemy import text

from kit.app import create_app
from kit.db import SessionDep
from kit.errors import ServiceBusy
from kit.pdf import Cache, Document, PdfResponse, Turns, document, run_render
from kit.settings import ServiceSettings
from kit.testing.pdf import pdf_text

MB = 2**20


# --- documents (built in the render process) --------------------------------------------------

@document
def greeting(name: str) -> str:
    return f"<p>Hola {name}, from process {os.getpid()}</p>"


@document
def held(folder: str) -> str:
    """Says it is rendering (its pid in `folder`/pid), then waits until the test opens the gate."""
    Path(folder, "pid.tmp").write_text(str(os.getpid()))
    Path(folder, "pid.tmp").rename(Path(folder, "pid"))
    with open(Path(folder, "gate")) as gate:  # a FIFO: blocks until the test writes to it
        return f"<p>{gate.read()}</p>"


@document
def hungry(megabytes: int) -> str:
    grown = bytearray(megabytes * MB)
    return f"<p>{len(grown)}</p>"


@document
def fetching(stylesheet: str) -> str:
    return f"<html><head><link rel='stylesheet' href='{stylesheet}'></head><body><p>Hola</p></body></html>"


router = APIRouter()


@router.get("/pdf/greeting")
async def greeting_pdf(session: SessionDep, name: str = "Ana"):
    await session.execute(text("SELECT 1"))
    return PdfResponse(Document(greeting, (name,)), "hola.pdf")


@router.get("/pdf/held")
async def held_pdf(session: SessionDep, folder: str, tenant: str = "A"):
    await session.execute(text("SELECT 1"))  # the request read something: its connection is out
    return PdfResponse(Document(held, (folder,)), "held.pdf", tenant=tenant)


@router.get("/pdf/hungry")
async def hungry_pdf(megabytes: int):
    return PdfResponse(Document(hungry, (megabytes,)), "hungry.pdf")


@router.get("/pdf/fetching")
async def fetching_pdf(stylesheet: str):
    return PdfResponse(Document(fetching, (stylesheet,)), "fetching.pdf")


@pytest.fixture
def serve(migrated_database, session_queues):
    """`async with serve(**settings) as (app, http)`: the test service under these PDF settings."""

    @asynccontextmanager
    async def start(**settings):
        application = create_app(ServiceSettings(service_name="kit", **settings), routers=[router])
        async with LifespanManager(application, startup_timeout=30, shutdown_timeout=30):
            transport = ASGITransport(app=application, raise_app_exceptions=False)
            async with AsyncClient(transport=transport, base_url="http://testserver", timeout=60) as http:
                yield application, http
        session_queues.update(application.state.queue_names)

    return start


class Gate:
    """A render held open: its process says its pid, and waits until `open()`."""

    def __init__(self, folder: Path):
        self.folder = folder
        os.mkfifo(folder / "gate")

    async def pid(self) -> int:
        """The held render's pid, once it is rendering (bounded)."""
        for _ in range(1500):
            if (self.folder / "pid").exists():
                return int((self.folder / "pid").read_text())
            await asyncio.sleep(0.01)
        raise AssertionError("the render never started")

    async def open(self) -> None:
        for _ in range(1500):
            try:  # only once the render is reading the FIFO (bounded)
                fd = os.open(self.folder / "gate", os.O_WRONLY | os.O_NONBLOCK)
            except OSError:
                await asyncio.sleep(0.01)
                continue
            os.write(fd, b"opened")
            os.close(fd)
            return
        raise AssertionError("the render never opened its gate")


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def test_a_document_is_laid_out_in_another_process_and_served(serve):
    async with serve() as (_, http):
        answer = await http.get("/pdf/greeting?name=Ana")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/pdf"
    assert answer.headers["content-disposition"] == 'attachment; filename="hola.pdf"'
    words = pdf_text(answer.content).split()
    assert words[:2] == ["Hola", "Ana,"] and int(words[-1]) != os.getpid()


async def test_no_database_connection_is_held_while_the_pdf_renders(serve, tmp_path):
    gate = Gate(tmp_path)
    async with serve() as (app, http):
        pool = app.state.session_factory.kw["bind"].pool
        request = asyncio.create_task(http.get(f"/pdf/held?folder={tmp_path}"))
        await gate.pid()
        assert pool.checkedout() == 0
        await gate.open()
        answer = await request
    assert answer.status_code == 200 and "opened" in pdf_text(answer.content)


async def test_past_the_renders_at_once_a_request_waits_its_turn_then_is_told_to_retry(serve, tmp_path):
    gate = Gate(tmp_path)
    async with serve(pdf_concurrency=1, pdf_queue_seconds=0.5) as (_, http):
        first = asyncio.create_task(http.get(f"/pdf/held?folder={tmp_path}"))
        await gate.pid()
        second = await http.get("/pdf/greeting", headers={"Accept-Language": "en"})
        assert second.status_code == 503
        assert second.headers["Retry-After"] == "5"
        assert second.json() == {"detail": "The service is busy. Try again in 5 seconds.", "code": "busy"}
        await gate.open()
        assert (await first).status_code == 200


async def test_a_request_waiting_in_line_is_served_when_a_turn_frees(serve, tmp_path):
    gate = Gate(tmp_path)
    async with serve(pdf_concurrency=1, pdf_queue_seconds=60) as (app, http):
        first = asyncio.create_task(http.get(f"/pdf/held?folder={tmp_path}"))
        await gate.pid()
        second = asyncio.create_task(http.get("/pdf/greeting"))
        line = app.state.pdf_renderer.turns
        for _ in range(500):
            if line.waiting:
                break
            await asyncio.sleep(0.01)
        assert len(line.waiting) == 1 and not second.done()
        await gate.open()
        assert (await first).status_code == 200
        assert (await second).status_code == 200


async def test_a_render_past_its_time_is_killed_and_answered_busy(serve, tmp_path):
    gate = Gate(tmp_path)
    async with serve(pdf_render_seconds=1) as (_, http):
        request = asyncio.create_task(http.get(f"/pdf/held?folder={tmp_path}"))
        pid = await gate.pid()
        answer = await request  # the gate is never opened
    assert answer.status_code == 503 and answer.json()["code"] == "busy" and answer.headers["Retry-After"] == "5"
    assert gone(pid)


async def test_a_render_past_its_memory_cap_is_stopped_and_answered_busy(serve):
    async with serve(pdf_memory_mb=512) as (_, http):
        assert (await http.get("/pdf/hungry?megabytes=16")).status_code == 200  # within the cap
        answer = await http.get("/pdf/hungry?megabytes=1024")
    assert answer.status_code == 503 and answer.json()["code"] == "busy"


async def test_a_render_stopped_with_the_service_answers_busy_for_the_next_process_to_serve(serve, tmp_path):
    gate = Gate(tmp_path)
    async with serve() as (_, http):
        request = asyncio.create_task(http.get(f"/pdf/held?folder={tmp_path}"))
        os.kill(await gate.pid(), signal.SIGTERM)  # what stopping the local stack sends its process group
        answer = await request
    assert answer.status_code == 503 and answer.json()["code"] == "busy"


async def test_a_render_whose_request_goes_away_is_killed(tmp_path):
    gate = Gate(tmp_path)
    render = asyncio.create_task(run_render(Document(held, (str(tmp_path),)), 60, 512 * MB))
    pid = await gate.pid()
    render.cancel()
    with pytest.raises(asyncio.CancelledError):
        await render
    assert gone(pid)


async def test_a_document_may_fetch_no_file(serve, tmp_path):
    (tmp_path / "leak.css").write_text("body::after { content: 'LEAKED' }")
    async with serve() as (_, http):
        answer = await http.get(f"/pdf/fetching?stylesheet=file://{tmp_path}/leak.css")
    assert answer.status_code == 200 and "Hola" in pdf_text(answer.content)
    assert "LEAKED" not in pdf_text(answer.content)


# --- turns ------------------------------------------------------------------------------------

async def test_a_freed_turn_goes_to_the_restaurant_with_the_fewest_renders_running():
    line = Turns(slots=1, length=10, per_tenant=10, patience=30)
    order: list[str] = []
    release = asyncio.Event()

    async def render(tenant: str, name: str):
        async with line.turn(tenant):
            order.append(name)
            await release.wait()

    first = asyncio.create_task(render("X", "x1"))
    await asyncio.sleep(0)
    waiting = [asyncio.create_task(render(t, n)) for t, n in (("X", "x2"), ("X", "x3"), ("Y", "y1"))]
    await asyncio.sleep(0)
    assert order == ["x1"] and len(line.waiting) == 3
    release.set()
    await asyncio.gather(first, *waiting)
    assert order == ["x1", "y1", "x2", "x3"]


async def test_one_restaurant_may_hold_only_its_share_of_the_line():
    line = Turns(slots=1, length=10, per_tenant=2, patience=30)
    release = asyncio.Event()

    async def render(tenant: str):
        async with line.turn(tenant):
            await release.wait()

    tasks = [asyncio.create_task(render("X")) for _ in range(3)]  # one running, two waiting
    await asyncio.sleep(0)
    with pytest.raises(ServiceBusy):
        await render("X")
    other = asyncio.create_task(render("Y"))
    await asyncio.sleep(0)
    assert len(line.waiting) == 3
    release.set()
    await asyncio.gather(*tasks, other)
    assert not line.running and not line.waiting


async def test_a_waiter_that_gives_up_leaves_the_line_as_it_was():
    line = Turns(slots=1, length=10, per_tenant=10, patience=0.05)
    release = asyncio.Event()

    async def hold():
        async with line.turn("X"):
            await release.wait()

    holder = asyncio.create_task(hold())
    await asyncio.sleep(0)
    with pytest.raises(ServiceBusy):
        async with line.turn("Y"):
            pass
    assert not line.waiting and line.running == {"X": 1}
    release.set()
    await holder
    assert not line.running


async def test_identical_documents_asked_together_share_one_render_and_are_kept():
    cache = Cache(max_bytes=10)
    renders = 0
    ready = asyncio.Event()

    async def render() -> bytes:
        nonlocal renders
        renders += 1
        await ready.wait()
        return b"%PDF-1234"

    together = [asyncio.create_task(cache.get("menu 7", render)) for _ in range(3)]
    await asyncio.sleep(0)
    ready.set()
    assert await asyncio.gather(*together) == [b"%PDF-1234"] * 3
    assert await cache.get("menu 7", render) == b"%PDF-1234" and renders == 1
    await cache.get("menu 8", render)  # 18 bytes do not fit in 10: the oldest goes
    assert list(cache.done) == ["menu 8"] and cache.size == 9
