"""The noisy-neighbour check (issue 18): restaurant X asks for its largest allowed active-orders
report six times at once while restaurant Y places orders and reads its board. Y's p95 stays
under 300 ms, nothing Y asks answers 5xx, X's reports are rendered or shed with 503 and
Retry-After, and ordering's memory (its process tree: a render pool counts) stays under 1 GB.

'Largest allowed' is ordering's own cap on the report (`REPORT_MAX_LINES`), every line with the
longest comment and a long dish name. Before the six, one report is asked for alone: if that one
already breaks the bounds, the six are not sent (they would hold the machine every other suite
shares for minutes) and the hole is reported from the one.
"""
from __future__ import annotations

import asyncio
import importlib
import time
import uuid

import httpx
import pytest

import processes
from load import MemoryWatch, Timings, acceptable_shedding, neighbour_until, timed
from tenants import Restaurant, Stack

P95_BOUND = 0.300
MEMORY_BOUND = 1024 ** 3
REPORTS_AT_ONCE = 6
DEFAULT_MAX_LINES = 300
LINES_PER_ORDER = 30  # ordering's max_lines_per_order


def largest_report() -> tuple[int, str]:
    try:
        cap = importlib.import_module("ordering.ticket.service").REPORT_MAX_LINES
        return int(cap), f"ordering.ticket.service.REPORT_MAX_LINES = {cap}"
    except (ImportError, AttributeError):
        found = processes.setting("ordering", "report", "lines") or processes.setting("ordering", "report", "rows")
        if found:
            return int(found[1]), f"ordering setting {found[0]} = {found[1]}"
    return DEFAULT_MAX_LINES, f"no report cap found in ordering: {DEFAULT_MAX_LINES} lines"


@pytest.fixture(scope="module")
def x(stack: Stack) -> tuple[Restaurant, int, str]:
    """Restaurant X with as many active lines as its report may hold, each as wide as allowed."""
    lines, why = largest_report()
    x = stack.register_owner("X")
    stack.furnish(x, tables=max(2, -(-lines // LINES_PER_ORDER)))
    names = [f"Plato con un nombre largo para la linea {n:03d} {uuid.uuid4().hex[:12]}"[:60] for n in range(LINES_PER_ORDER)]
    dishes = [stack.new_dish(x, name=name) for name in names]
    places = x.places + x.spare_places
    stack.wait_known_to_ordering(x, places)
    comment = "sin sal, sin gluten, bien cocido, con guarnicion aparte y salsa en un recipiente separado por favor!!"[:100]
    already = len(x.lines) + 1  # furnish's order and its delivery's line
    remaining, n = lines - already, 0
    while remaining > 0:
        batch = dishes[:min(LINES_PER_ORDER, remaining)]
        stack.order(x, places[n % len(places)], batch, quantity=50, comment=comment)
        remaining -= len(batch)
        n += 1
    return x, lines, why


@pytest.fixture(scope="module")
def y(stack: Stack) -> Restaurant:
    return stack.furnish(stack.register_owner("Y"), tables=6)


def test_one_restaurants_reports_do_not_stall_another(stack, x, y, short, ledger):
    x_restaurant, lines, why = x
    report = f"/api/tickets/reporte/?fk_resto={x_restaurant.id}"
    through: list[str] = []
    neighbour, reports = Timings(), Timings()
    report_answers: list[httpx.Response | None] = []

    async def alone() -> tuple[float, int, MemoryWatch]:
        async with httpx.AsyncClient(base_url=stack.base_url, timeout=120) as http, MemoryWatch("ordering") as memory:
            started = time.monotonic()
            try:
                answer = await http.get(report, headers=x_restaurant.owner.headers)
                status = answer.status_code
            except httpx.TimeoutException:
                status = 0
            return time.monotonic() - started, status, memory

    took, status, memory = asyncio.run(alone())
    single = f"one report of {lines} lines alone: {status} in {took:.1f} s, ordering peak {memory.mib('ordering'):.0f} MiB"
    if status != 200 or took > 30 or memory.peak["ordering"] > MEMORY_BOUND:
        through.append(f"{single} (expected 200 within 30 s under 1024 MiB; the six at once were not sent)")
        ledger.add("noisy neighbour", tried=1, through=through, note=f"{single}; {why}")
        pytest.fail("\n".join(through))

    y_place = [y.places[0], y.places[1]]

    async def flood() -> MemoryWatch:
        async with httpx.AsyncClient(base_url=stack.base_url, timeout=180) as http, MemoryWatch("ordering") as memory:
            done = asyncio.Event()
            turn = iter(range(10 ** 9))

            async def y_work():
                if next(turn) % 2:
                    body = {"fk_resto": y.id, "ordenes": [{"fk_sit": y_place[0], "fk_dish": y.dishes[0], "quantity": 1, "extra_commentary": ""}]}
                    await timed(http, neighbour, "POST", "/api/ordenes/", json=body, headers=y.owner.headers)
                else:
                    await timed(http, neighbour, "GET", f"/api/ordenes/mesas/?fk_resto={y.id}", headers=y.owner.headers)

            async def x_reports():
                report_answers.extend(await asyncio.gather(
                    *(timed(http, reports, "GET", report, headers=x_restaurant.owner.headers) for _ in range(REPORTS_AT_ONCE))))
                done.set()

            await asyncio.gather(x_reports(), neighbour_until(done, y_work, 3, 3.0 if short else 8.0))
            return memory

    memory = asyncio.run(flood())
    for answer in report_answers:
        if not acceptable_shedding(answer):
            through.append(f"X's report -> {answer.status_code if answer is not None else 'no answer'} "
                           f"{answer.text[:100] if answer is not None else ''} (expected 200, or 503 with Retry-After)")
    if neighbour.server_errors:
        through.append(f"Y got {len(neighbour.server_errors)} server errors: statuses {sorted(set(neighbour.server_errors))}")
    if neighbour.percentile(95) > P95_BOUND:
        through.append(f"Y's p95 was {neighbour.percentile(95) * 1000:.0f} ms (bound 300 ms): {neighbour.summary()}")
    if memory.peak["ordering"] > MEMORY_BOUND:
        through.append(f"ordering reached {memory.mib('ordering'):.0f} MiB (bound 1024 MiB)")
    shed = sum(1 for a in report_answers if a is not None and a.status_code == 503)
    ledger.add("noisy neighbour", tried=REPORTS_AT_ONCE + len(neighbour.latencies), through=through,
               note=f"X: {REPORTS_AT_ONCE} reports of {lines} lines at once ({why}): {reports.summary()}, {shed} shed with 503; "
                    f"Y (orders and board): {neighbour.summary()}; ordering peak {memory.mib('ordering'):.0f} MiB; {single}")
    assert not through, "\n".join(through)
