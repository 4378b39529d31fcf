"""Online checkout's steps as the diners' phones, the staff's screens, the provider and ordering take
them, and reads of billing's own rows."""
import asyncio
import contextlib
import json
import time
import uuid
from dataclasses import dataclass
from decimal import Decimal
from urllib.parse import parse_qs, urlsplit

import httpx
from sqlalchemy import text

from contracts import catalog, floor, identity
from contracts.floor import token_hash
from kit.auth import OPERATOR, OWNER
from kit.testing.world import A, B, OPERATOR_A, OWNER_A, OWNER_B, deliver, seed_members
from simulators.mercadopago import seller_id
from tests.marketplace.steps import link

MENU_A, MENU_B = 100, 200
EMPANADA, MILANESA, PIZZA = 1, 2, 3  # A's 100.00 and 250.50; B's 90.00
T11, T12, T21 = "token-11", "token-12", "token-21"  # A's tables 11 and 12, B's table 21
SELLER = seller_id("vendedor@example.com")
PAY = "/api/pagar-orden/mercadopago/mesa/"
HOOK = "/api/webhooks/mercadopago/"


async def ordering_world(app) -> None:
    """What ordering learns from identity, catalog and floor for these tests."""
    await seed_members(app.state.session_factory)
    await deliver(
        app,
        catalog.CategoryCreated(category_id=1, restaurant_id=A, menu_id=MENU_A, name="Entradas"),
        catalog.CategoryCreated(category_id=3, restaurant_id=B, menu_id=MENU_B, name="Pizzas"),
        catalog.DishCreated(dish_id=EMPANADA, restaurant_id=A, menu_id=MENU_A, category_id=1, name="Empanada",
                            price=Decimal("100.00"), disable=False),
        catalog.DishCreated(dish_id=MILANESA, restaurant_id=A, menu_id=MENU_A, category_id=1, name="Milanesa",
                            price=Decimal("250.50"), disable=False),
        catalog.DishCreated(dish_id=PIZZA, restaurant_id=B, menu_id=MENU_B, category_id=3, name="Pizza",
                            price=Decimal("90.00"), disable=False),
        *(floor.PlaceCreated(place_id=place, restaurant_id=restaurant, name=f"M{place}", kind="mesa", menu_id=menu,
                             admin=True, token_hash=token_hash(f"token-{place}"))
          for place, restaurant, menu in ((11, A, MENU_A), (12, A, MENU_A), (21, B, MENU_B))),
        identity.RestaurantUpdated(restaurant_id=A, owner_id=OWNER_A, nombre_local="La Esquina"),
        identity.RestaurantUpdated(restaurant_id=B, owner_id=OWNER_B, nombre_local="Pampa"),
    )


def signed(data_id: str, request_id: str, at: float | None = None) -> dict[str, str]:
    """The headers the provider signs a notification of `data_id` with, at `at` (now by default)."""
    from simulators.mercadopago import WEBHOOK_SECRET, signature

    ts = str(int((time.time() if at is None else at) * 1000))
    return {"x-request-id": request_id, "x-signature": f"ts={ts},v1={signature(WEBHOOK_SECRET, data_id, request_id, ts)}"}


@contextlib.contextmanager
def payment_reads(app):
    """Every payment billing asks the provider for while the block runs, in order (its ids)."""
    api, asked = app.state.marketplace.api, []
    read = api.payment

    async def counted(token, payment_id):
        asked.append(payment_id)
        return await read(token, payment_id)

    api.payment = counted
    try:
        yield asked
    finally:
        api.payment = read


def key() -> dict[str, str]:
    return {"Idempotency-Key": f"pay-{uuid.uuid4()}"}


async def rows(app, sql: str, **params) -> list:
    async with app.state.session_factory() as session:
        return list((await session.execute(text(sql), params)).all())


async def outbox(app, prefix: str = "billing.checkout.") -> list[dict]:
    """billing's announcements of that kind, oldest first: {type, **payload}."""
    found = await rows(app, "SELECT event_type, payload FROM outbox_message WHERE event_type LIKE :p ORDER BY created_at, payload->>'occurred_at'",
                       p=f"{prefix}%")
    return [{"type": kind, **payload} for kind, payload in found]


@dataclass
class World:
    app: object
    client: httpx.AsyncClient  # billing
    people: object
    simulator: httpx.AsyncClient
    ordering: httpx.AsyncClient
    staff_a: dict
    staff_b: dict
    auth_header: object  # (user id, group) -> headers

    @classmethod
    async def make(cls, app, client, people, simulator, ordering, auth_header) -> "World":
        linked = await link(client, people.owner_a, A)
        assert linked.status_code == 200, linked.text
        await deliver(app, identity.RestaurantUpdated(restaurant_id=A, owner_id=OWNER_A, nombre_local="La Esquina", tips=True))
        return cls(app, client, people, simulator, ordering, auth_header(OWNER_A, OWNER), auth_header(OWNER_B, OWNER),
                   auth_header)

    # ---------------------------------------------------------------- ordering
    async def delivered(self, place: int = 11, *lines: tuple[int, int], restaurant: int = A) -> list[int]:
        """Staff place lines `(dish, quantity)` at a table and deliver them (1 -> 2 -> 4)."""
        lines = lines or (((EMPANADA if restaurant == A else PIZZA), 1),)
        headers = self.staff_a if restaurant == A else self.staff_b
        placed = await self.ordering.post("/api/ordenes/", headers=headers, json={"fk_resto": restaurant, "ordenes": [
            {"fk_sit": place, "fk_dish": dish, "quantity": quantity, "status": "1"} for dish, quantity in lines]})
        assert placed.status_code == 201, placed.text
        ids = [line["id"] for line in placed.json()]
        await self.move(ids, "2", "4", restaurant=restaurant)
        return ids

    async def move(self, ids: list[int], *statuses: str, restaurant: int = A) -> None:
        headers = self.staff_a if restaurant == A else self.staff_b
        for status in statuses:
            moved = await self.ordering.post("/api/ordenes/update-all/", headers=headers, json={
                "pk_resto": restaurant, "lines": [{"pk": line_id, "status": status} for line_id in ids]})
            assert moved.status_code == 200, moved.text

    async def diner_orders(self, token: str, name: str, *lines: tuple[int, int]) -> tuple[int, list[int]]:
        """A diner's phone orders `(dish, quantity)` from the table's QR; staff accept it. Answers
        (the order, its lines)."""
        placed = await self.ordering.post(f"/api/ordenes/lugar/{token}/", headers=key(), json={
            "diner_name": name, "ordenes": [{"fk_dish": dish, "quantity": quantity} for dish, quantity in lines]})
        assert placed.status_code == 201, placed.text
        ids = [line["id"] for line in placed.json()["lines"]]
        await self.move(ids, "2")
        return placed.json()["order"], ids

    async def delivery(self, *lines: tuple[int, int], restaurant: int = A) -> tuple[int, list[int]]:
        """Staff take a pick-up order by phone and accept it: (the delivery order, its lines)."""
        headers = self.staff_a if restaurant == A else self.staff_b
        created = await self.ordering.post("/api/delivery/", headers=headers, json={
            "fk_resto": restaurant, "fk_menu": MENU_A if restaurant == A else MENU_B, "type_delivery": 2,
            "contact_info": {"name": "Ana Paz", "phone": "1145678901"},
            "ordenes": [{"fk_dish": dish, "quantity": quantity} for dish, quantity in lines or ((EMPANADA, 2),)]})
        assert created.status_code == 201, created.text
        ids = [line["id"] for line in created.json()["ordenes"]]
        await self.move(ids, "2", restaurant=restaurant)
        return created.json()["id"], ids

    # ---------------------------------------------------------------- billing
    async def pay(self, expect: int = 201, headers: dict | None = None, **body) -> dict:
        body = {"t": T11, "mode": "tab", **body}
        answer = await self.client.post(PAY, json=body, headers=headers or key())
        assert answer.status_code == expect, answer.text
        return answer.json()

    async def share(self, checkout: int, expect: int = 201, headers: dict | None = None, **body) -> dict:
        answer = await self.client.post(f"{PAY}{checkout}/parte/", json={"t": T11, **body}, headers=headers or key())
        assert answer.status_code == expect, answer.text
        return answer.json()

    async def state(self, charge: dict) -> dict:
        reference = (await rows(self.app, "SELECT reference FROM checkout_charge WHERE id = :id", id=charge["charge"]))[0][0]
        answer = await self.client.get(f"/api/pagar-orden/mercadopago/estado/?ref={reference}")
        assert answer.status_code == 200, answer.text
        return answer.json()

    # ---------------------------------------------------------------- the provider
    async def at_provider(self, init_point: str, decision: str = "approve") -> str:
        """The diner on the provider's checkout page: the payment it made."""
        async with httpx.AsyncClient(timeout=10) as http:
            answer = await http.post(init_point, data={"decision": decision})
        assert answer.status_code == 302, answer.text
        return parse_qs(urlsplit(answer.headers["location"]).query)["payment_id"][0]

    async def notices(self, payment_id: str, count: int = 1) -> list[dict]:
        """The provider's signed notifications of a payment (at least `count`), as it sent them."""
        deadline = time.monotonic() + 5
        while True:
            found = [r for r in (await self.simulator.get("/_control/sink")).json()["received"]
                     if json.loads(r["body"]).get("data", {}).get("id") == str(payment_id)]
            if len(found) >= count:
                return found
            assert time.monotonic() < deadline, f"no notification of payment {payment_id}"
            await asyncio.sleep(0.02)

    async def notify(self, notice: dict, expect: int = 200) -> httpx.Response:
        headers = {**notice["headers"], "content-type": "application/json"}
        answer = await self.client.post(f"{HOOK}?{notice['query']}", content=notice["body"], headers=headers)
        assert answer.status_code == expect, answer.text
        return answer

    async def paid(self, charge: dict, decision: str = "approve") -> str:
        """The diner pays the charge at the provider and its notification reaches billing."""
        payment_id = await self.at_provider(charge["init_point"], decision)
        await self.notify((await self.notices(payment_id))[-1])
        return payment_id

    async def payment(self, payment_id: str) -> dict:
        """The provider's payment as it stands, read with the seller's token."""
        marketplace = self.app.state.marketplace
        async with self.app.state.session_factory() as session:
            return await marketplace.accounts.call(session, SELLER, lambda token: marketplace.api.payment(token, payment_id))


def operator_a(auth_header) -> dict:
    return auth_header(OPERATOR_A, OPERATOR)
