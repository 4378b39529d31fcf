"""The chaos run's restaurant, built through the gateway as an owner would: a delivery menu with
dishes, tables (each with its QR token), WhatsApp link and take-away on (so diners may order from
the menu link), linked to a marketplace account at the simulator (so diners may pay online). Waited
for until ordering, billing and notifications know it."""
from __future__ import annotations

import asyncio
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "deploy" / "local"))  # the stack's config, which stack_restaurant reads
sys.path.insert(0, str(REPO / "deploy" / "bench"))
from stack_restaurant import authorize_at_simulator, tables_on_floor  # noqa: E402

PASSWORD, NEW_PASSWORD = "Chaos-Resto-2026", "Chaos-Mesa-2027"
DISHES = (("Empanada", "1500.00"), ("Milanesa", "9800.50"), ("Flan", "4200.00"), ("Agua", "1250.25"))
WHATSAPP = "https://wa.me/5491155554444"


@dataclass
class Restaurant:
    id: int
    token: str  # the owner's: every tablet is logged in as the owner
    menu: int
    dishes: dict[int, str]  # id -> price
    tables: list[int]
    qr: dict[int, str] = field(default_factory=dict)  # table -> its QR's place token
    linked: bool = False  # to a marketplace account: diners may pay online

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Token {self.token}"}


async def eventually(probe, what: str, seconds: float = 60):
    deadline = time.monotonic() + seconds
    while True:
        try:
            answer = await probe()
        except httpx.HTTPError:
            answer = None
        if answer:
            return answer
        if time.monotonic() > deadline:
            raise SystemExit(f"gave up waiting for {what} (is the stack up: `make up`?)")
        await asyncio.sleep(0.2)


async def build(http: httpx.AsyncClient, tables: int) -> Restaurant:
    email = f"chaos-{uuid.uuid4().hex[:12]}@example.com"
    made = await http.post("/api/restaurant/", json={
        "nombre_local": f"Chaos {uuid.uuid4().hex[:6]}", "telefono": "1145678901",
        "fk_user": {"email": email, "password": PASSWORD, "password2": PASSWORD},
    })
    made.raise_for_status()
    rid, first = made.json()["id"], made.json()["auth_token"]
    # The owner changes its password once and logs in again: its tablets' token is of generation 1,
    # so every staff call depends on identity's copy of the generations in Redis, which a Redis
    # restart loses and identity's watchdog writes back (until then: 503 busy, never a pass).
    changed = await http.post("/api/auth/users/set_password/", headers={"Authorization": f"Token {first}"},
                              json={"current_password": PASSWORD, "new_password": NEW_PASSWORD, "new_password_confirm": NEW_PASSWORD})
    changed.raise_for_status()
    login = await http.post("/api/auth/token/login/", json={"username": email, "password": NEW_PASSWORD})
    login.raise_for_status()
    token = login.json()["auth_token"]
    owner = {"Authorization": f"Token {token}"}

    async def menu_created():
        answer = await http.post("/api/menu/", json={"name": "Carta", "restaurant": rid, "delivery": True}, headers=owner)
        return answer.status_code == 201 and answer.json()["id"]

    menu = await eventually(menu_created, "catalog to learn the restaurant")
    category = (await http.post("/api/menu-group/", json={"name": "Platos", "menu": menu, "order": 0}, headers=owner)).json()["id"]
    dishes = {}
    for name, price in DISHES:
        answer = await http.post("/api/dish/", data={"name": name, "price": price, "menu_group": str(category)}, headers=owner)
        answer.raise_for_status()
        dishes[answer.json()["pk"]] = price
    places = await tables_on_floor(http, owner, rid, menu, tables, wait=eventually)
    restaurant = Restaurant(rid, token, menu, dishes, [p["id"] for p in places],
                            {p["id"]: parse_qs(urlsplit(p["qr"]).query)["p"][0] for p in places})
    (await http.put(f"/api/restaurant-atributes/{rid}/", headers=owner,
                    data={"whatsapp": WHATSAPP, "takeaway": "true"})).raise_for_status()

    async def ordering_knows_it():  # a table's QR takes an order once ordering has the dishes and the places
        answer = await http.get(f"/api/ordenes/lugar/{restaurant.qr[restaurant.tables[0]]}/")
        return answer.status_code == 200

    await eventually(ordering_knows_it, "ordering to learn the tables")

    async def notifications_knows_it():
        answer = await http.get(f"/api/notificaciones/sin-leer/?fk_resto={rid}", headers=owner)
        return answer.status_code == 200

    await eventually(notifications_knows_it, "notifications to learn the restaurant")
    return restaurant


async def link_marketplace(http: httpx.AsyncClient, restaurant: Restaurant) -> bool:
    """The owner links the restaurant at the simulator's authorization page; False when billing has
    no online checkout to offer (then the run pays at the counter only)."""
    async def billing_knows_it():
        answer = await http.get(f"/api/autorizacion/url/?fk_resto={restaurant.id}", headers=restaurant.headers)
        return answer.status_code in (200, 404) and answer

    started = await eventually(billing_knows_it, "billing to learn the restaurant")
    if started.status_code != 200:
        return False
    await authorize_at_simulator(http, restaurant, started.json()["url"], "chaos")
    restaurant.linked = True
    return True
