"""The board's list and sketch (spec part 2 §7 'Orders for sketch', 'Orders list')."""
from tests.helpers import order, set_status


async def test_the_list_is_paged_newest_first_with_dish_name_and_price(client, people):
    for _ in range(3):
        await order(client, people.owner_a, (11, 1, 1), (12, 2, 2))
    answer = (await client.get("/api/ordenes/?fk_sit__fk_resto=10&page=2&size=4", headers=people.owner_a)).json()
    assert answer["count"] == 6 and len(answer["results"]) == 2
    first = (await client.get("/api/ordenes/?fk_sit__fk_resto=10&size=1", headers=people.owner_a)).json()["results"][0]
    assert (first["dish_name"], first["price"], first["fk_sit"]) == ("Milanesa", "250.50", 12)
    assert {"status_pay", "total_paid_amount", "account_pay", "creation_date", "version"} <= set(first)


async def test_filters_by_status_place_and_dish_and_all_rows(client, people, app):
    lines = await order(client, people.owner_a, (11, 1, 1), (12, 2, 2), (12, 1, 1))
    await set_status(app, lines[1]["id"], "2")
    get = lambda q: client.get(f"/api/ordenes/?fk_sit__fk_resto=10&{q}", headers=people.owner_a)
    assert [l["id"] for l in (await get("status=2")).json()["results"]] == [lines[1]["id"]]
    assert (await get("status=0")).json()["count"] == 3
    assert [l["id"] for l in (await get("fk_sit=12")).json()["results"]] == [lines[2]["id"], lines[1]["id"]]
    assert [l["id"] for l in (await get("fk_dish=1")).json()["results"]] == [lines[2]["id"], lines[0]["id"]]
    every = (await get("size=-1")).json()
    assert every["count"] == 3 and len(every["results"]) == 3
    assert len((await get("paginate=0")).json()) == 3
    assert (await get("status=9")).status_code == 400


async def test_the_sketch_shows_only_what_is_on_the_tables_tabs(client, people, app):
    lines = await order(client, people.owner_a, (11, 1, 1), (12, 2, 2))
    assert (await client.post("/api/ordenes/mesa/12/liberar/", headers=people.owner_a)).status_code == 200
    sketch = (await client.get("/api/ordenes/?croquis=1&fk_sit__fk_resto=10&page=1&paginate=0", headers=people.owner_a)).json()
    assert [l["id"] for l in sketch] == [lines[0]["id"]]
    assert (await client.get("/api/ordenes/?fk_sit__fk_resto=10", headers=people.owner_a)).json()["count"] == 2
