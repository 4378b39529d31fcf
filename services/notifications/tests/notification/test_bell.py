"""The bell: a restaurant's stored notifications, newest first and paged, an unread count per
staff member, marking one or all read. Staff only, and only their restaurants'."""
from decimal import Decimal

import pytest

from contracts.catalog import DishChanged
from contracts.floor import WaiterCalled
from tests.helpers import A, B, deliver

BELL = "/api/notificaciones/"


def calls(restaurant: int, count: int, first: int = 1) -> list[WaiterCalled]:
    return [WaiterCalled(restaurant_id=restaurant, place_id=i, place_name=f"M{i}") for i in range(first, first + count)]


@pytest.fixture
async def history(app, people):
    """25 waiter calls at A (M1..M25, ids 1..25 in the order they were consumed), then 3 at B (ids 26..28)."""
    await deliver(app, *calls(A, 25))
    await deliver(app, *calls(B, 3))


async def unread(client, headers, **params) -> int:
    answer = await client.get(BELL + "sin-leer/", params=params, headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.json()["count"]


async def test_the_bell_lists_a_restaurants_notifications_newest_first_in_pages(client, people, history):
    first = (await client.get(BELL, params={"fk_resto": A}, headers=people.owner_a)).json()
    assert first["count"] == 25
    assert [n["id"] for n in first["results"]] == list(range(25, 5, -1))  # 20 a page by default
    newest = first["results"][0]
    place = newest["description"]
    assert newest == {
        "id": 25, "type": "waiter_call", "fk_resto": A, "fk_sit": int(place[1:]), "order_type": "other", "description": place,
        "from_admin": False, "msg": f"{place} llama al mozo", "created_at": newest["created_at"], "data": {}, "read": False,
    }
    second = (await client.get(BELL, params={"fk_resto": A, "page": 2}, headers=people.owner_a)).json()
    assert [n["id"] for n in second["results"]] == [5, 4, 3, 2, 1]
    everything = (await client.get(BELL, params={"fk_resto": A, "size": -1}, headers=people.owner_a)).json()
    assert len(everything["results"]) == 25
    plain = (await client.get(BELL, params={"fk_resto": A, "paginate": 0}, headers=people.owner_a)).json()
    assert [n["id"] for n in plain] == list(range(25, 0, -1))


async def test_the_bell_speaks_the_requests_language(client, people, history):
    answer = await client.get(BELL, params={"size": 1}, headers={**people.owner_a, "Accept-Language": "en"})
    newest = answer.json()["results"][0]
    assert newest["msg"] == f"{newest['description']} is calling the waiter"


async def test_without_a_restaurant_the_bell_covers_every_restaurant_of_the_caller(client, people, history):
    assert (await client.get(BELL, headers=people.owner_a)).json()["count"] == 25
    assert (await client.get(BELL, headers=people.operator_a)).json()["count"] == 25
    assert (await client.get(BELL, headers=people.owner_b)).json()["count"] == 3
    assert (await client.get(BELL, headers=people.admin)).json()["count"] == 28
    assert (await client.get(BELL, params={"fk_resto": B}, headers=people.admin)).json()["count"] == 3
    assert (await client.get(BELL, headers=people.header(77, 4))).json()["count"] == 0  # operates nowhere


async def test_reading_notifications_lowers_the_unread_count_of_that_person_only(client, people, history):
    assert await unread(client, people.owner_a, fk_resto=A) == 25
    assert (await client.post(BELL + "7/leer/", headers=people.owner_a)).status_code == 204
    assert (await client.post(BELL + "7/leer/", headers=people.owner_a)).status_code == 204  # again: no change
    assert await unread(client, people.owner_a) == 24
    listed = (await client.get(BELL, params={"size": -1}, headers=people.owner_a)).json()["results"]
    assert [n["id"] for n in listed if n["read"]] == [7]
    only_unread = (await client.get(BELL, params={"unread": 1, "size": -1}, headers=people.owner_a)).json()
    assert only_unread["count"] == 24 and 7 not in [n["id"] for n in only_unread["results"]]
    assert await unread(client, people.operator_a) == 25  # the operator's bell is their own

    assert (await client.post(BELL + "leer-todas/", params={"fk_resto": A}, headers=people.owner_a)).status_code == 204
    assert await unread(client, people.owner_a) == 0
    assert all(n["read"] for n in (await client.get(BELL, params={"size": -1}, headers=people.owner_a)).json()["results"])


async def test_notifications_after_marking_all_read_are_unread(app, client, people, history):
    await client.post(BELL + "leer-todas/", headers=people.admin)
    assert await unread(client, people.admin, fk_resto=B) == 0
    await deliver(app, *calls(A, 2, first=30))
    assert await unread(client, people.admin) == 2
    assert await unread(client, people.admin, fk_resto=B) == 0


async def test_messages_for_diners_stay_out_of_the_bell(app, client, people):
    await deliver(app, DishChanged(dish_id=1, restaurant_id=A, menu_id=30, category_id=2, name="Flan", price=Decimal("10"), disable=True))
    assert (await client.get(BELL, headers=people.owner_a)).json() == {"count": 0, "results": []}
    assert await unread(client, people.owner_a) == 0


@pytest.mark.parametrize(
    "method, path, params",
    [("GET", "", {"fk_resto": A}), ("GET", "sin-leer/", {"fk_resto": A}), ("POST", "leer-todas/", {"fk_resto": A})],
    ids=["list", "unread count", "mark all read"],
)
async def test_another_restaurants_staff_cannot_read_its_bell(client, people, history, method, path, params):
    answer = await client.request(method, BELL + path, params=params, headers=people.owner_b)
    assert answer.status_code == 404  # another restaurant looks exactly like a missing one
    assert answer.json() == {"detail": "No encontrado."}
    assert (await client.request(method, BELL + path, params=params, headers=people.operator_a)).status_code < 300
    assert (await client.request(method, BELL + path, params={"fk_resto": B}, headers=people.operator_a)).status_code == 404


async def test_a_notification_of_another_restaurant_cannot_be_marked_read(client, people, history):
    answer = await client.post(BELL + "26/leer/", headers=people.owner_a)  # B's
    assert answer.status_code == 404
    assert answer.json() == {"detail": "Notificación no encontrada."}
    assert await unread(client, people.owner_b) == 3
    # marking all read without a restaurant touches only the caller's restaurants
    await client.post(BELL + "leer-todas/", headers=people.owner_a)
    assert await unread(client, people.owner_b) == 3


@pytest.mark.parametrize("method, path", [("GET", ""), ("GET", "sin-leer/"), ("POST", "leer-todas/"), ("POST", "1/leer/")])
async def test_clients_and_visitors_have_no_bell(client, people, history, method, path):
    assert (await client.request(method, BELL + path, headers=people.client)).status_code == 403
    assert (await client.request(method, BELL + path)).status_code == 401


@pytest.mark.parametrize(
    "method, path, params, status",
    [
        ("GET", "", {"page": 0}, 400),
        ("GET", "", {"size": 501}, 400),
        ("GET", "", {"fk_resto": 0}, 400),
        ("GET", "", {"fk_resto": 2**31}, 400),
        ("POST", "0/leer/", {}, 400),
        ("POST", f"{2**62}/leer/", {}, 404),
        ("POST", f"{2**63}/leer/", {}, 400),
    ],
)
async def test_out_of_range_input_is_a_clear_answer(client, people, method, path, params, status):
    answer = await client.request(method, BELL + path, params=params, headers=people.owner_a)
    assert answer.status_code == status, answer.text
