"""Shared test steps: restaurants with owners and operators, menus built through the API, images."""
import io
import tracemalloc
from collections.abc import Awaitable
from typing import TypeVar

from PIL import Image
from sqlalchemy import select

from kit.outbox import OutboxMessage

T = TypeVar("T")

from kit.testing.world import A, A_CLIENT, AN_ADMIN, B, OPERATOR_A, OWNER_A, OWNER_B, People, deliver, deliver_together, seed_members  # noqa: F401


def image_bytes(fmt: str = "PNG", size=(40, 30), color=(200, 30, 30)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, fmt)
    return buffer.getvalue()


def image_file(name: str = "plato.png", fmt: str = "PNG", **kwargs):
    content_type = {"PNG": "image/png", "JPEG": "image/jpeg", "BMP": "image/bmp"}[fmt]
    return (name, image_bytes(fmt, **kwargs), content_type)


async def create_menu(client, headers, restaurant=A, name="Carta", delivery=False) -> dict:
    answer = await client.post("/api/menu/", json={"name": name, "restaurant": restaurant, "delivery": delivery}, headers=headers)
    assert answer.status_code == 201, answer.text
    return answer.json()


async def create_category(client, headers, menu: int, name="Entradas", sub_category=None, order=0) -> dict:
    answer = await client.post(
        "/api/menu-group/", json={"name": name, "menu": menu, "sub_category": sub_category, "order": order}, headers=headers
    )
    assert answer.status_code == 201, answer.text
    return answer.json()


async def create_dish(client, headers, category: int, name="Empanada", price="100.00", images: int = 0, **fields) -> dict:
    data = {"name": name, "price": price, "menu_group": str(category), **{k: str(v) for k, v in fields.items()}}
    files = [("dish_dimage", image_file(f"foto{i}.png")) for i in range(images)]
    answer = await client.post("/api/dish/", data=data, files=files or None, headers=headers)
    assert answer.status_code == 201, answer.text
    return answer.json()


async def simple_menu(client, headers, restaurant=A) -> tuple[dict, dict, dict]:
    """A menu with one category holding one dish."""
    menu = await create_menu(client, headers, restaurant)
    category = await create_category(client, headers, menu["id"])
    dish = await create_dish(client, headers, category["id"])
    return menu, category, dish


async def outbox_types(app) -> list[str]:
    async with app.state.session_factory() as session:
        return list(await session.scalars(select(OutboxMessage.event_type).order_by(OutboxMessage.created_at)))


async def outbox_payloads(app, event_type: str) -> list[dict]:
    async with app.state.session_factory() as session:
        rows = await session.scalars(select(OutboxMessage.payload).where(OutboxMessage.event_type == event_type))
        return list(rows)



async def peak_allocation(call: Awaitable[T]) -> tuple[T, int]:
    """What `call` answers, and the most memory Python allocated at once while it ran (bytes)."""
    tracemalloc.start()
    try:
        answer = await call
        return answer, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
