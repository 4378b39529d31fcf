"""HTML to PDF, the one way for every service: after the database, in a process of its own, a few
at a time, bounded in time and memory.

An endpoint reads what the document needs, then answers `PdfResponse(Document(build, args), ...)`.
The render starts only when the answer is sent, which is after the request's session has committed
and given its connection back (`kit.db.SessionDep` ends with the handler): no connection is ever
held while a PDF is laid out.

- `build(*args)` returns the HTML. It runs in the render process, not here, so even building a
  big document (a sheet of 300 QR codes) never occupies the event loop; mark it `@document` so its
  module is imported once by the render server instead of by every render. `args` are plain
  values (they are pickled to the render process).
- At most `pdf_concurrency` renders run at once per process. Others wait in line, at most
  `pdf_queue_length` of them and `pdf_queue_per_tenant` of one tenant, for at most
  `pdf_queue_seconds`; past that the answer is 503 `busy` with Retry-After. A freed turn goes to
  the tenant with the fewest renders running, so one restaurant's burst delays another's document
  by at most one render.
- Each render is a fork of a server that has WeasyPrint loaded (multiprocessing's forkserver,
  started on the first render), so it starts in milliseconds. It runs at a lower priority than
  requests, its address space is capped at `pdf_memory_mb` (RLIMIT_AS) and it is killed after
  `pdf_render_seconds`; a render killed or out of memory answers 503 `busy`, and leaves no process.
- The document may fetch nothing (no file, no network): only `data:` URLs.
"""
import asyncio
import io
import math
import os
import resource
import signal
import time
import weakref
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from multiprocessing import context, forkserver, popen_forkserver, reduction, spawn, util
from multiprocessing.connection import Connection
from typing import Any

import structlog
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from kit.errors import ServiceBusy
from kit.metrics import PDF_RENDER_SECONDS, PDF_RENDERS, PDF_RUNNING, PDF_WAITING

log = structlog.get_logger()

RETRY_AFTER_SECONDS = 5  # about one of the largest documents
NICENESS = 5  # a render yields the CPU to requests: nice 5 weighs a third of nice 0
OUT_OF_MEMORY = 3  # a render's exit code when it hit its memory cap
STOP_SECONDS = 5  # a killed render is reaped in milliseconds; this only bounds the wait
SERVER_GONE = 255  # multiprocessing's exit code for a render whose server died before telling it

# Modules the render server imports once, so a render (a fork of it) has them loaded.
_PRELOAD: set[str] = {"weasyprint", __name__}
# Process start and reaping go through one thread: multiprocessing's bookkeeping of its children
# is not safe to run from two threads at once, and starting the server must not block the loop.
_STARTER: ThreadPoolExecutor | None = None


def document(build: Callable[..., str]) -> Callable[..., str]:
    """Mark a function that builds a document's HTML in the render process (see the module)."""
    _PRELOAD.add(build.__module__)
    return build


@dataclass(frozen=True)
class Document:
    """What to render: `build(*args)` is the HTML. Hashable args make it cacheable."""

    build: Callable[..., str]
    args: tuple = ()

    @property
    def key(self) -> Hashable:
        return (self.build.__module__, self.build.__qualname__, self.args)


class Turns:
    """Turns to render: `slots` at once; the rest wait in line (see the module). A freed turn goes to the
    tenant with the fewest renders running, then to the one served longest ago, then first come."""

    def __init__(self, slots: int, length: int, per_tenant: int, patience: float):
        self.slots, self.length, self.per_tenant, self.patience = slots, length, per_tenant, patience
        self.running: Counter[Hashable] = Counter()
        self.waiting: list[tuple[Hashable, asyncio.Future[None]]] = []
        self.turns = 0
        self.last_turn: dict[Hashable, int] = {}  # tenants running or waiting: their latest turn
        _LINES.add(self)

    @asynccontextmanager
    async def turn(self, tenant: Hashable):
        await self._take(tenant)
        try:
            yield
        finally:
            self._give_back(tenant)

    async def _take(self, tenant: Hashable) -> None:
        if self.running.total() < self.slots and not self.waiting:
            self._grant(tenant)
            return
        if len(self.waiting) >= self.length or sum(t == tenant for t, _ in self.waiting) >= self.per_tenant:
            log.warning("pdf_queue_full", tenant=str(tenant), waiting=len(self.waiting))
            PDF_RENDERS.labels("refused").inc()
            raise ServiceBusy(RETRY_AFTER_SECONDS)
        waiter = (tenant, asyncio.get_running_loop().create_future())
        self.waiting.append(waiter)
        try:
            async with asyncio.timeout(self.patience):
                await waiter[1]
        except BaseException as exc:
            if waiter[1].done() and not waiter[1].cancelled():
                self._give_back(tenant)  # handed a turn just as it gave up: pass it on
            else:
                self.waiting.remove(waiter)
                self._forget(tenant)
            if isinstance(exc, TimeoutError):
                log.warning("pdf_queue_timeout", tenant=str(tenant), waited=self.patience)
                PDF_RENDERS.labels("refused").inc()
                raise ServiceBusy(RETRY_AFTER_SECONDS) from None
            raise

    def _grant(self, tenant: Hashable) -> None:
        self.running[tenant] += 1
        self.turns += 1
        self.last_turn[tenant] = self.turns

    def _give_back(self, tenant: Hashable) -> None:
        self.running[tenant] -= 1
        if self.running[tenant] <= 0:
            del self.running[tenant]
        live = [i for i, (_, future) in enumerate(self.waiting) if not future.done()]
        if live:
            def rank(i: int) -> tuple[int, int, int]:
                waiting_tenant = self.waiting[i][0]
                return self.running[waiting_tenant], self.last_turn.get(waiting_tenant, 0), i

            chosen, future = self.waiting.pop(min(live, key=rank))
            self._grant(chosen)
            future.set_result(None)
        self._forget(tenant)

    def _forget(self, tenant: Hashable) -> None:
        if tenant not in self.running and all(t != tenant for t, _ in self.waiting):
            self.last_turn.pop(tenant, None)


# Every line of this process (one per app), read when Prometheus scrapes (`kit.metrics`).
_LINES: "weakref.WeakSet[Turns]" = weakref.WeakSet()
PDF_WAITING.set_function(lambda: sum(not future.done() for turns in list(_LINES) for _, future in turns.waiting))
PDF_RUNNING.set_function(lambda: sum(turns.running.total() for turns in list(_LINES)))


class Cache:
    """Finished PDFs by what they were built from, up to `max_bytes` (least recently used go
    first); identical requests arriving together share one render."""

    def __init__(self, max_bytes: int):
        self.max_bytes = max_bytes
        self.size = 0
        self.done: OrderedDict[Hashable, bytes] = OrderedDict()
        self.pending: dict[Hashable, asyncio.Task[bytes]] = {}

    async def get(self, key: Hashable, render: Callable[[], Any]) -> bytes:
        if key in self.done:
            self.done.move_to_end(key)
            return self.done[key]
        task = self.pending.get(key)
        if task is None:
            task = self.pending[key] = asyncio.ensure_future(render())
            task.add_done_callback(lambda finished: self._keep(key, finished))
        return await asyncio.shield(task)  # one caller leaving does not cancel the others' render

    def _keep(self, key: Hashable, finished: asyncio.Task[bytes]) -> None:
        del self.pending[key]
        if finished.cancelled() or finished.exception() is not None:
            return
        pdf = finished.result()
        if len(pdf) > self.max_bytes:
            return
        self.done[key] = pdf
        self.size += len(pdf)
        while self.size > self.max_bytes:
            _, dropped = self.done.popitem(last=False)
            self.size -= len(dropped)

    def clear(self) -> None:
        self.done.clear()
        self.size = 0


class Renderer:
    """One per app (`renderer(app)`): the turns and the limits from the settings."""

    def __init__(self, settings):
        self.turns = Turns(settings.pdf_concurrency, settings.pdf_queue_length, settings.pdf_queue_per_tenant,
                         settings.pdf_queue_seconds)
        self.seconds = settings.pdf_render_seconds
        self.memory_bytes = settings.pdf_memory_mb * 2**20

    async def render(self, document: Document, tenant: Hashable = None) -> bytes:
        async with self.turns.turn(tenant):  # a refusal here is counted by the line
            started = time.monotonic()
            try:
                pdf = await run_render(document, self.seconds, self.memory_bytes)
            except ServiceBusy:
                PDF_RENDERS.labels("stopped").inc()
                raise
            except Exception:
                PDF_RENDERS.labels("failed").inc()
                raise
            PDF_RENDERS.labels("rendered").inc()
            PDF_RENDER_SECONDS.observe(time.monotonic() - started)
            return pdf


def renderer(app) -> Renderer:
    if getattr(app.state, "pdf_renderer", None) is None:
        app.state.pdf_renderer = Renderer(app.state.settings)
    return app.state.pdf_renderer


class PdfResponse(Response):
    """A PDF rendered when the answer is sent, after the request's transaction ended (see the
    module). `tenant` shares the line fairly (the restaurant); `cache` keeps finished documents."""

    media_type = "application/pdf"

    def __init__(self, document: Document, filename: str, *, inline: bool = False, tenant: Hashable = None,
                 cache: Cache | None = None, headers: dict[str, str] | None = None):
        self.document, self.tenant, self.cache = document, tenant, cache
        disposition = "inline" if inline else "attachment"
        self.pdf_headers = {"Content-Disposition": f'{disposition}; filename="{filename}"', **(headers or {})}
        super().__init__(headers=self.pdf_headers)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        pdfs = renderer(scope["app"])
        if self.cache is None:
            self.body = await pdfs.render(self.document, self.tenant)
        else:
            self.body = await self.cache.get(self.document.key, lambda: pdfs.render(self.document, self.tenant))
        self.init_headers(self.pdf_headers)
        await super().__call__(scope, receive, send)


# --- the render process -----------------------------------------------------------------------

def _render_in_child(build: Callable[..., str], args: tuple, out: Connection, memory_bytes: int, seconds: float) -> None:
    """Runs in the forked render process: lower priority, capped memory and CPU time (a backstop
    should the parent be gone before it could kill us), then the PDF into `out`."""
    from weasyprint import HTML, URLFetcher

    os.nice(NICENESS)
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    cpu = math.ceil(seconds) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
    try:
        html = build(*args)
        pdf = HTML(string=html, url_fetcher=URLFetcher(allowed_protocols={"data"})).write_pdf()
    except MemoryError:
        os._exit(OUT_OF_MEMORY)
    with open(out.fileno(), "wb", closefd=False) as stream:
        stream.write(pdf)


class _Collect(asyncio.Protocol):
    def __init__(self):
        self.chunks: list[bytes] = []
        self.finished: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()

    def data_received(self, data: bytes) -> None:
        self.chunks.append(data)

    def eof_received(self) -> None:
        if not self.finished.done():
            self.finished.set_result(b"".join(self.chunks))

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.finished.done():
            self.finished.set_result(b"".join(self.chunks))


class _Popen(popen_forkserver.Popen):
    """multiprocessing's forkserver start, except that the render does not run the parent's main
    module again (`uvicorn` or `pytest`'s script, or any script without a `__main__` guard): it
    needs nothing but what the server preloaded. The rest is CPython 3.11's `_launch`."""

    def _launch(self, process_obj):
        prep_data = spawn.get_preparation_data(process_obj._name)
        prep_data.pop("init_main_from_name", None)
        prep_data.pop("init_main_from_path", None)
        buf = io.BytesIO()
        context.set_spawning_popen(self)
        try:
            reduction.dump(prep_data, buf)
            reduction.dump(process_obj, buf)
        finally:
            context.set_spawning_popen(None)
        self.sentinel, w = forkserver.connect_to_new_process(self._fds)
        _parent_w = os.dup(w)
        self.finalizer = util.Finalize(self, util.close_fds, (_parent_w, self.sentinel))
        with open(w, "wb", closefd=True) as f:
            f.write(buf.getbuffer())
        self.pid = forkserver.read_signed(self.sentinel)


class _RenderProcess(context.ForkServerProcess):
    @staticmethod
    def _Popen(process_obj):
        return _Popen(process_obj)


def _starter() -> ThreadPoolExecutor:
    global _STARTER
    if _STARTER is None:
        _STARTER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pdf-start")
    return _STARTER


def _start(process) -> None:
    forkserver.set_forkserver_preload(sorted(_PRELOAD))  # read only when the server (re)starts
    process.start()


async def _exited(process) -> None:
    """Until the process has ended (its sentinel is readable), without blocking the loop."""
    loop = asyncio.get_running_loop()
    ended = loop.create_future()
    loop.add_reader(process.sentinel, lambda: ended.done() or ended.set_result(None))
    try:
        await ended
    finally:
        loop.remove_reader(process.sentinel)


async def run_render(document: Document, seconds: float, memory_bytes: int) -> bytes:
    """Render in a fresh fork of the render server, killed after `seconds` (503 busy). A request
    that goes away takes its render with it."""
    render = _Render(document, seconds, memory_bytes)
    task = asyncio.ensure_future(render.run())
    try:
        return await asyncio.shield(task)  # the render is ended, not abandoned, when its request goes
    except asyncio.CancelledError:
        render.stop()
        await asyncio.wait({task}, timeout=STOP_SECONDS)
        raise


class _Render:
    def __init__(self, document: Document, seconds: float, memory_bytes: int):
        self.document, self.seconds, self.memory_bytes = document, seconds, memory_bytes
        self.process: _RenderProcess | None = None
        self.stopped = self.ended = False

    def stop(self) -> None:
        self.stopped = True
        self._kill()

    def _kill(self) -> None:
        if self.process is not None and self.process.pid is not None and not self.ended:
            try:
                os.kill(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:  # it had just ended by itself
                pass

    async def run(self) -> bytes:
        loop = asyncio.get_running_loop()
        build = self.document.build
        read_fd, write_fd = os.pipe()
        out = Connection(write_fd, readable=False)
        self.process = _RenderProcess(
            target=_render_in_child, args=(build, self.document.args, out, self.memory_bytes, self.seconds),
            name="pdf-render", daemon=True,
        )
        try:
            await loop.run_in_executor(_starter(), _start, self.process)
        except BaseException:
            os.close(read_fd)
            raise
        finally:
            out.close()  # the child holds the only write end now: its exit is our end of file
        pdf = b""
        try:
            if self.stopped:
                self._kill()
            transport, collected = await loop.connect_read_pipe(_Collect, open(read_fd, "rb", buffering=0))
            try:
                async with asyncio.timeout(self.seconds):
                    pdf = await collected.finished
                    await _exited(self.process)
                    self.ended = True
            except TimeoutError:
                log.warning("pdf_render_timeout", seconds=self.seconds, build=build.__qualname__)
                raise ServiceBusy(RETRY_AFTER_SECONDS) from None
            finally:
                transport.close()
        finally:
            self._kill()
            exitcode = await _reap(self.process)
        if self.stopped:
            raise asyncio.CancelledError  # its request went away: nobody to answer
        if exitcode == 0 and pdf.startswith(b"%PDF"):
            return pdf
        if exitcode in (OUT_OF_MEMORY, -signal.SIGKILL, -signal.SIGABRT, -signal.SIGSEGV, -signal.SIGBUS):
            # out of its address space, in Python (MemoryError) or in a C library (abort), or
            # taken by the kernel's OOM killer
            log.warning("pdf_render_out_of_memory", exitcode=exitcode, build=build.__qualname__)
            raise ServiceBusy(RETRY_AFTER_SECONDS)
        if exitcode == -signal.SIGXCPU:
            log.warning("pdf_render_cpu_limit", exitcode=exitcode, build=build.__qualname__)
            raise ServiceBusy(RETRY_AFTER_SECONDS)
        if exitcode in (SERVER_GONE, -signal.SIGTERM, -signal.SIGINT, -signal.SIGHUP):
            # the service is stopping (its process group was signalled): the next process answers
            log.warning("pdf_render_interrupted", exitcode=exitcode, build=build.__qualname__)
            raise ServiceBusy(RETRY_AFTER_SECONDS)
        raise RuntimeError(f"PDF render of {build.__qualname__} failed with exit code {exitcode}")


async def _reap(process) -> int:
    await _exited(process)
    return await asyncio.get_running_loop().run_in_executor(_starter(), _join, process)


def _join(process) -> int:
    process.join()
    exitcode = process.exitcode
    process.close()
    return exitcode
