"""A seller's deauthorization (`mp-connect` webhook): believed only with a valid signature and once
the provider refuses our tokens, it unlinks every restaurant of the account; received twice, late
or forged, it changes nothing more."""
import asyncio
import json
import time

from simulators.mercadopago import seller_id
from tests.helpers import A
from tests.marketplace.steps import C, announced, link, links, rows, second_restaurant_of_a

SELLER = seller_id("vendedor@example.com")
HOOK = "/api/webhooks/mercadopago/"


async def deauthorized(simulator, user_id: int = SELLER) -> dict:
    """The seller deauthorizes the application at the provider: the signed notice as it was sent."""
    (await simulator.post("/_control/deauthorize", json={"user_id": user_id})).raise_for_status()
    deadline = time.monotonic() + 5
    while not (received := (await simulator.get("/_control/sink")).json()["received"]):
        assert time.monotonic() < deadline, "the provider sent no notice"
        await asyncio.sleep(0.02)
    return received[-1]


async def deliver(client, notice: dict, **changes):
    body = changes.pop("body", notice["body"])
    headers = {**notice["headers"], **changes.pop("headers", {}), "content-type": "application/json"}
    return await client.post(f"{HOOK}?{changes.pop('query', notice['query'])}", content=body, headers=headers)


async def test_a_signed_deauthorization_unlinks_every_restaurant_of_the_account(app, client, people, simulator):
    await second_restaurant_of_a(app)
    await link(client, people.owner_a, A)
    await link(client, people.owner_a, C)
    notice = await deauthorized(simulator)
    assert json.loads(notice["body"])["type"] == "mp-connect"
    answer = await deliver(client, notice)
    assert (answer.status_code, answer.json()) == (200, {"received": True})
    assert await links(app) == [] and await rows(app, "SELECT * FROM mp_account") == []
    assert await announced(app) == [("billing.marketplace.linked", A), ("billing.marketplace.linked", C),
                                    ("billing.marketplace.unlinked", A), ("billing.marketplace.unlinked", C)]
    state = await client.post("/api/restaurant-atributes/obtener-estado-mp/", json={"fk_resto": A}, headers=people.owner_a)
    assert state.json()["mp_active"] is False
    assert (await deliver(client, notice)).status_code == 200  # received twice: nothing more
    assert len(await announced(app)) == 4


async def test_a_bad_or_missing_signature_is_refused_and_changes_nothing(app, client, people, simulator):
    await link(client, people.owner_a)
    await simulator.post("/_control/failures", json={"endpoint": "webhooks", "kind": "bad_signature"})
    notice = await deauthorized(simulator)
    answer = await deliver(client, notice)
    assert answer.status_code == 401
    assert answer.json() == {"detail": "La firma de la notificación no es válida.", "code": "signature_invalid"}
    unsigned = await deliver(client, notice, headers={"x-signature": ""})
    assert unsigned.status_code == 401
    assert await links(app) == [(A, SELLER, 1)] and await announced(app) == [("billing.marketplace.linked", A)]


async def test_a_signed_notice_about_another_account_in_its_body_is_refused(app, client, people, simulator):
    await link(client, people.owner_a)
    other = seller_id("otra@example.com")
    notice = await deauthorized(simulator, other)  # validly signed, for another seller
    forged = json.loads(notice["body"])
    forged["data"]["id"] = str(SELLER)
    answer = await deliver(client, notice, body=json.dumps(forged))
    assert (answer.status_code, answer.json()["code"]) == (400, "notification_invalid")
    assert await links(app) == [(A, SELLER, 1)]


async def test_a_late_deauthorization_after_the_seller_authorized_again_changes_nothing(app, client, people, simulator):
    await link(client, people.owner_a)
    notice = await deauthorized(simulator)
    assert (await deliver(client, notice)).status_code == 200
    assert (await link(client, people.owner_a)).status_code == 200  # linked again
    assert (await deliver(client, notice)).status_code == 200  # the old notice, delivered once more
    assert await links(app) == [(A, SELLER, 1)]
    assert [kind for kind, _ in await announced(app)] == [
        "billing.marketplace.linked", "billing.marketplace.unlinked", "billing.marketplace.linked"]


async def test_a_deauthorization_the_provider_cannot_confirm_yet_is_answered_so_it_comes_again(app, client, people, simulator):
    await link(client, people.owner_a)
    notice = await deauthorized(simulator)
    await simulator.post("/_control/failures", json={"endpoint": "users", "kind": "server_error"})
    answer = await deliver(client, notice)
    assert (answer.status_code, answer.json()["code"]) == (502, "provider_unreachable")
    assert await links(app) == [(A, SELLER, 1)]
    assert (await deliver(client, notice)).status_code == 200
    assert await links(app) == []


async def test_a_notice_for_an_account_not_linked_or_of_another_topic_is_acknowledged(app, client, people, simulator):
    await link(client, people.owner_a)
    other = await deauthorized(simulator, seller_id("nadie@example.com"))
    assert (await deliver(client, other)).status_code == 200
    merchant_order = json.loads(other["body"])
    merchant_order["type"] = "merchant_order"
    assert (await deliver(client, other, body=json.dumps(merchant_order))).status_code == 200
    assert await links(app) == [(A, SELLER, 1)]


async def test_a_notice_that_is_not_json_is_refused(client, simulator, people):
    notice = await deauthorized(simulator)
    answer = await deliver(client, notice, body="not json")
    assert (answer.status_code, answer.json()["code"]) == (400, "notification_invalid")
