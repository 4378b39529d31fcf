#!/usr/bin/env python3
"""`make chaos`: a rush with faults (issue 23), against the running stack, then the table of what
the clients were told against what the platform kept.

    python deploy/chaos/run.py [--short] [--seed N] [--seconds S]

For a bounded time (`--short`: about a minute of load, what `make test` runs; otherwise about
three), simulated diners order at tables (QR) and by take-away (menu link), diners at their own
tables pay online through the marketplace simulator, and two tablets accept, deliver and take
payments at the counter (deploy/chaos/clients.py), while this harness kills with SIGKILL processes
of ordering, notifications, billing and floor (one of two replicas and a service's only process,
started again through the launcher), restarts RabbitMQ once and Redis once (deploy/chaos/faults.py).
Then it waits for the outboxes and the consumers to drain and checks (deploy/chaos/checks.py):
orders acknowledged / stored / on the board, none lost, none duplicated; payments recorded once;
the ledger equal to the paid lines, the statistics to the ledger; every tablet's last frame equal
to the API; how long each kind of fault took to heal. Exit status 0 only when every check passed.

It changes the running stack, so it holds /tmp/resto-stack.lock throughout (as
gateway/tests/test_rolling_restart.py does), runs ordering and notifications with two processes
each, and puts back the REPLICAS and processes it found, every process ready, even when it fails.
The table is also kept in .run/chaos/table.txt.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent / "bench"))  # common: the machine line and the ledger's wait, as the benches have them

import checks  # noqa: E402
import clients  # noqa: E402
import faults  # noqa: E402
import world  # noqa: E402
from common import caught_up_with, machine  # noqa: E402
from faults import config  # noqa: E402

GATEWAY = f"http://127.0.0.1:{config.GATEWAY_PORT}"
LOCK_WAIT_SECONDS = float(os.environ.get("CHAOS_LOCK_WAIT", "1200"))
GROWN = ("ordering", "notifications")  # two processes each during the run
KILLABLE = ("ordering", "notifications", "billing", "floor")
DRAIN_SECONDS = 300
OUT = config.RUN / "chaos"


def say(msg: str) -> None:
    print(f"[chaos {time.strftime('%H:%M:%S')}] {msg}", flush=True)


# ----------------------------------------------------------------------------- the plan
def plan(rng: random.Random, short: bool, seconds: float) -> list[tuple[float, str, str]]:
    """(not before this second of the rush, kind, target). Short: a replica of notifications killed
    (the tablets' sockets drop), RabbitMQ restarted, billing's or floor's only process killed, Redis
    restarted. Full: eight kills alternating a replica and a lone process, RabbitMQ restarted after
    the third and Redis after the sixth. Targets are drawn with the seed."""
    replicas = [f"{s}{'' if r == 1 else f'-{r}'}" for s in GROWN for r in (1, 2)]
    lone = ["billing", "floor"]
    if short:
        # the replica is notifications' in the short run, so the tablets' sockets drop and reconnect
        steps = [("kill", rng.choice(replicas[2:])), ("rabbitmq", "rabbitmq"), ("kill", rng.choice(lone)), ("redis", "redis")]
    else:
        kills = [("kill", rng.choice(replicas) if i % 2 == 0 else rng.choice(lone)) for i in range(8)]
        steps = [*kills[:3], ("rabbitmq", "rabbitmq"), *kills[3:6], ("redis", "redis"), *kills[6:]]
    gap = max(0.0, seconds - 10) / len(steps)
    return [(5 + i * gap, kind, target) for i, (kind, target) in enumerate(steps)]


def inject(steps: list[tuple[float, str, str]], started: float, done: list, stop: threading.Event) -> None:
    """The faults, one after another, each not before its second (a fault waits for the one before
    to heal: two at once would blur both heal times)."""
    for at, kind, target in steps:
        while time.monotonic() - started < at and not stop.is_set():
            time.sleep(0.2)
        if stop.is_set():
            return
        say(f"fault: {kind} {target}")
        try:
            if kind == "kill":
                fault = faults.kill(target, started, restart_after=2.0)
            elif kind == "rabbitmq":
                fault = faults.restart_rabbitmq(started, down_seconds=2.0)
            else:
                fault = faults.restart_redis(started, down_seconds=2.0)
        except Exception as e:  # noqa: BLE001 — reported, and the run goes on to its checks
            fault = faults.Fault(kind, target, time.monotonic() - started, note=f"the harness failed: {e!r}")
        done.append(fault)
        say(f"  {fault.line()}")


# ----------------------------------------------------------------------------- after the rush
def outbox_waiting() -> int:
    """Events written but not yet published, over every service's outbox."""
    total = 0
    for db in config.SERVICES:
        done = subprocess.run(["psql", "-h", config.PG_HOST, "-U", config.PG_USER, "-d", db, "-tAc",
                               "SELECT count(*) FROM outbox_message WHERE published_at IS NULL"],
                              capture_output=True, text=True, timeout=60)
        total += int(done.stdout.strip() or 0) if done.returncode == 0 else 10**6
    return total


async def drain(what: str) -> float | None:
    """Until every outbox is published and every service queue empty, twice in a row."""
    started = time.monotonic()
    calm = 0
    while calm < 2:
        if time.monotonic() - started > DRAIN_SECONDS:
            say(f"{what}: not drained after {DRAIN_SECONDS} s")
            return None
        queued = await asyncio.to_thread(faults.waiting)
        unpublished = await asyncio.to_thread(outbox_waiting)
        calm = calm + 1 if queued == 0 and unpublished == 0 else 0
        await asyncio.sleep(0.5)
    took = time.monotonic() - started
    say(f"{what}: every outbox published and every queue empty after {took:.1f} s")
    return took


async def all_lines(http: httpx.AsyncClient, r: world.Restaurant) -> list[dict]:
    while True:
        answer = await http.get("/api/ordenes/", params={"fk_sit__fk_resto": r.id, "status": "0", "paginate": "0"},
                                headers=r.headers, timeout=60)
        if answer.status_code == 200:
            return answer.json()
        await asyncio.sleep(1)


async def ledger(http: httpx.AsyncClient, r: world.Restaurant) -> "checks.Decimal | None":
    answer = await http.post("/api/obtener-balance/resto-balance/", json={"fk_resto": r.id}, headers=r.headers, timeout=30)
    if answer.status_code != 200:
        return None
    return checks.money(answer.json().get("importe_total", "0.00"))


async def statistics(http: httpx.AsyncClient, r: world.Restaurant):
    answer = await http.get("/api/obtener-balance/resto-statistics/", params={"pk": r.id, "paginate": "0"},
                            headers=r.headers, timeout=30)
    return checks.money(answer.json()["total_amount"]) if answer.status_code == 200 else None


async def ledger_caught_up(http, r, expected) -> tuple[float | None, object]:
    """Until billing's sales equal `expected`, as long as they keep moving (30 s without progress: given up)."""
    return await caught_up_with(lambda: ledger(http, r), expected, stall_seconds=30)


async def online_settled(ctx: clients.Ctx, nudged: list[str]) -> None:
    """Every online payment approved at the provider has reached ordering (its lines paid), or was
    refused by ordering (a line paid at the counter meanwhile) and given back by billing (refunded:
    billing's state of its charges, by their references). The provider retries a notification 5 s,
    30 s, 120 s, 600 s after a failed one; past 40 s the harness has the simulator send it again
    now (its control API), as its later retry would."""
    started = time.monotonic()
    while time.monotonic() - started < 120:
        lines = {l["id"]: l for l in await all_lines(ctx.http, ctx.restaurant)}

        def paid_online(line_id: int) -> bool:
            line = lines.get(line_id, {})
            return line.get("status") == "6" and (line.get("account_pay") or {}).get("method") == checks.ONLINE

        waiting = [p for p in ctx.tally.online.values() if not p.get("refunded") and not all(map(paid_online, p["lines"]))]
        for p in waiting:  # given back?
            for reference in p.get("references", []):
                state = await ctx.http.get("/api/pagar-orden/mercadopago/estado/", params={"ref": reference})
                if state.status_code == 200 and state.json()["state"] in ("refunded", "cancelled", "expired"):
                    p["refunded"] = state.json()["state"]
        waiting = [p for p in waiting if not p.get("refunded")]
        if not waiting:
            return
        if time.monotonic() - started > 40:
            for p in waiting:
                for payment_id in p["payment_ids"]:
                    if payment_id and payment_id not in nudged:
                        await ctx.simulator.post(f"/_control/payments/{payment_id}/notify")
                        nudged.append(payment_id)
        await asyncio.sleep(2)


async def screens_settled(http, r: world.Restaurant, screens: list[clients.Screen]) -> None:
    """Until every screen has heard the restaurant's newest message (bounded)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        answer = await http.get("/api/notificaciones/", params={"fk_resto": r.id, "size": 1}, headers=r.headers)
        if answer.status_code == 200 and answer.json()["results"]:
            newest = answer.json()["results"][0]["id"]
            if all((s.last_id or 0) >= newest for s in screens):
                return
        await asyncio.sleep(0.5)


# ----------------------------------------------------------------------------- the run
async def rush(args, rng: random.Random, started_at: float, fault_log: list) -> list[checks.Row]:
    limits = httpx.Limits(max_connections=60, max_keepalive_connections=20)
    async with httpx.AsyncClient(base_url=GATEWAY, timeout=clients.REQUEST_SECONDS, limits=limits) as http, \
            httpx.AsyncClient(base_url=config.MARKETPLACE_SIM_URL, timeout=10) as simulator:
        tables = args.tables or (12 if args.short else 16)
        restaurant = await world.build(http, tables=tables)
        online = await world.link_marketplace(http, restaurant)
        online_tables = restaurant.tables[-3:] if online else []
        say(f"restaurant {restaurant.id}: {tables} tables ({len(online_tables)} paying online), "
            f"{len(restaurant.dishes)} dishes; online checkout {'linked' if online else 'NOT available: counter payments only'}")
        ctx = clients.Ctx(http, simulator, restaurant, clients.Tally(), rng, asyncio.Event(), f"{args.seed}-{restaurant.id}",
                          [t for t in restaurant.tables if t not in online_tables], online_tables)
        screens = [clients.Screen(f"S{i + 1}") for i in range(3)]
        done = asyncio.Event()
        connected = [asyncio.Event() for _ in screens]
        ws_url = f"ws://127.0.0.1:{config.GATEWAY_PORT}/ws/notificaciones/"
        # the third tablet loses its Wi-Fi a while, long enough in the full run to miss more than
        # the server replays (a resync)
        away = (time.monotonic() + (15 if args.short else 30), 25.0 if args.short else 60.0)
        listening = [asyncio.create_task(clients.screen(ctx, s, ws_url, done, c, away if s is screens[-1] else None))
                     for s, c in zip(screens, connected)]
        await asyncio.wait_for(asyncio.gather(*(c.wait() for c in connected)), 60)

        every = 8.0 if args.short else 10.0
        workers = [asyncio.create_task(clients.table_diner(ctx, t, every)) for t in restaurant.tables]
        workers.append(asyncio.create_task(clients.delivery_diner(ctx, 9.0)))
        workers += [asyncio.create_task(clients.online_diner(ctx, t, 5.0)) for t in online_tables]
        workers += [asyncio.create_task(clients.tablet(ctx, i, 1.5)) for i in range(2)]

        steps = [] if args.no_faults else plan(rng, args.short, args.seconds)
        say("faults planned: " + "; ".join(f"{at:.0f} s {kind} {target}" for at, kind, target in steps))
        stop_faults = threading.Event()
        rush_started = time.monotonic()
        injector = threading.Thread(target=inject, args=(steps, rush_started, fault_log, stop_faults), name="faults")
        injector.start()
        try:
            while time.monotonic() - rush_started < args.seconds or injector.is_alive():
                if time.monotonic() - rush_started > args.seconds + 240:
                    stop_faults.set()
                await asyncio.sleep(0.5)
            await asyncio.sleep(5)  # the rush goes on a moment past the last fault's heal
        finally:  # whatever happened: no fault starts any more, and the one under way ends first
            stop_faults.set()
            await asyncio.to_thread(injector.join)
            ctx.stop.set()
            await asyncio.gather(*workers, return_exceptions=True)
        rush_seconds = time.monotonic() - rush_started
        say(f"rush over after {rush_seconds:.0f} s: {ctx.tally.acknowledged()} orders acknowledged, "
            f"{len(ctx.tally.payments)} counter payments, {len(ctx.tally.online)} online")

        drained = await drain("after the rush")
        nudged: list[str] = []
        if ctx.tally.online:
            await online_settled(ctx, nudged)
            await drain("after the online payments")
        await screens_settled(http, restaurant, screens)
        stored = await all_lines(http, restaurant)
        done.set()
        await asyncio.gather(*listening)

        rows = checks.order_rows(ctx.tally.orders, ctx.tally.unanswered, stored, [s.orders for s in screens])
        pay_rows, paid_sum = checks.payment_rows(ctx.tally.payments, ctx.tally.online, stored)
        rows += pay_rows
        waited, sales = await ledger_caught_up(http, restaurant, paid_sum)
        rows += checks.money_rows(paid_sum, sales, await statistics(http, restaurant), waited)
        rows += checks.screen_rows(screens, {l["id"]: l for l in stored})
        rows += checks.fault_rows(fault_log)
        rows.append(("consumers and outboxes drained after the rush", f"{drained:.1f} s" if drained is not None else "NO",
                     f"<= {DRAIN_SECONDS} s", drained is not None))
        dead = await asyncio.to_thread(faults.dead_letters)
        rows.append(("dead letters in the services' queues (any restaurant)", f"{sum(dead.values())} {dead if dead else ''}".strip(),
                     "info", None))
        rows.append(("answers 500 (a fault must never cause one)", f"{len(ctx.tally.server_errors)}"
                     + (f" e.g. {ctx.tally.server_errors[0][:150]}" if ctx.tally.server_errors else ""), "0",
                     not ctx.tally.server_errors))
        rows.append(("requests sent again (same key) / answers", f"{sum(ctx.tally.retries.values())} / "
                     f"{sum(ctx.tally.answers.values())}", "info", None))
        if nudged:
            rows.append(("online notifications sent again through the simulator", f"{len(nudged)}", "info", None))
        answers = ", ".join(f"{what} {status}: {n}" for (what, status), n in sorted(ctx.tally.answers.items(), key=str))
        print(f"\nanswers: {answers}", flush=True)
        return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="the short form `make test` runs (about a minute of load)")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=None, help="seconds of load at least (default 40 short, 150 full); it goes on until the last fault healed")
    parser.add_argument("--tables", type=int, default=None,
                        help="tables, each with a diner ordering every 8-10 s (default 12 short, 16 full; 3 pay online)")
    parser.add_argument("--no-faults", action="store_true",
                        help="the rush and the checks alone, the stack left as it is (no lock): for developing the "
                             "harness; such a run always fails its 'faults injected' check")
    args = parser.parse_args()
    args.seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**6)
    args.seconds = args.seconds or (40.0 if args.short else 150.0)
    rng = random.Random(args.seed)
    OUT.mkdir(parents=True, exist_ok=True)
    say(f"{'short' if args.short else 'full'} run, seed {args.seed}, {args.seconds:.0f} s of load; machine: {machine()}")
    fault_log: list[faults.Fault] = []
    rows: list[checks.Row] = []
    failure = None
    began = started = time.monotonic()
    if args.no_faults:
        rows = asyncio.run(rush(args, rng, started, fault_log))
        print(checks.render(rows) + "\n\nno fault injected (--no-faults): not a pass")
        return 1
    waiting = f"waiting for {config.STACK_LOCK} (another run changes the stack)"
    with config.stack_lock(LOCK_WAIT_SECONDS, waiting=lambda: say(waiting)):
        found = faults.status()
        found_replicas = config.chosen_replicas()
        say(f"found: REPLICAS {found_replicas or 'default'}; " + ", ".join(
            f"{r['name']} {'ready' if r['ready'] else 'NOT ready'}" for r in faults.service_rows(found)))
        try:
            if not faults.healthy(found) and faults.wait_until(lambda: faults.healthy(), 90, step=1.0) is None:
                raise RuntimeError("the stack is not healthy before the run, nor 90 s later (make up, make status)")
            found = faults.status()
            grown = {**found_replicas, **{s: max(2, found_replicas.get(s, 1)) for s in GROWN}}
            rc, out = faults.stack("up", *GROWN, replicas=grown)
            if rc != 0:
                raise RuntimeError(f"could not grow {GROWN}: {out[-1500:]}")
            say(f"running {', '.join(f'{s}={grown[s]}' for s in GROWN)}")
            started = time.monotonic()
            rows = asyncio.run(rush(args, rng, started, fault_log))
        except (Exception, SystemExit) as e:  # noqa: BLE001 — the stack is put back, then the failure reported
            failure = f"{type(e).__name__}: {e}"
        finally:
            say("putting the stack back as it was found")
            for did in faults.ensure_infra():
                say(f"  {did}")
            # the services whose processes the run changed: back to the REPLICAS found, each process ready
            rc, out = faults.stack("up", *sorted({*GROWN, *KILLABLE}), replicas=found_replicas)
            if rc != 0:
                say(f"  the launcher: {out[-1500:]}")
            back = faults.wait_until(lambda: faults.healthy(), 120, step=1.0)
            after = faults.status()
            missing = [r["name"] for r in faults.service_rows(found)
                       if r["ready"] and not any(a["name"] == r["name"] and a["ready"] for a in after)]
            say(f"  REPLICAS {config.chosen_replicas() or 'default'}; every process ready: "
                f"{'yes' if back is not None else 'NO'}{'; not ready: ' + ', '.join(missing) if missing else ''}")
            stack_back = back is not None and faults.replicas_of(after) == faults.replicas_of(found)
    took = time.monotonic() - began
    if failure:
        rows.append(("the run itself", failure[:300], "no error", False))
    rows.append(("stack put back (REPLICAS and processes found, every process ready)", "yes" if stack_back else "NO", "yes",
                 stack_back))
    table = checks.render(rows)
    faults_text = "\n".join(f.line() for f in fault_log) or "(none)"
    ok = checks.passed(rows) and not failure
    verdict = (f"{'short' if args.short else 'full'} run, seed {args.seed}, {took:.0f} s: "
               f"{'every check passed' if ok else 'FAILED'}")
    text = (f"\n===== chaos: what the clients were told against what the platform kept\n"
            f"machine: {machine()}\nseed: {args.seed}\n\nfaults (seconds since the rush began):\n{faults_text}\n\n{table}\n\n{verdict}")
    print(text, flush=True)
    (OUT / "table.txt").write_text(text + "\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
