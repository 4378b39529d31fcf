"""Operators: an owner's staff accounts (spec part 2 §5 and §8)."""
from sqlalchemy import select

from kit.outbox import OutboxMessage
from tests.helpers import login, register_client, register_owner, token_header

STAFF = {"first_name": "Pedro", "last_name": "Mozo", "email": "pedro@example.com", "password": "Bandeja-Llena-7", "password2": "Bandeja-Llena-7"}


async def add(client, owner, **user):
    return await client.post("/api/registrar-operador/", json={"fk_resto": owner["id"], "fk_user": {**STAFF, **user}}, headers=owner["headers"])


async def test_an_owner_adds_an_operator_who_logs_in_to_that_restaurant(client, app):
    owner = await register_owner(client)
    answer = await add(client, owner)
    assert answer.status_code == 201, answer.text
    assert answer.json()["fk_resto"] == owner["id"]
    operator = await login(client, "pedro@example.com", STAFF["password"])
    session = await client.post("/api/token-auth/check-authentication/", headers=operator)
    assert session.json()["groups"] == [{"id": 4}]
    mine = await client.get("/api/restaurant/", headers=operator)
    assert [r["id_resto"] for r in mine.json()] == [owner["id"]]
    async with app.state.session_factory() as db:
        kinds = (await db.scalars(select(OutboxMessage.event_type))).all()
    assert "identity.operator.added" in kinds


async def test_operators_are_listed_ten_per_page_by_restaurant(client):
    owner = await register_owner(client)
    for n in range(12):
        assert (await add(client, owner, email=f"staff{n}@example.com", first_name=f"Staff{n}")).status_code == 201
    first = await client.get(f"/api/registrar-operador/?resto={owner['id']}", headers=owner["headers"])
    assert first.json()["count"] == 12 and len(first.json()["results"]) == 10
    second = await client.get(f"/api/registrar-operador/?resto={owner['id']}&page=2", headers=owner["headers"])
    assert len(second.json()["results"]) == 2


async def test_a_duplicate_e_mail_gives_the_e_mail_message(client):
    owner = await register_owner(client)
    await add(client, owner)
    again = await add(client, owner, email="PEDRO@example.com")
    assert again.json() == {"fk_user": {"email": ["Ya existe un usuario con este e-mail."]}}


async def test_an_operator_is_read_updated_and_removed_with_their_access(client):
    owner = await register_owner(client)
    operator_id = (await add(client, owner)).json()["id"]
    operator = await login(client, "pedro@example.com", STAFF["password"])
    detail = await client.get(f"/api/registrar-operador/{operator_id}/", headers=owner["headers"])
    assert detail.json()["fk_user"]["first_name"] == "Pedro"
    renamed = await client.put(f"/api/registrar-operador/{operator_id}/", json={"fk_user": {"first_name": "Pablo"}}, headers=owner["headers"])
    assert renamed.json()["fk_user"]["first_name"] == "Pablo"
    assert (await client.delete(f"/api/registrar-operador/{operator_id}/", headers=owner["headers"])).status_code == 204
    assert (await client.post("/api/token-auth/check-authentication/", headers=operator)).status_code == 401
    gone = await client.post("/api/auth/token/login/", json={"username": "pedro@example.com", "password": STAFF["password"]})
    assert gone.status_code == 400


async def test_operator_endpoints_respect_tenancy(client):
    a = await register_owner(client, email="a@example.com", nombre_local="Local A")
    b = await register_owner(client, email="b@example.com", nombre_local="Local B")
    b_operator = (await add(client, b)).json()["id"]
    assert (await client.post("/api/registrar-operador/", json={"fk_resto": b["id"], "fk_user": {**STAFF, "email": "intruso@example.com"}}, headers=a["headers"])).status_code == 404
    assert (await client.get(f"/api/registrar-operador/?resto={b['id']}", headers=a["headers"])).status_code == 404
    assert (await client.get("/api/registrar-operador/", headers=a["headers"])).json()["count"] == 0
    for method, kwargs in [("get", {}), ("put", {"json": {"fk_user": {"first_name": "Robado"}}}), ("delete", {})]:
        answer = await getattr(client, method)(f"/api/registrar-operador/{b_operator}/", headers=a["headers"], **kwargs)
        assert answer.status_code == 404
    operator = await login(client, STAFF["email"], STAFF["password"])
    assert (await client.get("/api/registrar-operador/", headers=operator)).status_code == 403
    assert (await client.get(f"/api/restaurant-atributes/{a['id']}/", headers=operator)).status_code == 404
    assert (await client.put(f"/api/restaurant-atributes/{b['id']}/", data={"wait_time": "5"}, headers=operator)).status_code == 403
    diner = token_header((await register_client(client))["auth_token"])
    assert (await client.get("/api/registrar-operador/", headers=diner)).status_code == 403
