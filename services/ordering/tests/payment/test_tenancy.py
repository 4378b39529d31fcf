"""Tenancy for both payment calls: B's owner and an operator of no restaurant find A's lines missing
(404), a client may not use them (403), no token is 401, and nothing is charged; A's operator and
an admin pay."""
import uuid

import pytest

from tests.helpers import delivered, outbox


def one(line_id):
    return f"/api/pagar-orden/{line_id}/recibir-pago/", {"pk_order": line_id, "type_pay": "Efectivo"}


def many(line_id):
    return "/api/pagar-orden/recibir-varios-pagos/", {"payment_orders": [line_id], "type_pay": "Efectivo"}


async def post(client, headers, call, line_id):
    url, body = call(line_id)
    return await client.post(url, json=body, headers={**headers, "Idempotency-Key": f"tenancy-{uuid.uuid4()}"})


@pytest.mark.parametrize("call", [one, many], ids=["recibir-pago", "recibir-varios-pagos"])
async def test_another_restaurants_staff_a_client_or_a_stranger_cannot_pay_as_lines(client, people, app, call):
    [line] = await delivered(client, people.owner_a, (11, 1, 1))
    for who in (people.owner_b, people.stranger):
        answer = await post(client, who, call, line["id"])
        assert (answer.status_code, answer.json()["detail"]) == (404, "Orden no encontrada."), answer.text
    assert (await post(client, people.client, call, line["id"])).status_code == 403
    assert (await post(client, {}, call, line["id"])).status_code == 401
    assert await outbox(app, "ordering.payment.recorded") == []


@pytest.mark.parametrize("call", [one, many], ids=["recibir-pago", "recibir-varios-pagos"])
async def test_as_operator_and_an_admin_may(client, people, app, call):
    for who in (people.operator_a, people.admin):
        [line] = await delivered(client, people.owner_a, (11, 1, 1))
        answer = await post(client, who, call, line["id"])
        assert answer.status_code == 200, answer.text
    assert len(await outbox(app, "ordering.payment.recorded")) == 2
