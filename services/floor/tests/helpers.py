"""Shared test steps: two restaurants with owners and an operator, their menus as catalog announces them."""
from sqlalchemy import select

from contracts import catalog, identity
from kit.outbox import OutboxMessage

from kit.testing.world import A, B, OPERATOR_A, OWNER_A, OWNER_B, People, deliver, seed_members  # noqa: F401
MENU_A, MENU_A2, MENU_B = 100, 101, 200


async def world(app) -> None:
    await seed_members(app.state.session_factory)
    await deliver(
        app,
        catalog.MenuCreated(menu_id=MENU_A, restaurant_id=A, name="Carta"),
        catalog.MenuCreated(menu_id=MENU_A2, restaurant_id=A, name="Bebidas"),
        catalog.MenuCreated(menu_id=MENU_B, restaurant_id=B, name="Carta B"),
        identity.RestaurantUpdated(restaurant_id=A, owner_id=OWNER_A, nombre_local="La Esquina"),
    )


def item(name: str, kind: str = "mesa", restaurant: int = A, menu: int | None = MENU_A, x: int = 0, y: int = 0, **extra) -> dict:
    return {"fk_resto": restaurant, "fk_menu": menu, "i_name": name, "sit_type": kind, "x_axis": x, "y_axis": y,
            "w_width": 2, "h_high": 2, **extra}


async def create(client, who, *items: dict) -> list[dict]:
    answer = await client.post("/api/sit/", json={"location": list(items)}, headers=who)
    assert answer.status_code == 201, answer.text
    return answer.json()


async def outbox(app, event_type: str) -> list[dict]:
    async with app.state.session_factory() as session:
        rows = (await session.scalars(
            select(OutboxMessage).where(OutboxMessage.event_type == event_type).order_by(OutboxMessage.created_at)
        )).all()
    return [row.payload for row in rows]
