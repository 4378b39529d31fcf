"""The waiter call (spec part 2 §7 'Waiter call'): anonymous by the table's code, one per 30 s, cleared by staff."""
import pytest

from contracts import ordering
from tests.helpers import A, create, deliver, item, outbox

pytestmark = pytest.mark.usefixtures("floor_world")


@pytest.fixture
async def m1(client, people) -> dict:
    (place,) = await create(client, people.owner_a, item("M1"))
    return place


def token_of(place: dict) -> str:
    return place["qr"].split("?p=")[1]


async def listed(client, people) -> dict:
    (place,) = (await client.get(f"/api/sit/?fk_resto={A}", headers=people.operator_a)).json()
    return place


async def test_a_diner_calls_the_waiter_and_every_tablet_learns_it(client, people, app, m1):
    answer = await client.put(f"/api/llamar-mozo/{token_of(m1)}/")
    assert answer.status_code == 200 and answer.json() == {"call_waiter": True, "call_kind": "waiter"}
    place = await listed(client, people)
    assert (place["call_waiter"], place["call_kind"]) == (True, "waiter")
    (called,) = await outbox(app, "floor.waiter.called")
    assert (called["place_id"], called["restaurant_id"], called["place_name"], called["kind"]) == (m1["id"], A, "M1", "waiter")


async def test_asking_for_the_bill_is_a_call_of_its_own_kind(client, people, app, m1):
    answer = await client.put(f"/api/llamar-mozo/{token_of(m1)}/", json={"kind": "bill"})
    assert answer.json() == {"call_waiter": True, "call_kind": "bill"}
    assert (await outbox(app, "floor.waiter.called"))[0]["kind"] == "bill"
    assert (await client.put(f"/api/llamar-mozo/{token_of(m1)}/", json={"kind": "dessert"})).status_code == 400


async def test_a_second_call_within_30_seconds_is_refused_clearly(client, app, m1):
    assert (await client.put(f"/api/llamar-mozo/{token_of(m1)}/")).status_code == 200
    again = await client.put(f"/api/llamar-mozo/{token_of(m1)}/", headers={"Accept-Language": "en"})
    assert again.status_code == 429
    assert again.json()["code"] == "waiter_call_too_soon"
    seconds = int(again.headers["Retry-After"])
    assert 0 < seconds <= 30 and again.json()["detail"] == f"The waiter has been told. You can call again in {seconds} seconds."
    assert len(await outbox(app, "floor.waiter.called")) == 1


async def test_only_a_valid_code_calls(client, people, m1):
    assert (await client.put("/api/llamar-mozo/NoEsUnTokenValido123/")).status_code == 404
    await client.post(f"/api/sit/{m1['id']}/nuevo-qr/", headers=people.owner_a)
    assert (await client.put(f"/api/llamar-mozo/{token_of(m1)}/")).status_code == 410


async def test_staff_send_the_waiter_and_the_bell_goes_out(client, people, app, m1):
    await client.put(f"/api/llamar-mozo/{token_of(m1)}/")
    sent = await client.post(f"/api/sit/{m1['id']}/mozo-enviado/", headers=people.operator_a)
    assert sent.status_code == 200 and sent.json()["call_waiter"] is False and sent.json()["call_kind"] is None
    (cleared,) = await outbox(app, "floor.waiter.cleared")
    assert (cleared["place_id"], cleared["place_name"]) == (m1["id"], "M1")
    await client.post(f"/api/sit/{m1['id']}/mozo-enviado/", headers=people.operator_a)
    assert len(await outbox(app, "floor.waiter.cleared")) == 1  # nothing pending, nothing announced


async def test_a_table_a_payment_left_with_no_open_order_is_reset_no_call_not_blocked(client, people, app, m1):
    moved = {**item("M1"), "id": m1["id"], "blocked": True}
    await client.put("/api/sit/update/", json={"location": [moved]}, headers=people.owner_a)
    await client.put(f"/api/llamar-mozo/{token_of(m1)}/", json={"kind": "bill"})  # the table asked for the bill
    await deliver(app, ordering.TabClosed(restaurant_id=A, place_id=m1["id"]))
    place = await listed(client, people)
    assert (place["blocked"], place["call_waiter"]) == (False, False)
    [cleared] = await outbox(app, "floor.waiter.cleared")
    assert (cleared["place_id"], cleared["place_name"]) == (m1["id"], "M1")
    await deliver(app, ordering.TabClosed(restaurant_id=A + 1, place_id=m1["id"]))  # another restaurant's: nothing
    assert len(await outbox(app, "floor.waiter.cleared")) == 1


async def test_a_freed_table_is_unblocked_and_its_call_cleared(client, people, app, m1):
    moved = {**item("M1"), "id": m1["id"], "blocked": True}
    await client.put("/api/sit/update/", json={"location": [moved]}, headers=people.owner_a)
    await client.put(f"/api/llamar-mozo/{token_of(m1)}/")
    await deliver(app, ordering.TableFreed(restaurant_id=A, place_id=m1["id"], place_name="M1"))
    place = await listed(client, people)
    assert (place["blocked"], place["call_waiter"]) == (False, False)
    assert len(await outbox(app, "floor.waiter.cleared")) == 1
