"""A user of restaurant A can never see or change B's sketch, codes or calls; clients and strangers nothing."""
import pytest

from tests.helpers import A, B, MENU_B, create, item

pytestmark = pytest.mark.usefixtures("floor_world")


@pytest.fixture
async def b_place(client, people) -> dict:
    (place,) = await create(client, people.owner_b, item("M1", restaurant=B, menu=MENU_B))
    return place


async def test_another_restaurants_staff_can_neither_read_nor_change_its_sketch(client, people, b_place):
    """B's restaurant looks to A's staff exactly like one that does not exist (404, never 403)."""
    owner_a, operator_a = people.owner_a, people.operator_a
    for who in (owner_a, operator_a):
        assert (await client.get(f"/api/sit/?fk_resto={B}", headers=who)).status_code == 404
        assert (await client.post("/api/sit/", json={"location": [item("M2", restaurant=B, menu=MENU_B)]}, headers=who)).status_code == 404
        moved = {**item("M1", restaurant=B, menu=MENU_B, x=5), "id": b_place["id"]}
        assert (await client.put("/api/sit/update/", json={"location": [moved]}, headers=who)).status_code == 404
        # Claiming the place under A's restaurant finds nothing of A's to change.
        assert (await client.put("/api/sit/update/", json={"location": [{**moved, "fk_resto": A}]}, headers=who)).status_code == 404
        assert (await client.delete(f"/api/sit/{b_place['id']}/", headers=who)).status_code == 404
        assert (await client.post("/api/sit/delete/", json={"location": [{"id": b_place["id"]}]}, headers=who)).status_code == 404
        assert (await client.post("/api/sit/verificar-sit/", json={"id": b_place["id"]}, headers=who)).status_code == 404
        assert (await client.post(f"/api/sit/{b_place['id']}/nuevo-qr/", headers=who)).status_code == 404
        assert (await client.post(f"/api/sit/{b_place['id']}/mozo-enviado/", headers=who)).status_code == 404
        assert (await client.get(f"/api/qr/sit/?fk_resto={B}", headers=who)).status_code == 404
    after = (await client.get(f"/api/sit/?fk_resto={B}", headers=people.owner_b)).json()
    assert after == [b_place]


async def test_clients_and_anonymous_callers_cannot_use_the_staff_endpoints(client, people, b_place):
    for headers in (people.client, {}):
        assert (await client.get(f"/api/sit/?fk_resto={B}", headers=headers)).status_code in (401, 403)
        assert (await client.post("/api/sit/", json={"location": [item("M2", restaurant=B, menu=MENU_B)]}, headers=headers)).status_code in (401, 403)
        assert (await client.delete(f"/api/sit/{b_place['id']}/", headers=headers)).status_code in (401, 403)


async def test_an_admin_sees_every_restaurants_sketch(client, people, b_place):
    assert (await client.get(f"/api/sit/?fk_resto={B}", headers=people.admin)).json() == [b_place]
