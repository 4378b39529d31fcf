"""Shared test steps: two restaurants with owners and an operator, their menus as catalog announces them."""
from sqlalchemy import select

from contracts import Event, catalog, identity
from kit.auth import ADMIN, CLIENT, OPERATOR, OWNER
from kit.membership import RestaurantMember
from kit.outbox import OutboxMessage
from kit.testing.membership_tests import publish, wait_processed

# Restaurant A (10) is owned by user 1 and operated by user 5; restaurant B (20) is owned by user 2.
A, B = 10, 20
OWNER_A, OWNER_B, OPERATOR_A = 1, 2, 5
MENU_A, MENU_A2, MENU_B = 100, 101, 200


class People:
    def __init__(self, auth_header):
        self.owner_a = auth_header(OWNER_A, OWNER)
        self.owner_b = auth_header(OWNER_B, OWNER)
        self.operator_a = auth_header(OPERATOR_A, OPERATOR)
        self.client = auth_header(3, CLIENT)
        self.admin = auth_header(9, ADMIN)


async def deliver(app, *events: Event) -> None:
    """Publish other services' events to floor and wait until it has processed them."""
    for event in events:
        await publish(app, event)
    await wait_processed(app, *events)


async def world(app) -> None:
    async with app.state.session_factory() as session, session.begin():
        session.add_all([
            RestaurantMember(restaurant_id=A, user_id=OWNER_A, role=OWNER),
            RestaurantMember(restaurant_id=B, user_id=OWNER_B, role=OWNER),
            RestaurantMember(restaurant_id=A, user_id=OPERATOR_A, role=OPERATOR),
        ])
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
