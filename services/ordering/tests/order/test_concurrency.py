"""Two tablets acting on one line at the same moment: exactly one wins, the other is told, nothing
is lost (real PostgreSQL, concurrent requests)."""
import asyncio
import os

import asyncpg
from sqlalchemy.engine import make_url

from tests.helpers import order


def database_dsn() -> str:
    """The database the app under test uses (the DATABASE_URL kit.testing exports for it), as a plain
    PostgreSQL address: the held lock must be on the same server and database as the requests."""
    url = make_url(os.environ["DATABASE_URL"])
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


async def blocked_on_locks(conn) -> int:
    # A transaction reads pg_stat_activity once and keeps that snapshot unless it is cleared.
    await conn.execute("SELECT pg_stat_clear_snapshot()")
    return await conn.fetchval(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
    )


async def test_two_tablets_changing_one_line_at_once_one_wins_and_the_other_gets_changed_meanwhile(client, people):
    [line] = await order(client, people.owner_a, (11, 1, 1))
    url = f"/api/ordenes/{line['id']}/"
    conn = await asyncpg.connect(database_dsn())
    try:
        # Hold the row so that both requests have read it and wait at their write: a true race.
        transaction = conn.transaction()
        await transaction.start()
        await conn.execute("SELECT 1 FROM order_line WHERE id = $1 FOR UPDATE", line["id"])
        accept = asyncio.create_task(client.put(url, json={"status": "2"}, headers=people.owner_a))
        reject = asyncio.create_task(client.put(url, json={"status": "3"}, headers=people.operator_a))
        for _ in range(500):  # up to 10 s on a busy machine
            if await blocked_on_locks(conn) == 2:
                break
            await asyncio.sleep(0.02)
        assert await blocked_on_locks(conn) == 2
        await transaction.rollback()
        answers = await asyncio.gather(accept, reject)
    finally:
        await conn.close()
    assert sorted(a.status_code for a in answers) == [200, 409]
    [won] = [a.json() for a in answers if a.status_code == 200]
    [lost] = [a.json() for a in answers if a.status_code == 409]
    assert lost == {"detail": "La orden cambió mientras tanto (otra persona la modificó). Actualice y vuelva a intentar.", "code": "changed_meanwhile"}
    now = (await client.get("/api/ordenes/?fk_sit__fk_resto=10", headers=people.owner_a)).json()["results"][0]
    assert (now["status"], now["version"]) == (won["status"], 2)


async def test_many_tablets_sending_the_version_they_read_only_one_change_applies(client, people):
    [line] = await order(client, people.owner_a, (11, 1, 1))
    answers = await asyncio.gather(*(
        client.put(f"/api/ordenes/{line['id']}/", json={"status": "2", "version": 1}, headers=people.owner_a) for _ in range(8)
    ))
    assert sorted(a.status_code for a in answers) == [200] + [409] * 7


async def test_a_tablet_acting_on_a_stale_version_is_refused(client, people):
    [line] = await order(client, people.owner_a, (11, 1, 1))
    assert (await client.put(f"/api/ordenes/{line['id']}/", json={"status": "2", "version": 1}, headers=people.owner_a)).status_code == 200
    answer = await client.put(f"/api/ordenes/{line['id']}/", json={"status": "4", "version": 1}, headers={**people.owner_a, "Accept-Language": "en"})
    assert answer.status_code == 409 and answer.json()["code"] == "changed_meanwhile"
    answer = await client.post("/api/ordenes/update-all/", json={"pk_resto": 10, "lines": [{"pk": line["id"], "status": "4", "version": 1}]}, headers=people.owner_a)
    assert answer.status_code == 409


async def test_two_lines_of_one_dish_rejected_at_once_release_the_dish_and_table_exactly_once(client, people, app):
    from tests.helpers import outbox

    for attempt in range(5):
        first, second = await order(client, people.owner_a, (11, 1, 1), (11, 1, 2))
        answers = await asyncio.gather(
            client.put(f"/api/ordenes/{first['id']}/", json={"status": "3"}, headers=people.owner_a),
            client.put(f"/api/ordenes/{second['id']}/", json={"status": "3"}, headers=people.operator_a),
        )
        assert [a.status_code for a in answers] == [200, 200]
        released = [e for e in await outbox(app, "ordering.dish.released") if e["order_id"] == first["order"]]
        assert len(released) == 1, attempt
        await client.post("/api/ordenes/mesa/11/liberar/", headers=people.owner_a)
    # every activation of table 11 was followed by exactly one release
    assert len(await outbox(app, "ordering.place.activated")) == len(await outbox(app, "ordering.place.released")) == 5
