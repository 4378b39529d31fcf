"""Ending sessions: the generation lives on the account and every logout in revoked_token, in
PostgreSQL; Redis holds a copy that every service reads, and losing that copy must not revive a
revoked token."""
import asyncio
import time
from datetime import UTC, datetime

from sqlalchemy import select

from identity.auth import repository as auth_repository
from identity.auth.models import RevokedToken
from identity.auth.service import mirror_all, purge_expired_revocations
from identity.user.models import User
from kit.auth import MIRRORED, RevocationStore, generation_key, revoked_key
from kit.errors import ServiceBusy
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


async def refused_elsewhere(app, redis, principal) -> bool:
    """Another service refuses the token (401), or tells the caller to wait (503) while identity
    writes the copy back: anything but accepting it."""
    try:
        return await elsewhere(app, redis).is_revoked(principal)
    except ServiceBusy:
        return True


async def until(condition, seconds: float = 5.0) -> float:
    """Waits (bounded) for `condition`; answers how long it took."""
    start = time.monotonic()
    while not await condition():
        assert time.monotonic() - start < seconds, "not within the bound"
        await asyncio.sleep(0.05)
    return time.monotonic() - start


async def two_sessions_one_logged_out(client, app) -> tuple[dict, dict, object]:
    """A client signed in twice; the first session logged out. (first header, second header, first principal)"""
    first = token_header((await register_client(client))["auth_token"])
    second = await login(client, "lucia@example.com", PASSWORD)
    assert (await client.post("/api/auth/token/logout/", headers=first)).status_code == 204
    return first, second, app.state.token_verifier.verify(first["Authorization"].split()[1])


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
    assert await refused_elsewhere(app, redis, principal)
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
    first = await register_client(client)
    second = await register_client(client, email="bruno@example.com", first_name="Bruno")
    await redis.flushdb()
    await redis.set(f"auth:generation:{second['id']}", 7)  # revoked before generations were kept on the account
    await mirror_all(app.state.session_factory, app.state.revocations)
    assert await redis.get(f"auth:generation:{first['id']}") == "1"
    async with app.state.session_factory() as session:
        assert await session.scalar(select(User.token_generation).where(User.id == second["id"])) == 7


async def test_a_new_account_token_is_accepted_by_every_service_at_once(client, app, redis):
    for registered in (await register_client(client), await register_owner(client)):
        principal = app.state.token_verifier.verify(registered["auth_token"])
        assert principal.generation == 1
        assert not await elsewhere(app, redis).is_revoked(principal)


async def test_a_logout_is_kept_in_postgresql_until_the_token_would_have_expired(client, app):
    _, _, principal = await two_sessions_one_logged_out(client, app)
    async with app.state.session_factory() as session:
        row = await session.get(RevokedToken, principal.token_id)
    assert row.user_id == principal.user_id
    assert row.expires_at == datetime.fromtimestamp(principal.expires_at, UTC)


async def test_a_logged_out_token_stays_refused_everywhere_when_redis_loses_its_data(client, app, redis):
    first, second, principal = await two_sessions_one_logged_out(client, app)
    await redis.flushdb()  # Redis restarted empty
    assert await refused_elsewhere(app, redis, principal)
    assert (await client.post(CHECK, headers=first)).status_code == 401
    # The account's other session, at identity, writes the account's copy back: its logout with it.
    assert (await client.post(CHECK, headers=second)).status_code == 200
    assert await elsewhere(app, redis).is_revoked(principal)
    assert not await elsewhere(app, redis).is_revoked(app.state.token_verifier.verify(second["Authorization"].split()[1]))


async def test_signing_in_after_redis_lost_its_data_brings_the_account_logouts_back(client, app, redis):
    _, _, principal = await two_sessions_one_logged_out(client, app)
    await redis.flushdb()
    await login(client, "lucia@example.com", PASSWORD)  # writes the account's generation copy
    assert await elsewhere(app, redis).is_revoked(principal)


async def test_the_watchdog_writes_the_whole_copy_back_within_about_a_second(client, app, redis):
    _, second, principal = await two_sessions_one_logged_out(client, app)
    other = app.state.token_verifier.verify(second["Authorization"].split()[1])
    await redis.flushdb()
    took = await until(lambda: redis.exists(MIRRORED))
    assert took < 3  # checked every second (REVOCATION_WATCH_SECONDS)
    assert await redis.get(revoked_key(principal.token_id)) == "1"
    assert await redis.get(generation_key(principal.user_id)) == "1"
    assert await elsewhere(app, redis).is_revoked(principal)
    assert not await elsewhere(app, redis).is_revoked(other)


async def test_the_watchdog_notices_a_lost_mark_alone(client, app, redis):
    """The gateway's live test deletes the mark alone (never FLUSHALL on the shared stack)."""
    await register_client(client)
    await redis.delete(MIRRORED)
    await until(lambda: redis.exists(MIRRORED))


async def test_logouts_of_expired_tokens_are_purged(client, app):
    user = await register_client(client)
    now = int(time.time())
    async with app.state.session_factory() as session, session.begin():
        await auth_repository.add_revoked(session, "expired", user["id"], now - 1)
        await auth_repository.add_revoked(session, "live", user["id"], now + 600)
    assert await purge_expired_revocations(app.state.session_factory) == 1
    async with app.state.session_factory() as session:
        assert (await session.scalars(select(RevokedToken.token_id))).all() == ["live"]


async def test_logging_out_the_same_token_twice_at_once_keeps_one_row(client, app):
    headers = token_header((await register_client(client))["auth_token"])
    answers = await asyncio.gather(*(client.post("/api/auth/token/logout/", headers=headers) for _ in range(2)))
    assert sorted(answer.status_code for answer in answers)[0] == 204
    async with app.state.session_factory() as session:
        assert len((await session.scalars(select(RevokedToken))).all()) == 1
