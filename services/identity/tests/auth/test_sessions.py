"""Ending sessions: the generation lives on the account in PostgreSQL; Redis holds a copy that
every service reads, and losing that copy must not revive a revoked token."""
from sqlalchemy import select

from identity.user.models import User
from kit.auth import RevocationStore
from tests.helpers import PASSWORD, login, register_client, register_owner, token_header

CHECK = "/api/token-auth/check-authentication/"
NEW_PASSWORD = "Nueva-Clave-2026"
STAFF = {"first_name": "Pedro", "last_name": "Mozo", "email": "pedro@example.com", "password": "Bandeja-Llena-7", "password2": "Bandeja-Llena-7"}


async def change_password(client, headers):
    body = {"current_password": PASSWORD, "new_password": NEW_PASSWORD, "new_password_confirm": NEW_PASSWORD}
    answer = await client.post("/api/auth/users/set_password/", json=body, headers=headers)
    assert answer.status_code == 204, answer.text


def elsewhere(app, redis) -> RevocationStore:
    """What another service (catalog, ordering...) reads: the kit's store over the same Redis."""
    return RevocationStore(redis)


async def test_a_password_change_is_kept_on_the_account(client, app):
    user = await register_client(client)
    await change_password(client, token_header(user["auth_token"]))
    async with app.state.session_factory() as session:
        assert await session.scalar(select(User.token_generation).where(User.id == user["id"])) == 2


async def test_losing_the_redis_copy_does_not_revive_a_revoked_token(client, app, redis):
    old = (await register_client(client))["auth_token"]
    await change_password(client, token_header(old))
    principal = app.state.token_verifier.verify(old)
    await redis.flushdb()  # Redis restarted empty, or the key was evicted
    assert await elsewhere(app, redis).is_revoked(principal)
    assert (await client.post(CHECK, headers=token_header(old))).status_code == 401
    # The next request to identity writes the copy back from the database, for every service.
    assert await redis.get(f"auth:generation:{principal.user_id}") == "2"
    assert await elsewhere(app, redis).is_revoked(principal)


async def test_a_token_issued_after_the_change_survives_the_loss_of_the_copy(client, app, redis):
    old = (await register_client(client))["auth_token"]
    await change_password(client, token_header(old))
    new = await login(client, "lucia@example.com", NEW_PASSWORD)
    await redis.delete(f"auth:generation:{app.state.token_verifier.verify(old).user_id}")
    assert (await client.post(CHECK, headers=new)).status_code == 200
    assert not await elsewhere(app, redis).is_revoked(app.state.token_verifier.verify(new["Authorization"].split()[1]))


async def test_the_copy_never_expires(client, app, redis):
    old = (await register_client(client))["auth_token"]
    await change_password(client, token_header(old))
    assert await redis.ttl(f"auth:generation:{app.state.token_verifier.verify(old).user_id}") == -1


async def test_a_failed_password_change_ends_no_session(client):
    headers = token_header((await register_client(client))["auth_token"])
    body = {"current_password": "wrong-password", "new_password": NEW_PASSWORD, "new_password_confirm": NEW_PASSWORD}
    assert (await client.post("/api/auth/users/set_password/", json=body, headers=headers)).status_code == 400
    assert (await client.post(CHECK, headers=headers)).status_code == 200


async def test_deleting_a_restaurant_ends_its_operators_sessions(client, app, redis):
    owner = await register_owner(client)
    added = await client.post("/api/registrar-operador/", json={"fk_resto": owner["id"], "fk_user": STAFF}, headers=owner["headers"])
    assert added.status_code == 201
    operator = await login(client, STAFF["email"], STAFF["password"])
    principal = app.state.token_verifier.verify(operator["Authorization"].split()[1])
    deleted = await client.delete(f"/api/restaurant-atributes/{owner['id']}/", headers=owner["headers"])
    assert deleted.status_code == 204
    assert (await client.post(CHECK, headers=operator)).status_code == 401
    assert await elsewhere(app, redis).is_revoked(principal)
    again = await client.post("/api/auth/token/login/", json={"username": STAFF["email"], "password": STAFF["password"]})
    assert again.status_code == 400
    # The owner keeps their session.
    assert (await client.post(CHECK, headers=owner["headers"])).status_code == 200


async def test_removing_an_operator_ends_their_sessions_in_every_service(client, app, redis):
    owner = await register_owner(client)
    added = await client.post("/api/registrar-operador/", json={"fk_resto": owner["id"], "fk_user": STAFF}, headers=owner["headers"])
    operator = await login(client, STAFF["email"], STAFF["password"])
    principal = app.state.token_verifier.verify(operator["Authorization"].split()[1])
    assert not await elsewhere(app, redis).is_revoked(principal)
    removed = await client.delete(f"/api/registrar-operador/{added.json()['id']}/", headers=owner["headers"])
    assert removed.status_code == 204
    assert await elsewhere(app, redis).is_revoked(principal)


async def test_start_up_copies_every_generation_to_redis_and_keeps_a_larger_one(client, app, redis):
    from identity.auth.service import mirror_all_generations

    first = await register_client(client)
    second = await register_client(client, email="bruno@example.com", first_name="Bruno")
    await redis.flushdb()
    await redis.set(f"auth:generation:{second['id']}", 7)  # revoked before generations were kept on the account
    await mirror_all_generations(app.state.session_factory, app.state.revocations)
    assert await redis.get(f"auth:generation:{first['id']}") == "1"
    async with app.state.session_factory() as session:
        assert await session.scalar(select(User.token_generation).where(User.id == second["id"])) == 7
