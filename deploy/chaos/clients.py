"""The rush: diners, tablets and screens that behave like real ones, through the gateway.

- A diner at a table opens the menu (`GET /api/public-menu/`) and orders from its QR
  (`POST /api/ordenes/lugar/{token}/`) with one Idempotency-Key per order; a diner of the menu
  link orders a take-away (`POST /api/delivery/`, anonymous, with a key). A request that fails or times out is sent again with the same key, until
  answered (bounded: `ACK_SECONDS`); the order's key rides in each line's comment, so the checks
  can tell one order stored twice.
- Tablets (the owner's token) accept and deliver what is new (the table's bulk buttons, the
  delivery screen's bulk update) and take payments at the counter (`recibir-varios-pagos` for a
  table's or a delivery's lines, `recibir-pago` for one line now and then), each with its key,
  sent again until answered. Two tablets work the same restaurant, so they race.
- Staff send every third delivery order's marketplace link instead of charging it at the counter,
  and its diner pays there; for half of those a waiter charges it at the counter all the same
  (ordering refuses one of the two; a refused online payment is refunded by billing).
- Online diners, at tables of their own, pay their orders once accepted ('Pay' with mode `mine`,
  or the tab in two equal shares, the second asked for at `mesa/{checkout}/parte/`: `POST
  /api/pagar-orden/mercadopago/...`, a key each) and approve at the simulator's checkout page;
  staff never charge those tables at the counter.
- Screens: staff sockets on `/ws/notificaciones/` through the gateway. Each keeps, per line, the
  newest state it heard (the frame with the highest line version: a real screen ignores a frame its
  data already covers), reconnects with its last-seen id when the socket drops, and reads the
  board again when `ready` says `resync`.
"""
from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

import httpx
from websockets.asyncio.client import connect

from world import Restaurant

ACK_SECONDS = 90.0  # a request is sent again until answered, at most this long
REQUEST_SECONDS = 10.0  # one attempt's timeout
RETRY_STATUSES = {408, 425, 429, 500, 502, 503, 504}
METHODS = ("Efectivo", "Debito", "Credito")


@dataclass
class Tally:
    """What the clients were told, for the checks."""

    orders: dict[str, dict] = field(default_factory=dict)  # key -> {kind, order, lines, place}
    unanswered: dict[str, str] = field(default_factory=dict)  # key -> the last failure (never acknowledged)
    payments: dict[str, dict] = field(default_factory=dict)  # key -> {payment_id, amount, lines, method}
    online: dict[str, dict] = field(default_factory=dict)  # key -> {checkout, amount, lines, payment_id, reference}
    answers: Counter = field(default_factory=Counter)  # (what, status or error) -> count
    retries: Counter = field(default_factory=Counter)  # what -> attempts sent again
    server_errors: list[str] = field(default_factory=list)  # 500s: never an answer a fault should cause

    def acknowledged(self) -> int:
        return len(self.orders)


@dataclass
class Ctx:
    http: httpx.AsyncClient
    simulator: httpx.AsyncClient
    restaurant: Restaurant
    tally: Tally
    rng: random.Random
    stop: asyncio.Event
    run: str
    counter_tables: list[int]
    online_tables: list[int]
    online_deliveries: set[int] = field(default_factory=set)  # sent the marketplace's link: not charged at the counter


async def send(ctx: Ctx, what: str, method: str, url: str, *, client: httpx.AsyncClient | None = None,
               json_body=None, data=None, headers=None, seconds: float = ACK_SECONDS) -> httpx.Response | str:
    """One request, sent again (same body, same headers: same Idempotency-Key) while it fails or
    times out, until answered: the answer, or the last failure's text when it gave up."""
    http = client or ctx.http
    deadline = time.monotonic() + seconds
    pause = 0.25
    while True:
        try:
            answer = await http.request(method, url, json=json_body, data=data, headers=headers, timeout=REQUEST_SECONDS)
        except httpx.HTTPError as e:
            ctx.tally.answers[(what, type(e).__name__)] += 1
            last = f"{type(e).__name__}: {e}"[:200]
            wait = pause
        else:
            ctx.tally.answers[(what, answer.status_code)] += 1
            if answer.status_code == 500:
                ctx.tally.server_errors.append(f"{what} {method} {url}: 500 {answer.text[:200]}")
            if answer.status_code not in RETRY_STATUSES:
                return answer
            last = f"{answer.status_code} {answer.text[:200]}"
            try:
                wait = min(float(answer.headers.get("retry-after", pause)), 10.0)
            except ValueError:
                wait = pause
        if time.monotonic() + wait > deadline:
            return last
        ctx.tally.retries[what] += 1
        await asyncio.sleep(wait)
        pause = min(pause * 2, 2.0)


def _lines(ctx: Ctx, key: str) -> list[dict]:
    dishes = ctx.rng.sample(sorted(ctx.restaurant.dishes), ctx.rng.randint(1, 3))
    return [{"fk_dish": d, "quantity": ctx.rng.randint(1, 3), "extra_commentary": key} for d in dishes]


async def sleep_or_stop(ctx: Ctx, seconds: float) -> bool:
    """False once the run is over."""
    try:
        await asyncio.wait_for(ctx.stop.wait(), seconds)
        return False
    except TimeoutError:
        return True


# ----------------------------------------------------------------------------- diners
async def place_order(ctx: Ctx, what: str, url: str, key: str, body: dict, acknowledged: Callable[[dict], dict]) -> None:
    """An order sent with its key until answered. The tally keeps what its diner was told: the order
    as `acknowledged` reads it from the answer (its kind, order, place and line ids), or the last
    failure when it never was."""
    answer = await send(ctx, what, "POST", url, json_body=body, headers={"Idempotency-Key": key})
    if isinstance(answer, httpx.Response) and answer.status_code in (200, 201):
        ctx.tally.orders[key] = {**acknowledged(answer.json()), "count": len(body["ordenes"])}
    else:
        ctx.tally.unanswered[key] = answer if isinstance(answer, str) else f"{answer.status_code} {answer.text[:200]}"


async def table_diner(ctx: Ctx, table: int, every: float) -> None:
    token = ctx.restaurant.qr[table]
    n = 0
    await sleep_or_stop(ctx, ctx.rng.uniform(0, every))
    while not ctx.stop.is_set():
        # the phone opens the table's menu first (catalog's public menu), until it shows
        await send(ctx, "public menu", "GET", f"/api/public-menu/?menu={ctx.restaurant.menu}")
        key = f"chaos-{ctx.run}-m{table}-{n}"
        n += 1
        body = {"diner_name": f"Mesa {table}", "ordenes": _lines(ctx, key)}
        await place_order(ctx, "table order", f"/api/ordenes/lugar/{token}/", key, body, lambda got: {
            "kind": "table", "order": ("o", got["order"]), "place": table, "lines": sorted(l["id"] for l in got["lines"])})
        if not await sleep_or_stop(ctx, ctx.rng.uniform(0.6, 1.4) * every):
            return


async def delivery_diner(ctx: Ctx, every: float) -> None:
    """Take-away orders from the menu link (anonymous). One address may send 10 a minute."""
    n = 0
    await sleep_or_stop(ctx, ctx.rng.uniform(0, every))
    while not ctx.stop.is_set():
        key = f"chaos-{ctx.run}-d{n}"
        n += 1
        body = {"fk_resto": ctx.restaurant.id, "fk_menu": ctx.restaurant.menu, "type_delivery": 2,
                "contact_info": {"name": f"Diner {n}", "phone": "1155554444"}, "address": "",
                "ordenes": _lines(ctx, key)}
        await place_order(ctx, "take-away order", "/api/delivery/", key, body, lambda got: {
            "kind": "delivery", "order": ("d", got["id"]), "place": None, "lines": sorted(l["id"] for l in got["ordenes"])})
        if not await sleep_or_stop(ctx, ctx.rng.uniform(0.8, 1.2) * every):
            return


async def online_diner(ctx: Ctx, table: int, every: float) -> None:
    """Pays this table's accepted orders online and approves at the provider: every other time its
    own orders ('Pay', mode mine), else the whole tab split in two equal shares, the second asked
    for as another phone would (`mesa/{checkout}/parte/`). A payment counts once every share of it
    was approved at the provider."""
    token = ctx.restaurant.qr[table]
    asked: set[int] = set()  # orders this table has asked to pay
    n = 0
    while await sleep_or_stop(ctx, ctx.rng.uniform(0.7, 1.3) * every):
        mine = {o["order"][1] for o in ctx.tally.orders.values() if o["place"] == table} - asked
        if not mine:
            continue
        try:
            tab = await ctx.http.get(f"/api/ordenes/lugar/{token}/", timeout=REQUEST_SECONDS)
        except httpx.HTTPError:
            continue
        if tab.status_code != 200:
            continue
        lines: dict[int, list[dict]] = {}
        for line in tab.json()["lines"]:
            lines.setdefault(line["order"], []).append(line)
        payable = sorted(o for o in mine if o in lines and all(l["status"] in ("2", "4") and not l["status_pay"] for l in lines[o]))
        if not payable:
            continue
        key = f"chaos-{ctx.run}-p{table}-{n}"
        split = n % 2 == 1
        n += 1
        body = {"t": token, "mode": "share", "shares": 2} if split else {"t": token, "mode": "mine", "orders": payable}
        answer = await send(ctx, "online 'Pay'", "POST", "/api/pagar-orden/mercadopago/mesa/", json_body=body,
                            headers={"Idempotency-Key": key})
        if not isinstance(answer, httpx.Response) or answer.status_code != 201:
            asked.update(payable)
            continue
        charges = [answer.json()]
        held = set(charges[0]["lines"])
        asked.update(order for order, theirs in lines.items() if any(l["id"] in held for l in theirs))
        asked.update(payable)
        if split:
            other = await send(ctx, "online 'Pay' (next share)", "POST",
                               f"/api/pagar-orden/mercadopago/mesa/{charges[0]['checkout']}/parte/",
                               json_body={"t": token}, headers={"Idempotency-Key": f"{key}-2"})
            if not isinstance(other, httpx.Response) or other.status_code != 201:
                continue
            charges.append(other.json())
        payments = []
        for charge in charges:
            approved = await send(ctx, "provider checkout", "POST", charge["init_point"], client=ctx.simulator,
                                  data={"decision": "approve"})
            if not isinstance(approved, httpx.Response) or approved.status_code != 302:
                break
            params = httpx.URL(approved.headers["location"]).params
            payments.append((params.get("payment_id"), params.get("external_reference")))
        else:
            ctx.tally.online[key] = {"checkout": charges[0]["checkout"], "amount": sum((Decimal(c["amount"]) for c in charges), Decimal("0.00")),
                                     "lines": sorted(held), "payment_ids": [p for p, _ in payments],
                                     "references": [ref for _, ref in payments], "shares": len(charges)}


# ----------------------------------------------------------------------------- tablets
async def board_lines(ctx: Ctx, status: str | None = None) -> list[dict] | None:
    params = {"fk_sit__fk_resto": ctx.restaurant.id, "status": status or "0", "paginate": "0"}
    try:
        answer = await ctx.http.get("/api/ordenes/", params=params, headers=ctx.restaurant.headers, timeout=REQUEST_SECONDS)
    except httpx.HTTPError:
        return None
    return answer.json() if answer.status_code == 200 else None


async def tablet(ctx: Ctx, index: int, every: float) -> None:
    """Accepts and delivers what is new, takes payments at the counter."""
    r = ctx.restaurant
    n = 0
    while await sleep_or_stop(ctx, ctx.rng.uniform(0.5, 1.5) * every):
        for status, action, target in (("1", "aceptar", "2"), ("2", "entregar", "4")):
            lines = await board_lines(ctx, status)
            if not lines:
                continue
            for place in sorted({l["fk_sit"] for l in lines if l["fk_sit"] and not l.get("fk_delivery")}):
                await send(ctx, f"table {action}", "POST", f"/api/ordenes/mesa/{place}/{action}/", headers=r.headers, seconds=5)
            moves = [{"pk": l["id"], "status": target, "version": l["version"]} for l in lines if l.get("fk_delivery")]
            if moves:
                await send(ctx, "delivery bulk move", "POST", "/api/ordenes/update-all/", headers=r.headers, seconds=5,
                           json_body={"pk_resto": r.id, "delivery": True, "lines": moves})
        delivered = await board_lines(ctx, "4")
        groups: dict[tuple, list[dict]] = {}
        for line in delivered or []:
            if line.get("can_pay") and not line.get("status_pay") and line["fk_sit"] not in ctx.online_tables:
                where = ("delivery", line["fk_delivery"]) if line.get("fk_delivery") else ("table", line["fk_sit"])
                groups.setdefault(where, []).append(line)
        for where, lines in sorted(groups.items(), key=lambda item: str(item[0])):
            method = METHODS[(index + n) % len(METHODS)]
            key = f"chaos-{ctx.run}-t{index}-{n}"
            n += 1
            headers = {**r.headers, "Idempotency-Key": key}
            if where[0] == "delivery" and where[1] in ctx.online_deliveries:
                continue  # its diner pays it online
            if where[0] == "delivery" and r.linked and where[1] % 3 == 0:
                await delivery_online(ctx, where[1], key)
                continue
            if len(lines) > 1 or n % 4:
                ids = sorted(l["id"] for l in lines)
                answer = await send(ctx, "counter payment", "POST", "/api/pagar-orden/recibir-varios-pagos/", headers=headers,
                                    json_body={"payment_orders": ids, "type_pay": method})
            else:
                ids = [lines[0]["id"]]
                answer = await send(ctx, "counter payment (one line)", "POST", f"/api/pagar-orden/{ids[0]}/recibir-pago/",
                                    headers=headers, json_body={"type_pay": method})
            if isinstance(answer, httpx.Response) and answer.status_code == 200:
                got = answer.json()
                ctx.tally.payments[key] = {"payment_id": got["payment_id"], "amount": Decimal(got["amount"]),
                                           "lines": ids, "method": got["method"]}
            elif isinstance(answer, str):
                ctx.tally.unanswered[key] = answer


async def delivery_online(ctx: Ctx, delivery_id: int, key: str) -> None:
    """Staff send a delivery order's marketplace link (`mercadopago/delivery/`) and its diner pays
    there. Another tablet may have charged it at the counter meanwhile: then ordering refuses the
    approved checkout and billing gives the money back (the checks ask billing what became of it)."""
    ctx.online_deliveries.add(delivery_id)
    answer = await send(ctx, "online link (delivery)", "POST", "/api/pagar-orden/mercadopago/delivery/",
                        json_body={"fk_delivery": delivery_id}, headers={**ctx.restaurant.headers, "Idempotency-Key": key})
    if not isinstance(answer, httpx.Response) or answer.status_code != 201:
        ctx.online_deliveries.discard(delivery_id)  # no link: charged at the counter after all
        return
    charge = answer.json()
    if delivery_id % 6 == 0:
        # Half of them, a waiter charges it at the counter all the same (the diner paid cash after
        # the link was sent): ordering refuses it while it knows the link (409), or takes it and
        # refuses the online payment later (billing refunds it).
        key2 = f"{key}-cash"
        cash = await send(ctx, "counter payment (link open)", "POST", "/api/pagar-orden/recibir-varios-pagos/",
                          headers={**ctx.restaurant.headers, "Idempotency-Key": key2},
                          json_body={"payment_orders": sorted(charge["lines"]), "type_pay": "Efectivo"})
        if isinstance(cash, httpx.Response) and cash.status_code == 200:
            got = cash.json()
            ctx.tally.payments[key2] = {"payment_id": got["payment_id"], "amount": Decimal(got["amount"]),
                                        "lines": sorted(charge["lines"]), "method": got["method"]}
    approved = await send(ctx, "provider checkout", "POST", charge["init_point"], client=ctx.simulator, data={"decision": "approve"})
    if isinstance(approved, httpx.Response) and approved.status_code == 302:
        query = httpx.URL(approved.headers["location"]).params
        ctx.tally.online[key] = {"checkout": charge["checkout"], "amount": Decimal(charge["amount"]), "lines": sorted(charge["lines"]),
                                 "payment_ids": [query.get("payment_id")], "references": [query.get("external_reference")],
                                 "shares": 1, "delivery": delivery_id}


# ----------------------------------------------------------------------------- screens
def order_of(line: dict) -> tuple[str, int]:
    """What a line was placed in: ("d", its delivery) or ("o", its placement at a table)."""
    return ("d", line["fk_delivery"]) if line.get("fk_delivery") else ("o", line["order"])


@dataclass
class Screen:
    """A tablet's live board, as far as its socket told it."""

    name: str
    lines: dict[int, tuple[str | None, int]] = field(default_factory=dict)  # line -> (status, version): the newest heard
    orders: set[tuple[str, int]] = field(default_factory=set)  # ("o", placement) and ("d", delivery) it heard of
    last_id: int | None = None
    frames: int = 0
    caught_up: int = 0  # of them, replayed before `ready` on a reconnection
    connections: int = 0
    resyncs: int = 0
    repeated: int = 0  # a message id at or below one already seen
    stale: int = 0  # a line's frame older than what the screen held (arrived out of order)
    offline_seconds: float = 0.0  # how long it was away on purpose (its Wi-Fi lost)
    refused: list[str] = field(default_factory=list)

    def hear(self, line_id: int, status: str | None, version: int | None) -> None:
        if version is None:
            return
        held = self.lines.get(line_id)
        if held is not None and held[1] > version:
            self.stale += 1
            return
        if held is not None and held[1] == version and status is None:
            return  # the same version announced as leaving the tab: keep the status it had
        self.lines[line_id] = (status, version)

    def read_board(self, lines: list[dict]) -> None:
        for line in lines:
            self.hear(line["id"], line["status"], line.get("version"))
            self.orders.add(order_of(line))

    def frame(self, message: dict) -> None:
        if self.last_id is not None and message["id"] <= self.last_id:
            self.repeated += 1
            return
        self.last_id = message["id"]
        self.frames += 1
        data = message.get("data") or {}
        if message["type"] in ("new_order", "new_delivery"):
            self.orders.add(("d", data["fk_delivery"]) if data.get("fk_delivery") else ("o", data["order_id"]))
            for line in data.get("lines", []):
                self.hear(line["id"], line["status"], line.get("version"))
        for line in message["changed"]["lines"]:
            self.hear(line["id"], line["status"], line.get("version"))


async def screen(ctx: Ctx, me: Screen, ws_url: str, done: asyncio.Event, connected: asyncio.Event,
                 offline: tuple[float, float] | None = None) -> None:
    """Connected until `done`; reconnects with its last-seen id (backing off 0.5 s, 1 s, 2 s ... 4 s).
    `offline` (monotonic moment, seconds): the tablet loses its Wi-Fi then, for that long, and comes
    back with its last-seen id (a catch-up, or a resync when it missed more than the server replays)."""
    r = ctx.restaurant
    pause = 0.5
    while not done.is_set():
        if offline is not None and time.monotonic() >= offline[0]:
            me.offline_seconds = offline[1]
            await asyncio.sleep(offline[1])
            offline = None
        try:
            async with connect(ws_url, max_queue=None, open_timeout=10) as ws:
                await ws.send(json.dumps({"type": "auth", "token": r.token, "fk_resto": r.id, "last_id": me.last_id}))
                while True:  # what it missed comes first (the catch-up), then `ready`
                    ready = json.loads(await asyncio.wait_for(ws.recv(), 15))
                    if ready.get("type") == "error":
                        me.refused.append(f"{ready.get('code')}: {ready.get('detail')}")
                        raise ConnectionError(ready.get("code"))
                    if ready.get("type") == "ready":
                        break
                    if "changed" in ready:
                        me.caught_up += 1
                        me.frame(ready)
                me.connections += 1
                connected.set()
                pause = 0.5
                if ready["resync"]:
                    me.resyncs += 1
                    lines = await board_lines(ctx)
                    while lines is None and not done.is_set():  # a screen reads its board until it can
                        await asyncio.sleep(0.5)
                        lines = await board_lines(ctx)
                    me.read_board(lines or [])
                me.last_id = max(me.last_id or 0, ready["last_id"])
                while not done.is_set():
                    if offline is not None and time.monotonic() >= offline[0]:
                        break  # the Wi-Fi goes: the socket is dropped, the loop above waits
                    try:
                        raw = await asyncio.wait_for(ws.recv(), 0.5)
                    except TimeoutError:
                        continue
                    message = json.loads(raw)
                    if message.get("type") == "error":
                        me.refused.append(f"{message.get('code')}: {message.get('detail')}")
                        break
                    if "changed" in message:
                        me.frame(message)
        except Exception as e:  # noqa: BLE001 — a dropped socket, a refused handshake: reconnect
            if done.is_set():
                return
            if len(me.refused) < 200:
                me.refused.append(f"{type(e).__name__} {e}"[:120])
        await asyncio.sleep(pause)
        pause = min(pause * 2, 4.0)
