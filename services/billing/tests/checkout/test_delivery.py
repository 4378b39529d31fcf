"""Staff's online payment link for a delivery order (to copy or send by WhatsApp), and who may make it."""
from kit.auth import ADMIN, CLIENT
from kit.testing.world import A_CLIENT, AN_ADMIN
from tests.checkout.steps import EMPANADA, MILANESA, key, operator_a, outbox

LINK = "/api/pagar-orden/mercadopago/delivery/"


async def test_staff_make_a_delivery_orders_link_with_the_platforms_fee(world):
    delivery, lines = await world.delivery((EMPANADA, 2), (MILANESA, 1))
    answer = await world.client.post(LINK, json={"fk_delivery": delivery}, headers={**world.staff_a, **key()})
    assert answer.status_code == 201, answer.text
    body = answer.json()
    assert (body["amount"], body["marketplace_fee"], body["tip"], body["share"], body["lines"]) == (
        "450.50", "2.25", "0.00", None, lines)
    assert body["init_point"].startswith("http")
    [opened] = await outbox(world.app)
    assert (opened["delivery_ids"], opened["place_id"], opened["line_ids"]) == ([delivery], None, lines)
    state = await world.state(body)
    assert (state["fk_sit"], state["fk_delivery"], state["restaurant"]) == (None, delivery, "La Esquina")
    await world.paid(body)
    assert (await outbox(world.app))[-1]["type"] == "billing.checkout.approved"


async def test_an_operator_may_make_one_and_an_admin_too(world):
    delivery, _ = await world.delivery()
    answer = await world.client.post(LINK, json={"fk_delivery": delivery}, headers={**operator_a(world.auth_header), **key()})
    assert answer.status_code == 201, answer.text
    again = await world.client.post(LINK, json={"fk_delivery": delivery}, headers={**operator_a(world.auth_header), **key()})
    assert (again.status_code, again.json()["code"]) == (409, "lines_in_checkout")
    other, _ = await world.delivery()
    admin = await world.client.post(LINK, json={"fk_delivery": other}, headers={**world.auth_header(AN_ADMIN, ADMIN), **key()})
    assert admin.status_code == 201, admin.text  # platform admins pass every restaurant check, here and at ordering


async def test_another_restaurants_delivery_looks_missing_and_others_may_not(world):
    delivery, _ = await world.delivery()
    foreign = await world.client.post(LINK, json={"fk_delivery": delivery}, headers={**world.staff_b, **key()})
    missing = await world.client.post(LINK, json={"fk_delivery": 999_999}, headers={**world.staff_a, **key()})
    assert foreign.status_code == missing.status_code == 404
    assert foreign.json() == missing.json() == {"detail": "No encontrado."}
    assert (await world.client.post(LINK, json={"fk_delivery": delivery}, headers=key())).status_code == 401
    client = await world.client.post(LINK, json={"fk_delivery": delivery}, headers={**world.auth_header(A_CLIENT, CLIENT), **key()})
    assert client.status_code == 403
    assert await outbox(world.app) == []


async def test_a_delivery_order_with_nothing_accepted_has_nothing_to_pay(world):
    created = await world.ordering.post("/api/delivery/", headers=world.staff_a, json={
        "fk_resto": 10, "fk_menu": 100, "type_delivery": 2, "contact_info": {"name": "Ana Paz", "phone": "1145678901"},
        "ordenes": [{"fk_dish": EMPANADA, "quantity": 1}]})
    assert created.status_code == 201, created.text
    answer = await world.client.post(LINK, json={"fk_delivery": created.json()["id"]}, headers={**world.staff_a, **key()})
    assert (answer.status_code, answer.json()["code"]) == (400, "nothing_to_pay")
