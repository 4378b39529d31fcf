"""Two tablets paying one line, or a payment racing a rejection, at the same moment: one winner, the
other told, one payment at most (real concurrent requests held at the line's row lock)."""
import asyncio
import uuid

import asyncpg
from sqlalchemy import text

from tests.helpers import A, delivered, order, outbox, set_status
from tests.order.test_concurrency import blocked_on_locks, database_dsn


async def held_at_the_line(line_id: int, *requests):
    """Start the requests while the line's row is locked, wait until both wait for a lock, then
    let them go: both have read the line before either wrote."""
    conn = await asyncpg.connect(database_dsn())
    try:
        transaction = conn.transaction()
        await transaction.start()
        await conn.execute("SELECT 1 FROM order_line WHERE id = $1 FOR UPDATE", line_id)
        tasks = [asyncio.create_task(request) for request in requests]
        for _ in range(500):  # up to 10 s on a busy machine
            if await blocked_on_locks(conn) == len(tasks):
                break
            await asyncio.sleep(0.02)
        assert await blocked_on_locks(conn) == len(tasks)
        await transaction.rollback()
        return await asyncio.gather(*tasks)
    finally:
        await conn.close()


def paying(client, headers, line_id, type_pay="Efectivo"):
    return client.post(f"/api/pagar-orden/{line_id}/recibir-pago/", json={"type_pay": type_pay},
                       headers={**headers, "Idempotency-Key": f"tablet-{uuid.uuid4()}"})


async def payments(app) -> int:
    async with app.state.session_factory() as session:
        return await session.scalar(text("SELECT count(*) FROM payment"))


async def test_two_tablets_paying_one_line_at_once_record_one_payment_and_one_208(client, people, app):
    [line] = await delivered(client, people.owner_a, (11, 1, 1))
    answers = await held_at_the_line(
        line["id"], paying(client, people.owner_a, line["id"]), paying(client, people.operator_a, line["id"], "Debito"))
    assert sorted(a.status_code for a in answers) == [200, 208], [a.text for a in answers]
    [lost] = [a.json() for a in answers if a.status_code == 208]
    assert lost["code"] == "line_final" and lost["lines"] == [{"id": line["id"], "status": "6"}]
    assert await payments(app) == 1
    assert len(await outbox(app, "ordering.payment.recorded")) == 1
    assert len(await outbox(app, "ordering.tab.closed")) == 1


async def test_a_payment_racing_a_rejection_ends_in_one_consistent_outcome(client, people, app):
    [line] = await order(client, people.owner_a, (11, 1, 1))
    await set_status(app, line["id"], "2")  # accepted: both a payment and a rejection may follow
    answers = await held_at_the_line(
        line["id"], paying(client, people.owner_a, line["id"]),
        client.put(f"/api/ordenes/{line['id']}/", json={"status": "3"}, headers=people.operator_a))
    pay_answer, reject_answer = answers
    now = (await client.get(f"/api/ordenes/?fk_sit__fk_resto={A}&paginate=0", headers=people.owner_a)).json()[0]
    if pay_answer.status_code == 200:
        assert reject_answer.status_code == 409 and reject_answer.json()["code"] == "changed_meanwhile"
        assert (now["status"], now["status_pay"], await payments(app)) == ("6", "paid", 1)
    else:
        assert (pay_answer.status_code, reject_answer.status_code) == (208, 200)
        assert (now["status"], now["status_pay"], await payments(app)) == ("3", None, 0)
    assert len(await outbox(app, "ordering.payment.recorded")) == await payments(app)
