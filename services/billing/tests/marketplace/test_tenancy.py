"""Tenancy for every call of the link: another restaurant looks exactly like a missing one (404),
only the restaurant's owner links it (an operator, an admin or a client cannot), and nobody
anonymous gets in; the webhook takes no token but a signature."""
import pytest

from tests.helpers import A
from tests.marketplace.steps import link, links

# (name, method, url, json) and the status each caller gets on A, which is linked: A's owner, A's
# operator, the admin, B's owner, B's operator, an operator of nothing, a client, nobody
CALLS = [
    ("authorization url", "GET", f"/api/autorizacion/url/?fk_resto={A}", None, (409, 403, 403, 404, 403, 403, 403, 401)),
    ("authorize", "POST", "/api/autorizacion/", {"fk_resto": A, "code": "TG-1", "state": f"{A}.x"},
     (400, 403, 403, 404, 403, 403, 403, 401)),
    ("link state", "POST", "/api/restaurant-atributes/obtener-estado-mp/", {"fk_resto": A},
     (200, 200, 200, 404, 404, 404, 403, 401)),
    ("balance", "GET", f"/api/obtener-balance/{A}/", None, (200, 403, 200, 404, 403, 403, 403, 401)),
]
IDS = [c[0] for c in CALLS]


@pytest.mark.parametrize("spec", CALLS, ids=IDS)
async def test_each_caller_gets_what_its_role_and_restaurant_allow(app, client, people, simulator, spec):
    name, method, url, body, expected = spec
    await link(client, people.owner_a)
    callers = (people.owner_a, people.operator_a, people.admin, people.owner_b, people.operator_b, people.stranger,
               people.client, {})
    for who, status in zip(callers, expected):
        answer = await client.request(method, url, json=body, headers=who)
        assert answer.status_code == status, (name, who, answer.text)
        if status == 404:
            assert answer.json() == {"detail": "No encontrado."}, name


async def test_another_owner_cannot_link_a_restaurant_with_a_state_of_theirs(app, client, people, simulator):
    started = await client.get(f"/api/autorizacion/url/?fk_resto={20}", headers=people.owner_b)
    answer = await client.post("/api/autorizacion/", json={"fk_resto": A, "code": "TG-1", "state": started.json()["state"]},
                               headers=people.owner_b)
    assert (answer.status_code, answer.json()) == (404, {"detail": "No encontrado."})
    assert await links(app) == []


async def test_the_webhook_takes_no_token_but_a_signature(client, simulator):
    answer = await client.post("/api/webhooks/mercadopago/?data.id=1", json={"type": "mp-connect", "data": {"id": "1"}})
    assert answer.status_code == 401 and answer.json()["code"] == "signature_invalid"
