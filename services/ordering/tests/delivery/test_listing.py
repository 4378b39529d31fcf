"""The delivery list filters by status and pages in SQL, on the stored status (issue 18): a call
costs the same few statements whatever the number of deliveries, and reads only the page's lines."""
import re
from contextlib import contextmanager

from sqlalchemy import event

from tests.helpers import A, MENU_A


def body(dishes=(1, 2)):
    return {
        "fk_resto": A, "fk_menu": MENU_A, "type_delivery": 2, "contact_info": {"name": "Ana", "phone": "1144556677"},
        "ordenes": [{"fk_dish": d, "quantity": 1} for d in dishes],
    }


@contextmanager
def statements(app):
    """The SQL statements the app sends meanwhile."""
    sent: list[str] = []
    engine = app.state.session_factory.kw["bind"].sync_engine

    def record(conn, cursor, statement, parameters, context, executemany):
        sent.append(statement)

    event.listen(engine, "before_cursor_execute", record)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", record)


async def deliveries(client, people, n: int) -> list[int]:
    """`n` deliveries, newest last; every other one accepted (status 2)."""
    ids = []
    for i in range(n):
        created = (await client.post("/api/delivery/", json=body(), headers=people.operator_a)).json()
        ids.append(created["id"])
        if i % 2:
            payload = {"pk_resto": A, "lines": [{"pk": line["id"], "status": "2"} for line in created["ordenes"]]}
            assert (await client.post("/api/ordenes/update-all/", json=payload, headers=people.operator_a)).status_code == 200
    return ids


async def test_the_status_filter_and_the_page_are_sql(client, people, app):
    ids = await deliveries(client, people, 12)
    accepted = [i for n, i in enumerate(ids) if n % 2][::-1]  # newest first
    with statements(app) as sent:
        answer = await client.get("/api/delivery/?fk_resto=10&status_delivery=2&size=3&page=2", headers=people.owner_a)
    assert answer.status_code == 200
    page = answer.json()
    assert page["count"] == 6 and [d["id"] for d in page["results"]] == accepted[3:6]
    assert {d["status"] for d in page["results"]} == {"2"} and all(len(d["ordenes"]) == 2 for d in page["results"])

    reads = [s for s in sent if "FROM delivery_order" in s]  # the count and the page
    assert len(reads) == 2 and all(re.search(r"delivery_order\.status = ", s) for s in reads), reads
    assert any("LIMIT" in s and "OFFSET" in s for s in reads), reads
    # the lines of the page's three deliveries only, in one statement
    [lines] = [s for s in sent if "FROM order_line" in s]
    assert re.search(r"order_line\.delivery_id IN \(\$1::INTEGER, \$2::INTEGER, \$3::INTEGER\)", lines), lines


async def test_a_list_call_costs_the_same_statements_for_few_or_many_deliveries(client, people, app):
    await deliveries(client, people, 2)
    with statements(app) as few:
        assert len((await client.get("/api/delivery/?fk_resto=10&status_delivery=1", headers=people.owner_a)).json()["results"]) == 1
    await deliveries(client, people, 20)
    with statements(app) as many:
        assert len((await client.get("/api/delivery/?fk_resto=10&status_delivery=1", headers=people.owner_a)).json()["results"]) == 10
    with statements(app) as unfiltered:
        assert len((await client.get("/api/delivery/?fk_resto=10", headers=people.owner_a)).json()["results"]) == 10
    # who may see it, the count, the page, the page's lines
    assert len(few) == len(many) == len(unfiltered) == 4, many
