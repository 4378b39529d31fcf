"""A delivery's status (the lowest line status, ignoring rejected ones) is stored on the delivery and
kept right in the same transaction by every change of its lines: placing, moving one line,
update-all (the delivery screen's bulk update and the plain one) and removing a line (issue 18)."""
import importlib.util
from pathlib import Path

from sqlalchemy import select, text, update

from ordering.delivery.models import Delivery
from ordering.order.models import OrderLine
from tests.helpers import A, MENU_A


def body(*dishes):
    return {
        "fk_resto": A, "fk_menu": MENU_A, "type_delivery": 2, "contact_info": {"name": "Ana", "phone": "1144556677"},
        "ordenes": [{"fk_dish": d, "quantity": 1} for d in dishes],
    }


async def stored(app, delivery_id: int) -> str | None:
    async with app.state.session_factory() as session:
        return await session.scalar(select(Delivery.status).where(Delivery.id == delivery_id))


async def create(client, people, *dishes) -> tuple[int, list[int]]:
    answer = await client.post("/api/delivery/", json=body(*dishes), headers=people.operator_a)
    assert answer.status_code == 201, answer.text
    return answer.json()["id"], [line["id"] for line in answer.json()["ordenes"]]


async def test_placing_stores_new(client, people, app):
    delivery, _ = await create(client, people, 1, 2)
    assert await stored(app, delivery) == "1"


async def test_a_change_that_fails_leaves_it_as_it_was(client, people, app):
    delivery, (a, b) = await create(client, people, 1, 2)
    payload = {"pk_resto": A, "lines": [{"pk": a, "status": "2"}, {"pk": b, "status": "4"}]}  # 1 -> 4 is illegal
    assert (await client.post("/api/ordenes/update-all/", json=payload, headers=people.operator_a)).status_code == 400
    assert await stored(app, delivery) == "1"


async def test_removing_lines_keeps_it_and_a_delivery_without_lines_has_none(client, people, app):
    delivery, (a, b) = await create(client, people, 1, 2)
    assert (await client.put(f"/api/ordenes/{b}/", json={"status": "2"}, headers=people.operator_a)).status_code == 200
    assert (await client.delete(f"/api/ordenes/{a}/", headers=people.operator_a)).status_code == 204
    assert await stored(app, delivery) == "2"
    assert (await client.delete(f"/api/ordenes/{b}/", headers=people.operator_a)).status_code == 204
    assert await stored(app, delivery) is None


async def test_the_migration_fills_it_for_existing_deliveries_as_the_lines_say(client, people, app):
    """The backfill reads the lines the same way every change does."""
    path = Path(__file__).parents[2] / "migrations" / "versions" / "0005_delivery_status_keys_order_enabled.py"
    spec = importlib.util.spec_from_file_location("migration_0005", path)
    migration = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(migration)
    cases = {(): None, ("3", "3"): "3", ("3", "4", "2"): "2", ("6", "7"): "6", ("1",): "1"}
    ids = {}
    for statuses in cases:
        delivery, lines = await create(client, people, *([1] * max(len(statuses), 1)))
        async with app.state.session_factory() as session, session.begin():
            if not statuses:
                await session.execute(OrderLine.__table__.delete().where(OrderLine.delivery_id == delivery))
            for line, status in zip(lines, statuses):
                await session.execute(update(OrderLine).where(OrderLine.id == line).values(status=status))
            await session.execute(update(Delivery).where(Delivery.id == delivery).values(status="5"))
        ids[statuses] = delivery
    async with app.state.session_factory() as session, session.begin():
        await session.execute(text(f"UPDATE delivery_order SET status = ({migration.LOWEST_STATUS})"))
    assert {statuses: await stored(app, ids[statuses]) for statuses in cases} == cases
