#!/usr/bin/env python3
"""The demo owner's restaurant as a working restaurant, built once through the public API.

Run by `make up` once the stack answers. Identity's seed made the demo owner and 'Resto Demo';
this adds what a visitor pressing 'demo login' should find: a menu with categories and dishes
with pictures, a floor of tables and chairs, and orders in every status a line can reach by the
board's actions (new, accepted, delivered, rejected, paid) plus a delivery order. Everything goes
through the gateway as an owner's tablet would, so catalog, floor and ordering learn of each
other by their events, as in production.

Then a month of business (`month_of_business`): for each of the last `MONTH_DAYS` days, table
orders and deliveries placed, accepted, delivered and paid at the counter (cash, debit, credit),
through the same calls, on that day: the local stack's ordering honours `X-Demo-Time` on staff
calls (deploy/local/config.py STACK_ONLY_ENV; nowhere else). Identity's seed dated the restaurant
90 days back, so billing's balance, statistics and the admin's fee table show sales and commission.

Running it again changes nothing: a restaurant that already has the demo menu is left alone, and
a day that already has paid orders is not filled again.
"""
from __future__ import annotations

import io
import random
import sys
import time
import uuid
from datetime import UTC, date, datetime, time as clock, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import httpx
from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parent))
import config  # noqa: E402
from kit.settings import ServiceSettings  # noqa: E402

GATEWAY = f"http://127.0.0.1:{config.GATEWAY_PORT}"
MENU = "Carta Resto Demo"
WAIT_SECONDS = 60  # how long the services may take to learn of each other's changes
CATEGORIES: dict[str, list[tuple[str, str, str]]] = {  # name -> (dish, price, description)
    "Entradas": [("Empanada de carne", "1500.00", "Cortada a cuchillo, al horno"),
                 ("Provoleta", "5200.00", "Con orégano y aceite de oliva"),
                 ("Rabas", "7800.00", "Con limón")],
    "Principales": [("Bife de chorizo", "14500.00", "400 g, con papas fritas"),
                    ("Milanesa napolitana", "11200.00", "Con puré"),
                    ("Ravioles de ricota", "9800.00", "Con salsa fileto"),
                    ("Pollo al verdeo", "10400.00", "Con arroz")],
    "Postres": [("Flan casero", "4200.00", "Con dulce de leche y crema"),
                ("Panqueque con dulce de leche", "4600.00", ""),
                ("Helado", "3900.00", "Dos gustos")],
    "Bebidas": [("Agua sin gas", "1800.00", "500 ml"),
                ("Gaseosa", "2400.00", "500 ml"),
                ("Malbec (copa)", "4500.00", "Mendoza")],
}
COLOURS = ["#c2410c", "#2b8a3e", "#1864ab", "#862e9c", "#e67700", "#0b7285", "#a61e4d"]
TABLES, CHAIRS = 8, 4
MONTH_DAYS = 30
LOCAL = ZoneInfo(ServiceSettings().restaurant_timezone)  # the restaurant's days, as the services read them
METHODS = (("Efectivo", 45), ("Debito", 30), ("Credito", 25))  # how the month's orders are paid, in percent


def picture(name: str, colour: str) -> bytes:
    """A plain 480x320 JPEG with the dish's initial: made here, nothing downloaded."""
    image = Image.new("RGB", (480, 320), colour)
    draw = ImageDraw.Draw(image)
    draw.ellipse((170, 90, 310, 230), fill="white")
    draw.text((232, 150), name[0], fill=colour)
    out = io.BytesIO()
    image.save(out, "JPEG", quality=80)
    return out.getvalue()


def eventually(what: str, probe):
    deadline = time.monotonic() + WAIT_SECONDS
    while not (answer := probe()):
        if time.monotonic() > deadline:
            raise SystemExit(f"[demo] gave up waiting for {what} after {WAIT_SECONDS}s; run `make up` again")
        time.sleep(0.2)
    return answer


def ok(answer: httpx.Response) -> dict | list:
    if answer.is_error:
        raise SystemExit(f"[demo] {answer.request.method} {answer.request.url.path}: {answer.status_code} {answer.text[:300]}")
    return answer.json()


def build(http: httpx.Client) -> str:
    login = http.post("/api/auth/token/demo/")
    if login.status_code != 200:
        return "demo login is off here: nothing to add"
    http.headers["Authorization"] = f"Token {login.json()['auth_token']}"
    mine = ok(http.get("/api/restaurant/"))
    restaurant = min(r["id"] for r in mine if r["nombre_local"] == "Resto Demo")

    def menus():
        answer = http.get(f"/api/menu/?restaurant={restaurant}&paginate=0")
        return answer.status_code == 200 and answer

    listed = eventually("catalog to learn the demo restaurant", menus).json()
    listed = listed["results"] if isinstance(listed, dict) else listed
    existing = [m for m in listed if m["name"] == MENU]
    if existing:
        if not existing[0]["delivery"]:  # set up before the menu link needed the delivery menu
            ok(http.put(f"/api/menu/{existing[0]['id']}/", json={"name": MENU, "delivery": True}))
        return ("the demo restaurant is already set up" + repair_pictures(http, restaurant, existing[0]["id"])
                + "; " + month_of_business(http, restaurant))

    # Its tables' menu is also its delivery / take-away menu: the menu link and its QR take orders.
    menu = ok(http.post("/api/menu/", json={"name": MENU, "restaurant": restaurant, "delivery": True}))["id"]
    dishes: list[int] = []
    n = 0
    for order, (category_name, items) in enumerate(CATEGORIES.items()):
        category = ok(http.post("/api/menu-group/", json={"name": category_name, "menu": menu, "order": order}))["id"]
        for name, price, description in items:
            made = ok(http.post(
                "/api/dish/",
                data={"name": name, "price": price, "description": description, "menu_group": str(category)},
                files=[("dish_dimage", (f"dish-{n}.jpg", picture(name, COLOURS[n % len(COLOURS)]), "image/jpeg"))],
            ))
            dishes.append(made["pk"])
            n += 1

    location = [{"fk_resto": restaurant, "fk_menu": menu, "i_name": f"M{i}", "sit_type": "mesa",
                 "x_axis": (i - 1) % 4 * 5, "y_axis": (i - 1) // 4 * 3, "w_width": 3, "h_high": 2}
                for i in range(1, TABLES + 1)]
    location += [{"fk_resto": restaurant, "fk_menu": menu, "i_name": f"S{i}", "sit_type": "silla",
                  "x_axis": 20 + (i - 1) % 2 * 2, "y_axis": (i - 1) // 2 * 2, "w_width": 1, "h_high": 1}
                 for i in range(1, CHAIRS + 1)]

    def places():
        answer = http.post("/api/sit/", json={"location": location})
        return answer.status_code == 201 and answer.json()

    places_made = eventually("floor to learn the demo menu", places)
    place = {p["i_name"]: p["id"] for p in places_made}

    def order(at: str, *lines: tuple[int, int, str]):
        body = {"fk_resto": restaurant, "ordenes": [
            {"fk_sit": place[at], "fk_dish": dishes[d], "quantity": q, "extra_commentary": c} for d, q, c in lines]}
        answer = http.post("/api/ordenes/", json=body)
        return answer.status_code == 201 and answer.json()

    # ordering learns the dishes and places by events: the first order waits for them
    first = eventually("ordering to learn the demo dishes and tables", lambda: order("M1", (0, 2, ""), (3, 1, "jugoso")))
    placed = {
        "M1": first,
        "M2": order("M2", (4, 1, ""), (10, 2, "")),
        "M3": order("M3", (5, 1, "sin sal"), (12, 1, "")),
        "M4": order("M4", (7, 2, ""), (11, 1, "")),
        "M5": order("M5", (1, 1, ""), (6, 1, "")),
        "S1": order("S1", (8, 1, ""),),
    }
    moves = {  # status a place's lines end in, by the board's actions
        "M2": ["2"],            # accepted
        "M3": ["2", "4"],       # delivered
        "M4": ["3"],            # rejected
        "M5": ["2", "4"],       # delivered, then paid below
        "S1": ["2"],
    }
    for at, statuses in moves.items():
        for line in placed[at]:
            for status in statuses:
                ok(http.put(f"/api/ordenes/{line['id']}/", json={"status": status}))
    pay(http, [line["id"] for line in placed["M5"]], "Efectivo")
    ok(http.post("/api/delivery/", json={
        "fk_resto": restaurant, "fk_menu": menu, "type_delivery": 1, "fk_delivery": "482913",
        "contact_info": {"name": "Lucía", "phone": "1155554444"}, "address": "Av. Santa Fe 2100, CABA",
        "cash_amount": "20000", "ordenes": [{"fk_dish": dishes[0], "quantity": 6, "extra_commentary": ""}],
    }))
    summary = f"demo restaurant set up: {len(dishes)} dishes, {len(place)} places, orders at {len(placed)} places, a delivery"
    return summary + "; " + month_of_business(http, restaurant)


def pay(http: httpx.Client, line_ids: list[int], type_pay: str, at: datetime | None = None) -> dict:
    """Pay lines at the counter in one payment (at `at`, on the demo's clock)."""
    headers = {"Idempotency-Key": f"demo-{uuid.uuid4()}", **({"X-Demo-Time": at.isoformat()} if at else {})}
    return ok(http.post("/api/pagar-orden/recibir-varios-pagos/", json={"payment_orders": line_ids, "type_pay": type_pay},
                        headers=headers))


def month_of_business(http: httpx.Client, restaurant: int) -> str:
    """About a month of paid orders: each of the last MONTH_DAYS days (today left out) that has no
    paid order yet gets 5 to 9 table orders at lunch and dinner and 1 to 3 deliveries, each placed,
    accepted, delivered and paid on that day. Tables with open orders now are left alone: a past
    order there would join the sitting on the board."""
    menus = ok(http.get(f"/api/menu/?restaurant={restaurant}&paginate=0"))
    menu = next(m["id"] for m in (menus["results"] if isinstance(menus, dict) else menus) if m["name"] == MENU)
    dishes = ok(http.get(f"/api/dish/?restaurant={restaurant}&paginate=0"))
    dishes = [d["pk"] for d in (dishes["results"] if isinstance(dishes, dict) else dishes)
              if d["group_dish"]["menu"] == menu and not d.get("disable")]
    tables = [t["fk_sit"] for t in ok(http.get(f"/api/ordenes/mesas/?fk_resto={restaurant}"))
              if t["sit_type"] == "mesa" and t["status"] is None]
    paid = ok(http.get(f"/api/ordenes/?fk_sit__fk_resto={restaurant}&status=6&paginate=0"))
    done = {datetime.fromisoformat(line["creation_date"]).astimezone(LOCAL).date() for line in paid}
    today = datetime.now(LOCAL).date()
    days = [d for d in (today - timedelta(days=n) for n in range(MONTH_DAYS, 0, -1)) if d not in done]
    if not days or not tables or not dishes:
        return "the month of business is there already" if not days else "no free table or dish for the month of business"
    chance = random.Random(restaurant)  # the same month on every machine
    orders = 0
    for day in days:
        for n in range(chance.randint(5, 9)):
            placed_at = moment(day, chance, dinner=n % 2 == 1)
            table = chance.choice(tables)
            body = {"fk_resto": restaurant, "ordenes": [
                {"fk_sit": table, "fk_dish": dish, "quantity": chance.randint(1, 3), "extra_commentary": ""}
                for dish in chance.sample(dishes, chance.randint(1, 4))]}
            lines = ok(http.post("/api/ordenes/", json=body, headers={"X-Demo-Time": placed_at.isoformat()}))
            serve_and_pay(http, restaurant, [line["id"] for line in lines], placed_at, chance, delivery=False)
            orders += 1
        for n in range(chance.randint(1, 3)):
            placed_at = moment(day, chance, dinner=True)
            made = ok(http.post("/api/delivery/", headers={"X-Demo-Time": placed_at.isoformat()}, json={
                "fk_resto": restaurant, "fk_menu": menu, "type_delivery": chance.choice((1, 2)),
                "contact_info": {"name": chance.choice(("Lucía", "Martín", "Sofía", "Diego", "Valentina")), "phone": "1155554444"},
                "address": "Av. Santa Fe 2100, CABA",
                "ordenes": [{"fk_dish": dish, "quantity": chance.randint(1, 2), "extra_commentary": ""}
                            for dish in chance.sample(dishes, chance.randint(1, 3))],
            }))
            serve_and_pay(http, restaurant, [line["id"] for line in made["ordenes"]], placed_at, chance, delivery=True)
            orders += 1
    return f"a month of business: {orders} orders placed and paid over {len(days)} days"


def moment(day: date, chance: random.Random, dinner: bool) -> datetime:
    """A lunch (12:00-14:59) or dinner (20:00-22:59) moment of a local day, in UTC."""
    start = clock(20 if dinner else 12, 0)
    local = datetime.combine(day, start, LOCAL) + timedelta(minutes=chance.randint(0, 179))
    return local.astimezone(UTC)


def serve_and_pay(http: httpx.Client, restaurant: int, line_ids: list[int], placed_at: datetime, chance: random.Random,
                  delivery: bool) -> None:
    for status in ("2", "4"):  # accepted, delivered (by the board's update-all, or the delivery screen's)
        ok(http.post("/api/ordenes/update-all/", json={
            "pk_resto": restaurant, "delivery": delivery, "lines": [{"pk": i, "status": status} for i in line_ids]}))
    method = chance.choices([m for m, _ in METHODS], weights=[w for _, w in METHODS])[0]
    pay(http, line_ids, method, placed_at + timedelta(minutes=chance.randint(25, 70)))


def repair_pictures(http: httpx.Client, restaurant: int, menu: int) -> str:
    """Pictures whose files are gone (a new media volume, another checkout's .run/) are uploaded
    again: the database outlives them, and the demo must show every dish with its picture."""
    dishes = ok(http.get(f"/api/dish/?restaurant={restaurant}&paginate=0"))
    dishes = dishes["results"] if isinstance(dishes, dict) else dishes
    mended = 0
    for n, dish in enumerate(d for d in dishes if d["group_dish"]["menu"] == menu):
        fresh = [("image", (f"dish-{n}.jpg", picture(dish["name"], COLOURS[n % len(COLOURS)]), "image/jpeg"))]
        images = [i for i in dish["dish_dimage"] if not i.get("soft_delete")]
        if not images:
            ok(http.post("/api/dish-image/", data={"dish": str(dish["pk"])}, files=fresh))
            mended += 1
        for image in images:
            if http.get(image["image"]).status_code != 200:
                ok(http.put(f"/api/dish-image/{image['id']}/", files=fresh))
                mended += 1
    return f"; {mended} missing pictures uploaded again" if mended else ""


def main() -> int:
    with httpx.Client(base_url=GATEWAY, timeout=30) as http:
        print(f"[demo] {build(http)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
