"""The PDF flood: many PDFs asked for at once (the anonymous menu QR, a restaurant's QR sheets, its
command tickets) while a neighbour restaurant works. Each request either gets its PDF or is shed
with 503 and Retry-After; nothing else answers 5xx; the neighbour's p95 stays under 300 ms; the
rendering services stay under 1 GB; readiness keeps answering. A missing menu's QR PDF is a 404
answered before anything is rendered."""
from __future__ import annotations

import asyncio
import time

import httpx
import pytest

import processes
from load import MemoryWatch, Timings, acceptable_shedding, neighbour_until, timed
from tenants import MISSING, World

P95_BOUND = 0.300
MEMORY_BOUND = 1024 ** 3
SERVICE_PORTS = {"floor": 8103, "ordering": 8104}


def test_a_missing_menu_qr_pdf_is_a_quick_404(http, ledger):
    through = []
    for fmt in ("pdf", "png"):
        started = time.monotonic()
        answer = http.get(f"/api/qr/menu/{MISSING}/?format={fmt}")
        took = time.monotonic() - started
        if answer.status_code != 404:
            through.append(f"GET /api/qr/menu/{MISSING}/?format={fmt} (anonymous) -> {answer.status_code} "
                           f"{answer.headers.get('content-type')} (expected 404 before rendering)")
        elif took > 0.5:
            through.append(f"GET /api/qr/menu/{MISSING}/?format={fmt} took {took * 1000:.0f} ms to say 404 (rendered first?)")
    ledger.add("pdf: a missing menu's QR", tried=2, through=through)
    assert not through, "\n".join(through)


def floods(world: World, short: bool) -> dict[str, tuple[str, dict, int]]:
    """name -> (path, headers, how many at once)."""
    a = world.a
    n = 1 if short else 2
    return {
        "anonymous menu QR PDFs (floor)": (f"/api/qr/menu/{a.menu}/?format=pdf", {}, 16 * n),
        "QR sheets, one page per place (floor)": (f"/api/qr/sit/?fk_resto={a.id}&layout=uno", a.owner.headers, 8 * n),
        "command tickets (ordering)": (f"/api/tickets/orden/{a.line['order']}/", a.owner.headers, 8 * n),
    }


@pytest.mark.parametrize("flood", ["anonymous menu QR PDFs (floor)", "QR sheets, one page per place (floor)", "command tickets (ordering)"])
def test_a_pdf_flood_leaves_the_neighbours_alone(world: World, stack, flood, short, ledger):
    path, headers, count = floods(world, short)[flood]
    service = "floor" if "(floor)" in flood else "ordering"
    b = world.b
    neighbour = Timings()
    readiness = Timings()
    shed = []

    async def run() -> MemoryWatch:
        async with httpx.AsyncClient(base_url=stack.base_url, timeout=120) as http, \
                httpx.AsyncClient(timeout=30) as direct, MemoryWatch(service) as memory:
            done = asyncio.Event()
            neighbour_path = f"/api/sit/?fk_resto={b.id}" if service == "floor" else f"/api/ordenes/mesas/?fk_resto={b.id}"

            async def neighbour_work():
                await timed(http, neighbour, "GET", neighbour_path, headers=b.owner.headers)

            async def ready_work():
                await timed(direct, readiness, "GET", f"http://127.0.0.1:{SERVICE_PORTS[service]}/readyz")
                await asyncio.sleep(0.2)

            async def flood_all():
                answers = await asyncio.gather(*(http.get(path, headers=headers) for _ in range(count)), return_exceptions=True)
                done.set()
                for answer in answers:
                    if isinstance(answer, Exception):
                        shed.append(f"{type(answer).__name__}")
                    elif not acceptable_shedding(answer):
                        shed.append(f"{answer.status_code} {answer.text[:80]}")
                    elif answer.status_code == 503:
                        shed.append("shed")

            await asyncio.gather(flood_all(), neighbour_until(done, neighbour_work, 2, 2.0), neighbour_until(done, ready_work, 1, 2.0))
            return memory

    memory = asyncio.run(run())
    through = [f"{flood}: GET {path} x{count} -> {s}" for s in shed if s != "shed"]
    if neighbour.server_errors:
        through.append(f"{flood}: the neighbour got {len(neighbour.server_errors)} server errors")
    if neighbour.percentile(95) > P95_BOUND:
        through.append(f"{flood}: the neighbour's p95 was {neighbour.percentile(95) * 1000:.0f} ms (bound 300 ms): {neighbour.summary()}")
    if readiness.server_errors or readiness.percentile(95) > 1.0:
        through.append(f"{flood}: {service}'s /readyz suffered: {readiness.summary()}")
    if processes.pid(service) and memory.peak[service] > MEMORY_BOUND:
        through.append(f"{flood}: {service} reached {memory.mib(service):.0f} MiB (bound 1024 MiB)")
    ledger.add("pdf: flood", tried=count, through=through,
               note=f"{flood}: {count} at once, {sum(1 for s in shed if s == 'shed')} shed with 503; neighbour {neighbour.summary()}; "
                    f"{service} peak {memory.mib(service):.0f} MiB")
    assert not through, "\n".join(through)
