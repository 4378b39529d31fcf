"""Shared test steps: restaurants with owners and operators, and the facts other services announce."""
from decimal import Decimal

from sqlalchemy import select

from contracts import catalog, floor, identity
from contracts.floor import token_hash
from kit.outbox import OutboxMessage

from kit.testing.world import A, A_CLIENT, AN_ADMIN, B, OPERATOR_A, OWNER_A, OWNER_B, People, deliver, seed_members  # noqa: F401
MENU_A, MENU_B = 100, 200


def dish(dish_id: int, restaurant=A, menu=MENU_A, name=None, price="100.00", disable=False, category=1) -> catalog.DishCreated:
    return catalog.DishCreated(
        dish_id=dish_id, restaurant_id=restaurant, menu_id=menu, category_id=category, name=name or f"Plato {dish_id}",
        price=Decimal(price), disable=disable,
    )


def category(category_id: int, name: str, restaurant=A, menu=MENU_A) -> catalog.CategoryCreated:
    return catalog.CategoryCreated(category_id=category_id, restaurant_id=restaurant, menu_id=menu, name=name)


def place(place_id: int, restaurant=A, menu=MENU_A, name=None, token=None, admin=True, kind="mesa") -> floor.PlaceCreated:
    return floor.PlaceCreated(
        place_id=place_id, restaurant_id=restaurant, name=name or f"M{place_id}", kind=kind, menu_id=menu,
        admin=admin, token_hash=token_hash(token or f"token-{place_id}"),
    )


def profile(restaurant=A, **fields) -> identity.RestaurantUpdated:
    return identity.RestaurantUpdated(restaurant_id=restaurant, owner_id=OWNER_A if restaurant == A else OWNER_B,
                                      nombre_local=fields.pop("nombre_local", f"Resto {restaurant}"), **fields)


async def world(app) -> None:
    """A's dishes 1 (Entradas) and 2 (Principales) and tables 11 (M11) and 12; B's dish 3 and table
    21; both restaurants' settings."""
    await seed_members(app.state.session_factory)
    await deliver(
        app,
        category(1, "Entradas"), category(2, "Principales"), category(3, "Pizzas", restaurant=B, menu=MENU_B),
        dish(1, price="100.00", name="Empanada"), dish(2, price="250.50", name="Milanesa", category=2),
        dish(3, restaurant=B, menu=MENU_B, name="Pizza", category=3),
        place(11), place(12), place(21, restaurant=B, menu=MENU_B),
        profile(A), profile(B),
    )


async def outbox(app, event_type: str | None = None) -> list[dict]:
    async with app.state.session_factory() as session:
        query = select(OutboxMessage.event_type, OutboxMessage.payload).order_by(OutboxMessage.created_at)
        rows = (await session.execute(query)).all()
    return [{"type": t, **p} for t, p in rows if event_type is None or t == event_type]


async def order(client, headers, *lines, restaurant=A, expect=201):
    """Staff place lines: each `(place, dish, quantity)` or `(place, dish, quantity, comment)`."""
    body = {"fk_resto": restaurant, "ordenes": [
        {"fk_sit": l[0], "fk_dish": l[1], "quantity": l[2], "extra_commentary": l[3] if len(l) > 3 else "", "status": "1"}
        for l in lines
    ]}
    answer = await client.post("/api/ordenes/", json=body, headers=headers)
    assert answer.status_code == expect, answer.text
    return answer.json()


async def set_status(app, line_id: int, status: str) -> None:
    """Put a line straight into a status (to test what may follow it)."""
    from sqlalchemy import update

    from ordering.order.models import OrderLine

    async with app.state.session_factory() as session, session.begin():
        await session.execute(update(OrderLine).where(OrderLine.id == line_id).values(status=status))


async def pay(client, headers, *line_ids, type_pay="Efectivo", key=None, expect=200):
    """Pay lines at the counter: one line through `recibir-pago/`, several through `recibir-varios-pagos/`."""
    import uuid

    headers = {**headers, "Idempotency-Key": key or f"pay-{uuid.uuid4()}"}
    if len(line_ids) == 1:
        answer = await client.post(f"/api/pagar-orden/{line_ids[0]}/recibir-pago/",
                                   json={"pk_order": line_ids[0], "type_pay": type_pay}, headers=headers)
    else:
        answer = await client.post("/api/pagar-orden/recibir-varios-pagos/",
                                   json={"payment_orders": list(line_ids), "type_pay": type_pay}, headers=headers)
    assert answer.status_code == expect, answer.text
    return answer.json()


async def delivered(client, headers, *lines, restaurant=A):
    """Staff place lines (as `order`) and deliver them (1 -> 2 -> 4): ready to be paid."""
    placed = await order(client, headers, *lines, restaurant=restaurant)
    for status in ("2", "4"):
        moved = await client.post("/api/ordenes/update-all/", json={
            "pk_resto": restaurant, "lines": [{"pk": line["id"], "status": status} for line in placed]}, headers=headers)
        assert moved.status_code == 200, moved.text
    return placed
