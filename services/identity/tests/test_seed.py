"""The seeded accounts: the demo owner only where the demo is on, the admin's password never a
published one outside the local stack, and a documented way to rotate a seeded password."""
import asyncio

import pytest
from sqlalchemy import select

from identity.seed import ADMIN_USERNAME, DEMO_PASSWORD, LOCAL_ADMIN_PASSWORD, SeedError, main, rotate, seed
from identity.settings import Settings
from identity.user.models import User
from tests.auth.test_sessions import refused_elsewhere
from tests.helpers import login

LOGIN = "/api/auth/token/login/"
CHECK = "/api/token-auth/check-authentication/"


@pytest.fixture
def demo_off(monkeypatch):
    monkeypatch.delenv("ADMIN_PASSWORD", raising=False)
    monkeypatch.setenv("DEMO_LOGIN_ENABLED", "false")


async def run_command(*args: str) -> int:
    """`python -m identity.seed ...`, with its own event loop as on the command line."""
    return await asyncio.to_thread(main, list(args))


async def signs_in(client, username: str, password: str) -> bool:
    return (await client.post(LOGIN, json={"username": username, "password": password})).status_code == 200


async def test_where_the_demo_is_off_no_demo_owner_is_seeded(client, app, demo_off, capsys):
    assert await seed(Settings()) == [ADMIN_USERNAME]
    assert "generated password" in capsys.readouterr().out
    async with app.state.session_factory() as session:
        assert (await session.scalars(select(User.username))).all() == [ADMIN_USERNAME]
    assert not await signs_in(client, "demo@resto.local", DEMO_PASSWORD)


async def test_where_the_demo_is_on_the_demo_owner_is_seeded(client, app):
    assert await seed(Settings()) == ["demo@resto.local", ADMIN_USERNAME]
    assert await signs_in(client, "demo@resto.local", DEMO_PASSWORD)
    assert await signs_in(client, ADMIN_USERNAME, LOCAL_ADMIN_PASSWORD)


async def test_a_demo_owner_left_where_the_demo_is_now_off_is_deactivated_and_signed_out(client, app, redis, demo_off, monkeypatch):
    monkeypatch.setenv("DEMO_LOGIN_ENABLED", "true")
    await seed(Settings())
    demo = await login(client, "demo@resto.local", DEMO_PASSWORD)
    principal = app.state.token_verifier.verify(demo["Authorization"].split()[1])
    monkeypatch.setenv("DEMO_LOGIN_ENABLED", "false")
    assert await seed(Settings()) == []
    assert not await signs_in(client, "demo@resto.local", DEMO_PASSWORD)
    assert (await client.post(CHECK, headers=demo)).status_code == 401
    assert await refused_elsewhere(app, redis, principal)
    assert await seed(Settings()) == []  # seeding again changes nothing


async def test_rotating_a_seeded_password_ends_its_sessions_everywhere(client, app, redis, demo_off, monkeypatch):
    monkeypatch.setenv("ADMIN_PASSWORD", "Primera-Clave-2026")
    await seed(Settings())
    old_session = await login(client, ADMIN_USERNAME, "Primera-Clave-2026")
    principal = app.state.token_verifier.verify(old_session["Authorization"].split()[1])
    password, generated = await rotate(Settings(), ADMIN_USERNAME)
    assert generated and len(password) >= 20
    assert not await signs_in(client, ADMIN_USERNAME, "Primera-Clave-2026")
    assert await signs_in(client, ADMIN_USERNAME, password)
    assert (await client.post(CHECK, headers=old_session)).status_code == 401
    assert await app.state.revocations.generation(principal.user_id) == 2
    assert await refused_elsewhere(app, redis, principal)


async def test_the_operator_may_choose_the_new_password(client, app, monkeypatch, capsys):
    await seed(Settings())
    monkeypatch.setenv("NEW_PASSWORD", "Elegida-Por-Mi-77")
    assert await run_command("--rotate", ADMIN_USERNAME) == 0
    printed = capsys.readouterr().out
    assert "Elegida-Por-Mi-77" not in printed and "every session of the account ended" in printed
    assert await signs_in(client, ADMIN_USERNAME, "Elegida-Por-Mi-77")


async def test_a_generated_password_is_printed_once(client, app, monkeypatch, capsys):
    await seed(Settings())
    monkeypatch.delenv("NEW_PASSWORD", raising=False)
    assert await run_command("--rotate", ADMIN_USERNAME) == 0
    password = capsys.readouterr().out.split("generated password ")[1].split()[0]
    assert await signs_in(client, ADMIN_USERNAME, password)


async def test_a_new_password_that_breaks_the_rules_changes_nothing(client, app, monkeypatch):
    await seed(Settings())
    monkeypatch.setenv("NEW_PASSWORD", "12345678")
    with pytest.raises(SeedError, match="NEW_PASSWORD"):
        await rotate(Settings(), ADMIN_USERNAME)
    assert await signs_in(client, ADMIN_USERNAME, LOCAL_ADMIN_PASSWORD)


async def test_rotating_an_unknown_account_says_so(app, capsys):
    assert await run_command("--rotate", "nadie@example.com") == 1
    assert "no account nadie@example.com" in capsys.readouterr().err


async def test_the_demo_restaurant_is_dated_back_so_its_free_month_is_over_and_its_creation_announced_then(client, app):
    from datetime import UTC, datetime, timedelta

    from identity.restaurant.models import Restaurant
    from identity.seed import DEMO_RESTAURANT_AGE
    from kit.outbox import OutboxMessage

    await seed(Settings())
    async with app.state.session_factory() as session:
        [restaurant] = (await session.scalars(select(Restaurant).where(Restaurant.nombre_local == "Resto Demo"))).all()
        created = [row.payload for row in (await session.scalars(
            select(OutboxMessage).where(OutboxMessage.event_type == "identity.restaurant.created").order_by(OutboxMessage.created_at)
        )).all()]
    age = datetime.now(UTC) - restaurant.created_at
    assert DEMO_RESTAURANT_AGE - timedelta(minutes=1) < age < DEMO_RESTAURANT_AGE + timedelta(minutes=1)
    assert [datetime.fromisoformat(event["occurred_at"]) for event in created][-1] == restaurant.created_at
    assert all(event["restaurant_id"] == restaurant.id for event in created)
    assert await seed(Settings()) == []  # seeding again changes nothing, and announces nothing
    async with app.state.session_factory() as session:
        again = (await session.scalars(select(OutboxMessage).where(OutboxMessage.event_type == "identity.restaurant.created"))).all()
        assert len(again) == len(created) and (await session.get(Restaurant, restaurant.id)).created_at == restaurant.created_at
