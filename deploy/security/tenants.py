"""The attackers' world, built through the gateway as people would build it: restaurants A and B
with their owners and operators, a client, the platform's admin, anonymous; A's menu, categories,
dishes, pictures, tables, orders, a delivery and a bell notification. Both restaurants are linked
to accounts of their own at the marketplace (the simulator), so their diners may pay online, and
one of A's tables is paying online in shares. Every run registers new accounts (unique e-mails),
so runs never share state and nothing is cleaned up.

Services learn of each other by events: every step that depends on another service's projection
is retried until it answers (bounded, `eventually`).
"""
from __future__ import annotations

import io
import os
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from PIL import Image

from marketplace import Provider, seller_id

REPO = Path(__file__).resolve().parents[2]
GATEWAY = f"http://127.0.0.1:{os.environ.get('GATEWAY_PORT', '8080')}"
PASSWORD = "Ataque-Seguro-2026"
ADMIN_USERNAME = os.environ.get("ADMIN_USERNAME", "admin@resto.local")
# The local stack's admin password when ADMIN_PASSWORD is not set (identity/seed.py).
ADMIN_PASSWORD = os.environ.get("ADMIN_PASSWORD", "Admin-Resto-2026")
# An id no row has: inside every id's range (1 to 2**31-1), so the answer is a lookup's, not a 422.
MISSING = 2_147_483_000
WAIT_SECONDS = 60.0  # events under load: other suites share the two cores


class NotReached(AssertionError):
    pass


def eventually(probe, what: str, seconds: float = WAIT_SECONDS):
    """`probe()` until it answers something truthy; the services learn of each other by events."""
    deadline = time.monotonic() + seconds
    while not (answer := probe()):
        if time.monotonic() > deadline:
            raise NotReached(f"gave up waiting for {what} after {seconds:.0f}s")
        time.sleep(0.1)
    return answer


def unique_email(kind: str) -> str:
    return f"sec-{kind}-{uuid.uuid4().hex[:12]}@example.com"


def png(side: int = 32, colour: str = "#c2410c") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (side, side), colour).save(out, "PNG")
    return out.getvalue()


def expect(answer: httpx.Response, *statuses: int) -> httpx.Response:
    if answer.status_code not in (statuses or (200, 201, 204)):
        raise AssertionError(f"{answer.request.method} {answer.request.url.path}: {answer.status_code} {answer.text[:300]}")
    return answer


@dataclass
class Principal:
    """One caller: a token (or none) and, for staff, the restaurant it belongs to."""

    name: str
    token: str | None = None
    user_id: int | None = None
    email: str | None = None
    restaurant: int | None = None

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Token {self.token}"} if self.token else {}


ANONYMOUS = Principal("anonymous")


@dataclass
class Restaurant:
    """A restaurant and what its staff made in it. Pools hand out fresh objects to attacks that
    use them up (a deleted dish, a freed table)."""

    id: int
    name: str
    owner: Principal
    operator: Principal | None = None
    operator_record: int | None = None  # /api/registrar-operador/{id}/
    menu: int | None = None
    category: int | None = None
    dishes: list[int] = field(default_factory=list)
    image: int | None = None
    places: list[int] = field(default_factory=list)  # known to ordering
    tokens: dict[int, str] = field(default_factory=dict)  # place id -> the QR's place token
    lines: list[dict] = field(default_factory=list)
    delivery: int | None = None
    notification: int | None = None
    spare_places: list[int] = field(default_factory=list)  # known to ordering, not used yet
    place_names: int = 0  # places are named M1, M2, ... in the order they were made
    seller: int | None = None  # its account at the marketplace, once linked

    @property
    def place(self) -> int:
        return self.places[0]

    @property
    def line(self) -> dict:
        return self.lines[0]


class Stack:
    """The running platform through the gateway: registration, logins and the objects' factories."""

    def __init__(self, base_url: str = GATEWAY):
        self.base_url = base_url
        self.http = httpx.Client(base_url=base_url, timeout=60, follow_redirects=False)
        self.provider = Provider()

    def close(self) -> None:
        self.http.close()
        self.provider.close()

    # --------------------------------------------------------------------- accounts
    def login(self, name: str, username: str, password: str) -> Principal:
        answer = expect(self.http.post("/api/auth/token/login/", json={"username": username, "password": password}), 200)
        body = answer.json()
        return Principal(name, body["auth_token"], body["user"].get("id"), username)

    def register_owner(self, label: str) -> Restaurant:
        email = unique_email(f"owner-{label.lower()}")
        name = f"Sec {label} {uuid.uuid4().hex[:6]}"
        answer = expect(self.http.post("/api/restaurant/", json={
            "nombre_local": name, "telefono": "1145678901",
            "fk_user": {"email": email, "password": PASSWORD, "password2": PASSWORD}}), 201).json()
        owner = Principal(f"owner {label}", answer["auth_token"], answer.get("user_id"), email, answer["id"])
        return Restaurant(answer["id"], name, owner)

    def add_operator(self, restaurant: Restaurant, label: str) -> tuple[Principal, int]:
        email = unique_email(f"operator-{label.lower()}")
        added = expect(self.http.post("/api/registrar-operador/", headers=restaurant.owner.headers, json={
            "fk_resto": restaurant.id,
            "fk_user": {"first_name": f"Mozo {label}", "email": email, "password": PASSWORD, "password2": PASSWORD}}), 201).json()
        operator = self.login(f"operator of {label}", email, PASSWORD)
        operator.restaurant = restaurant.id
        operator.user_id = operator.user_id or added.get("fk_user", {}).get("id")
        return operator, added["id"]

    def register_client(self) -> Principal:
        email = unique_email("client")
        answer = expect(self.http.post("/api/cliente/", json={"fk_user": {
            "first_name": "Cliente Curioso", "email": email, "password": PASSWORD, "password2": PASSWORD}}), 201).json()
        return Principal("client", answer["auth_token"], answer["id"], email)

    def admin(self) -> Principal:
        return self.login("admin", ADMIN_USERNAME, ADMIN_PASSWORD)

    # --------------------------------------------------------------------- objects
    def wait_for_membership(self, restaurant: Restaurant, who: Principal) -> None:
        """Every service has projected `who`'s membership of `restaurant` (identity's events)."""
        r, h = restaurant.id, who.headers
        probes = {
            "catalog": f"/api/menu/?restaurant={r}",
            "floor": f"/api/sit/?fk_resto={r}",
            "ordering": f"/api/ordenes/mesas/?fk_resto={r}",
            "notifications": f"/api/notificaciones/sin-leer/?fk_resto={r}",
        }
        for service, path in probes.items():
            eventually(lambda: self.http.get(path, headers=h).status_code == 200, f"{service} to learn {who.name} of {restaurant.name}")

    def new_menu(self, restaurant: Restaurant, name: str | None = None, delivery: bool = False) -> int:
        return expect(self.http.post("/api/menu/", headers=restaurant.owner.headers, json={
            "name": name or f"Carta {uuid.uuid4().hex[:6]}", "restaurant": restaurant.id, "delivery": delivery}), 201).json()["id"]

    def new_category(self, restaurant: Restaurant, menu: int | None = None) -> int:
        return expect(self.http.post("/api/menu-group/", headers=restaurant.owner.headers, json={
            "name": f"Categoria {uuid.uuid4().hex[:6]}", "menu": menu or restaurant.menu, "order": 0}), 201).json()["id"]

    def new_dish(self, restaurant: Restaurant, category: int | None = None, price: str = "1500.00", name: str | None = None) -> int:
        return expect(self.http.post("/api/dish/", headers=restaurant.owner.headers, data={
            "name": name or f"Plato {uuid.uuid4().hex[:8]}", "price": price, "description": "de la casa",
            "menu_group": str(category or restaurant.category)}), 201).json()["pk"]

    def new_image(self, restaurant: Restaurant, dish: int | None = None) -> int:
        dish = dish or self.new_dish(restaurant)
        return expect(self.http.post("/api/dish-image/", headers=restaurant.owner.headers, data={"dish": str(dish)},
                                     files={"image": ("plato.png", png(), "image/png")}), 201).json()["id"]

    def new_places(self, restaurant: Restaurant, count: int, kind: str = "mesa", menu: int | None = None) -> list[dict]:
        first = restaurant.place_names + 1
        restaurant.place_names += count
        location = [{"fk_resto": restaurant.id, "fk_menu": menu or restaurant.menu, "i_name": f"{kind[0].upper()}{first + n}",
                     "sit_type": kind, "x_axis": (first + n) % 12 * 2, "y_axis": (first + n) // 12 * 2, "w_width": 2, "h_high": 2}
                    for n in range(count)]

        def created():
            answer = self.http.post("/api/sit/", headers=restaurant.owner.headers, json={"location": location})
            if answer.status_code != 201 and "fk_menu" not in answer.text:
                expect(answer, 201)  # not a menu floor has yet to learn: a mistake, said at once
            return answer.status_code == 201 and answer.json()

        made = eventually(created, f"floor to learn the menu of {restaurant.name}")
        for place in made:
            restaurant.tokens[place["id"]] = place["qr"].split("?p=")[1]
        return made

    def order(self, restaurant: Restaurant, place: int, dishes: list[int] | None = None, quantity: int = 1,
              comment: str = "", who: Principal | None = None) -> list[dict]:
        """A staff order at a place, retried until ordering knows the place and the dishes."""
        body = {"fk_resto": restaurant.id, "ordenes": [
            {"fk_sit": place, "fk_dish": dish, "quantity": quantity, "extra_commentary": comment}
            for dish in (dishes or restaurant.dishes[:1])]}
        headers = (who or restaurant.owner).headers

        def placed():
            answer = self.http.post("/api/ordenes/", headers=headers, json=body)
            return answer.status_code == 201 and answer.json()

        return eventually(placed, f"ordering to learn the places and dishes of {restaurant.name}")

    def wait_known_to_ordering(self, restaurant: Restaurant, places: list[int]) -> None:
        def all_known():
            board = self.http.get(f"/api/ordenes/mesas/?fk_resto={restaurant.id}", headers=restaurant.owner.headers)
            if board.status_code != 200:
                return False
            rows = board.json()
            rows = rows["results"] if isinstance(rows, dict) else rows
            return set(places) <= {row.get("fk_sit") for row in rows}

        eventually(all_known, f"ordering to learn the places of {restaurant.name}")

    def take_place(self, restaurant: Restaurant) -> int:
        """A table ordering knows and nothing has used; more are made when the pool runs dry."""
        if not restaurant.spare_places:
            made = [p["id"] for p in self.new_places(restaurant, 6)]
            self.wait_known_to_ordering(restaurant, made)
            restaurant.spare_places.extend(made)
        return restaurant.spare_places.pop()

    def new_line(self, restaurant: Restaurant, place: int | None = None) -> dict:
        return self.order(restaurant, place or restaurant.place)[0]

    def new_restaurant_of(self, restaurant: Restaurant) -> int:
        """Another restaurant of the same owner (the owner's 'new restaurant' form)."""
        return expect(self.http.post("/api/restaurant-atributes/", headers=restaurant.owner.headers, data={
            "nombre_local": f"Sucursal {uuid.uuid4().hex[:6]}", "telefono": "1145678901",
            "direccion": "Av. Corrientes 1234, CABA"}, files={"logo": ("logo.png", png(), "image/png")}), 201).json()["id"]

    def new_operator_record(self, restaurant: Restaurant) -> int:
        email = unique_email("operator-spare")
        return expect(self.http.post("/api/registrar-operador/", headers=restaurant.owner.headers, json={
            "fk_resto": restaurant.id,
            "fk_user": {"first_name": "Mozo Extra", "email": email, "password": PASSWORD, "password2": PASSWORD}}), 201).json()["id"]

    def new_delivery(self, restaurant: Restaurant, who: Principal | None = None, headers: dict | None = None,
                     contact: dict | None = None) -> httpx.Response:
        return self.http.post("/api/delivery/", headers={**(who or restaurant.owner).headers, **(headers or {})}, json={
            "fk_resto": restaurant.id, "fk_menu": restaurant.menu, "type_delivery": 1,
            "contact_info": contact or {"name": "Lucía Privada", "phone": "1155554444"},
            "address": "Av. Santa Fe 2100, CABA", "cash_amount": "100000",
            "ordenes": [{"fk_dish": restaurant.dishes[0], "quantity": 1, "extra_commentary": ""}]})

    # --------------------------------------------------------------------- online payments
    def link_marketplace(self, restaurant: Restaurant) -> int:
        """The owner links the restaurant to a new seller account as at /restaurante/mercadopago:
        billing's authorization URL, the provider's page, then the return page's call. Answers
        the seller's account id."""
        def billing_knows_it():  # billing learns the restaurant and its owner from identity's events
            answer = self.http.get(f"/api/autorizacion/url/?fk_resto={restaurant.id}", headers=restaurant.owner.headers)
            return answer.status_code == 200 and answer

        started = eventually(billing_knows_it, f"billing to learn {restaurant.name}")
        email = unique_email(f"seller-{restaurant.owner.name.split()[-1].lower()}")
        back = self.provider.authorize(started.json()["url"], email)
        expect(self.http.post("/api/autorizacion/", headers=restaurant.owner.headers,
                              json={"code": back["code"], "state": back["state"], "fk_resto": restaurant.id}), 200)
        restaurant.seller = seller_id(email)
        return restaurant.seller

    def deliver(self, restaurant: Restaurant, lines: list[dict], to: tuple[str, ...] = ("2", "4")) -> None:
        """Staff accept the lines and bring them to the table (each status in turn)."""
        for line in lines:
            for status in to:
                expect(self.http.put(f"/api/ordenes/{line['id']}/", headers=restaurant.owner.headers, json={"status": status}), 200)

    def delivered_line(self, restaurant: Restaurant) -> tuple[int, dict]:
        """A table of its own with one delivered line: payable online, by nobody else's checkout."""
        place = self.take_place(restaurant)
        (line,) = self.order(restaurant, place)
        self.deliver(restaurant, [line])
        return place, line

    def pay_online(self, token: str, **body) -> dict:
        """A diner's 'Pay' on the phone (the whole tab unless `mode` says otherwise): the charge."""
        return expect(self.http.post("/api/pagar-orden/mercadopago/mesa/", headers={"Idempotency-Key": uuid.uuid4().hex},
                                     json={"t": token, "mode": "tab", **body}), 201).json()

    def payable_delivery(self, restaurant: Restaurant) -> int:
        """A delivery order whose lines staff accepted: its online payment link can be made."""
        made = expect(self.new_delivery(restaurant), 201).json()
        self.deliver(restaurant, made["ordenes"], to=("2",))
        return made["id"]

    def renew_code(self, restaurant: Restaurant, place: int) -> str:
        """A new QR code for the place (a copied sticker); answers the token it replaced, once
        ordering refuses it and takes the new one."""
        old = restaurant.tokens[place]
        renewed = expect(self.http.post(f"/api/sit/{place}/nuevo-qr/", headers=restaurant.owner.headers), 200).json()
        new = restaurant.tokens[place] = renewed["qr"].split("?p=")[1]
        eventually(lambda: self.http.get(f"/api/ordenes/lugar/{new}/").status_code == 200
                   and self.http.get(f"/api/ordenes/lugar/{old}/").status_code == 404, "ordering to learn the new QR code")
        return old

    def online_table(self, restaurant: Restaurant) -> OnlineTable:
        """A table whose QR code was renewed, paying its delivered line online in 20 shares: the
        first share is the opening phone's; the others are left for the table's other phones."""
        place, _ = self.delivered_line(restaurant)
        replaced = self.renew_code(restaurant, place)
        split = self.pay_online(restaurant.tokens[place], mode="share", shares=20)
        return OnlineTable(place, restaurant.tokens[place], replaced, split["checkout"],
                           self.provider.reference(restaurant.seller, split["init_point"]))

    # --------------------------------------------------------------------- a whole restaurant
    def furnish(self, restaurant: Restaurant, tables: int = 8) -> Restaurant:
        """A menu with a category and three dishes (one with a picture), tables known to ordering,
        an order, a delivery and the bell notification the order rang."""
        restaurant.menu = eventually(lambda: self.first_menu(restaurant), f"catalog to learn {restaurant.name}")
        restaurant.category = self.new_category(restaurant)
        restaurant.dishes = [self.new_dish(restaurant) for _ in range(3)]
        restaurant.image = self.new_image(restaurant, restaurant.dishes[2])
        places = [p["id"] for p in self.new_places(restaurant, tables)]
        restaurant.places, restaurant.spare_places = places[:2], places[2:]
        restaurant.lines = self.order(restaurant, restaurant.place, restaurant.dishes[:2], comment="sin sal")
        self.wait_known_to_ordering(restaurant, places)
        restaurant.delivery = expect(self.new_delivery(restaurant), 201).json()["id"]

        def bell():
            answer = self.http.get(f"/api/notificaciones/?fk_resto={restaurant.id}", headers=restaurant.owner.headers)
            return answer.status_code == 200 and answer.json()["results"] and answer.json()["results"][0]["id"]

        restaurant.notification = eventually(bell, f"notifications to ring {restaurant.name}'s bell")
        return restaurant

    def first_menu(self, restaurant: Restaurant) -> int | None:
        """A menu, once catalog has learnt the restaurant (None until then)."""
        answer = self.http.post("/api/menu/", headers=restaurant.owner.headers,
                                json={"name": f"Carta {restaurant.name}", "restaurant": restaurant.id})
        return answer.json()["id"] if answer.status_code == 201 else None


@dataclass
class OnlineTable:
    """One of A's tables paying online in shares: its checkout, its QR token, the first share's
    reference (what the diner's result page asks about) and the token its QR had before."""

    place: int
    token: str
    replaced_token: str
    checkout: int
    reference: str


@dataclass
class World:
    """Restaurants A (the victim) and B (the attacker), and the seven callers of the matrix."""

    stack: Stack
    a: Restaurant
    b: Restaurant
    client: Principal
    admin: Principal
    online: OnlineTable

    @property
    def principals(self) -> list[Principal]:
        return [self.a.owner, self.b.owner, self.a.operator, self.b.operator, self.client, self.admin, ANONYMOUS]


def build_world(stack: Stack) -> World:
    a, b = stack.register_owner("A"), stack.register_owner("B")
    for restaurant, label in ((a, "A"), (b, "B")):
        restaurant.operator, restaurant.operator_record = stack.add_operator(restaurant, label)
    client, admin = stack.register_client(), stack.admin()
    stack.furnish(a)
    stack.furnish(b, tables=3)
    for restaurant in (a, b):
        stack.wait_for_membership(restaurant, restaurant.operator)
        # B too: its phones' attacks on A's checkouts then reach past 'not linked'
        stack.link_marketplace(restaurant)
    return World(stack, a, b, client, admin, stack.online_table(a))
