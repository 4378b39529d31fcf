"""A new restaurant on the running stack, built through the gateway as its owner would: a menu
with three dishes and some tables, waited for until ordering has learnt them (by events from
catalog and floor) and takes an order. The benchmarks start from it, and the chaos run
(deploy/chaos/world.py) makes its tables and links its restaurant to the marketplace with the
same steps; `vacuum_analyze` does what autovacuum would after a bulk load, `verdict` tells
whether a bench met its targets."""
from __future__ import annotations

import asyncio
import time
import uuid
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlsplit

import httpx
from sqlalchemy.ext.asyncio import create_async_engine

import config  # deploy/local, on the path of every bench

PASSWORD = "Bench-Resto-2026"
DISHES = (("Empanada", "1500.00"), ("Milanesa", "9800.50"), ("Flan", "4200.00"))


@dataclass
class Restaurant:
    id: int
    token: str
    dishes: list[int]
    places: list[int]
    qr_tokens: dict[int, str] = field(default_factory=dict)  # each table's QR token (a diner's calls)

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Token {self.token}"}

    def order(self, place: int) -> dict:
        """A 3-line order for one table."""
        return {"fk_resto": self.id, "ordenes": [
            {"fk_sit": place, "fk_dish": dish, "quantity": 1, "extra_commentary": ""} for dish in self.dishes
        ]}


async def eventually(probe, what: str, seconds: float = 30):
    deadline = time.monotonic() + seconds
    while not (answer := await probe()):
        if time.monotonic() > deadline:
            raise SystemExit(f"gave up waiting for {what} (is the stack up: `make up`?)")
        await asyncio.sleep(0.1)
    return answer


async def new_restaurant(http: httpx.AsyncClient, tables: int = 10) -> Restaurant:
    """`http` has the gateway as its base URL."""
    answer = await http.post("/api/restaurant/", json={
        "nombre_local": f"Bench {uuid.uuid4().hex[:6]}", "telefono": "1145678901",
        "fk_user": {"email": f"bench-{uuid.uuid4().hex[:12]}@example.com", "password": PASSWORD, "password2": PASSWORD},
    })
    answer.raise_for_status()
    restaurant, token = answer.json()["id"], answer.json()["auth_token"]
    owner = {"Authorization": f"Token {token}"}

    async def menu_created():
        made = await http.post("/api/menu/", json={"name": "Carta", "restaurant": restaurant}, headers=owner)
        return made.status_code == 201 and made.json()["id"]

    menu = await eventually(menu_created, "catalog to learn the restaurant")
    category = (await http.post("/api/menu-group/", json={"name": "Platos", "menu": menu, "order": 0}, headers=owner)).json()["id"]
    dishes = []
    for name, price in DISHES:
        made = await http.post("/api/dish/", data={"name": name, "price": price, "menu_group": str(category)}, headers=owner)
        made.raise_for_status()
        dishes.append(made.json()["pk"])
    made = await tables_on_floor(http, owner, restaurant, menu, tables)
    places = [place["id"] for place in made]
    tokens = {place["id"]: parse_qs(urlsplit(place["qr"]).query)["p"][0] for place in made if place.get("qr")}
    built = Restaurant(restaurant, token, dishes, places, tokens)

    async def ordering_knows_it():  # the first order once ordering has the dishes and the tables
        return (await http.post("/api/ordenes/", json=built.order(places[-1]), headers=owner)).status_code == 201

    await eventually(ordering_knows_it, "ordering to learn the dishes and tables")
    return built


async def tables_on_floor(http: httpx.AsyncClient, owner: dict[str, str], restaurant: int, menu: int, count: int,
                          wait=eventually) -> list[dict]:
    """`count` tables M1, M2, ... with `menu`, 2x2 in rows of 12, as floor answers them (each with its
    QR link), made once floor has learnt the menu from catalog's events; `wait` is how the caller
    waits for that (the chaos run waits longer, through faults)."""
    location = [{"fk_resto": restaurant, "fk_menu": menu, "i_name": f"M{n}", "sit_type": "mesa",
                 "x_axis": (n - 1) % 12 * 2, "y_axis": (n - 1) // 12 * 2, "w_width": 2, "h_high": 2} for n in range(1, count + 1)]

    async def places_created():
        made = await http.post("/api/sit/", json={"location": location}, headers=owner)
        return made.status_code == 201 and made.json()

    return await wait(places_created, "floor to learn the menu")


async def authorize_at_simulator(http: httpx.AsyncClient, restaurant, authorization_url: str, who: str) -> None:
    """Links the restaurant to a new marketplace account (`who-…@example.com`) as its owner does:
    authorizes at the simulator's page (`authorization_url`, billing's) and gives billing the code
    it sends back. `restaurant`: anything with the restaurant's `id` and its owner's `headers`."""
    async with httpx.AsyncClient(timeout=10) as browser:
        back = await browser.post(authorization_url, data={"email": f"{who}-{uuid.uuid4().hex[:8]}@example.com",
                                                           "decision": "authorize"})
    query = {k: v[0] for k, v in parse_qs(urlsplit(back.headers["location"]).query).items()}
    linked = await http.post("/api/autorizacion/", json={"code": query["code"], "state": query["state"], "fk_resto": restaurant.id},
                             headers=restaurant.headers)
    linked.raise_for_status()


def verdict(targets: str, met: bool) -> int:
    """Print whether the run met its targets; answer the exit status that says so."""
    print(f"{targets}: " + ("met" if met else "NOT met"))
    return 0 if met else 1


async def autovacuum_on() -> bool:
    """This kind of CI machine runs PostgreSQL with autovacuum off (/etc/postgresql/15/main/conf.d/90-ci.conf)."""
    async with _autocommit("postgres") as connection:
        return (await connection.exec_driver_sql("SHOW autovacuum")).scalar() == "on"


async def vacuum_analyze(db: str, tables: str = "") -> None:
    """`VACUUM (ANALYZE)` of a stack database (or of some of its tables): what autovacuum would
    do after a bulk load, the planner's statistics and dead rows cleared, where it does not run."""
    async with _autocommit(db) as connection:
        await connection.exec_driver_sql(f"VACUUM (ANALYZE) {tables}")


@asynccontextmanager
async def _autocommit(db: str):
    """A connection outside any transaction (VACUUM refuses to run in one)."""
    engine = create_async_engine(config.database_url(db), isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            yield connection
    finally:
        await engine.dispose()
