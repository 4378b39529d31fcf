"""What every service gets from kit.app: errors in the spec's shapes, the request's transaction,
the request id, the service header and health checks."""
import asyncio
import json

import pytest
from sqlalchemy import select

from kit.app import RefuseNulCharacters
from kit.outbox import OutboxMessage
from tests.conftest import HandledEvent


async def test_a_handled_request_commits_its_changes_and_events_together(client, app):
    answer = await client.post("/things", json={"name": "mesa", "size": 2})
    assert answer.status_code == 200
    async with app.state.session_factory() as session:
        assert (await session.scalars(select(HandledEvent.event_id))).all() == ["mesa"]
        assert (await session.scalars(select(OutboxMessage.event_type))).all() == ["identity.restaurant.created"]


async def test_a_failing_request_keeps_neither_changes_nor_events(client, app):
    answer = await client.post("/things/fail-after-write", json={"name": "mesa", "size": 2})
    assert answer.status_code == 400
    assert answer.json() == {"non_field_errors": ["Algo salió mal."]}
    async with app.state.session_factory() as session:
        assert (await session.scalars(select(HandledEvent))).all() == []
        assert (await session.scalars(select(OutboxMessage))).all() == []


async def test_the_request_id_is_kept_echoed_and_carried_into_events(client, app):
    answer = await client.post("/things", json={"name": "silla", "size": 3}, headers={"X-Request-ID": "req-abc-123"})
    assert answer.headers["X-Request-ID"] == "req-abc-123"
    assert answer.headers["X-Service"] == "kit"
    async with app.state.session_factory() as session:
        payload = (await session.scalars(select(OutboxMessage.payload))).one()
    assert payload["request_id"] == "req-abc-123"


async def test_a_request_without_id_gets_one(client):
    answer = await client.get("/healthz")
    assert len(answer.headers["X-Request-ID"]) >= 16


async def test_validation_errors_use_the_field_shape_in_the_request_language(client):
    spanish = await client.post("/things", json={"name": "ab", "size": 0})
    assert spanish.status_code == 400
    assert spanish.json() == {
        "name": ["Asegúrese de que este campo tenga al menos 3 caracteres."],
        "size": ["Asegúrese de que este valor sea mayor o igual a 1."],
    }
    english = await client.post("/things", json={"size": 1}, headers={"Accept-Language": "en-GB,en;q=0.8"})
    assert english.json() == {"name": ["This field is required."]}


async def test_a_body_that_is_not_json_is_a_non_field_error(client):
    answer = await client.post("/things", content=b"{not json", headers={"Content-Type": "application/json"})
    assert answer.status_code == 400
    assert list(answer.json()) == ["non_field_errors"]


async def test_nested_field_errors_and_details_keep_their_shapes(client):
    fields = await client.get("/errors/fields", headers={"Accept-Language": "en"})
    assert fields.status_code == 400
    assert fields.json() == {"fk_user": {"email": ["Something went wrong."]}, "name": ["Something went wrong."] * 2}
    detail = await client.get("/errors/detail")
    assert (detail.status_code, detail.json()) == (208, {"detail": "Algo salió mal."})


async def test_a_detail_error_with_a_code_carries_it_beside_the_localized_text(client):
    for lang, text in (("es", "Algo salió mal."), ("en", "Something went wrong.")):
        answer = await client.get("/errors/coded", headers={"Accept-Language": lang})
        assert (answer.status_code, answer.json()) == (400, {"detail": text, "code": "out_of_stock"})


async def test_unknown_paths_and_crashes_answer_in_the_detail_shape(client):
    missing = await client.get("/nowhere")
    assert (missing.status_code, missing.json()) == (404, {"detail": "No encontrado."})
    crash = await client.get("/errors/crash")
    assert crash.status_code == 500
    assert crash.json() == {"detail": "Error interno del servidor. Contacte a soporte."}


@pytest.mark.broker  # what the broker answers is part of it
async def test_readiness_checks_database_and_redis_and_reports_the_broker(client):
    answer = await client.get("/readyz")
    assert answer.status_code == 200
    assert answer.json()["checks"] == {"database": True, "redis": True}
    assert answer.json()["broker"] == {"connected": True, "dead_letters": 0}


async def test_an_app_without_the_broker_serves_and_keeps_its_events_in_the_outbox(client, app):
    """The suites' apps unless a test is marked `broker` (kit.testing): no connection, no queue
    declared, and what a request announces waits in the outbox for a process that publishes."""
    assert app.state.settings.broker_enabled is False
    assert not app.state.bus.connected.is_set() and app.state.queue_names == []
    assert (await client.post("/things", json={"name": "mesa", "size": 2})).status_code == 200
    await asyncio.sleep(0.5)  # more than two of the relay's polls (OUTBOX_POLL_SECONDS 0.2)
    async with app.state.session_factory() as session:
        assert (await session.scalars(select(OutboxMessage.published_at))).all() == [None]
    answer = await client.get("/readyz")
    assert answer.status_code == 200 and answer.json()["broker"] == {"connected": False, "dead_letters": None}


@pytest.mark.broker
async def test_a_test_marked_broker_gets_a_connected_app(app):
    assert app.state.settings.broker_enabled is True
    assert app.state.bus.connected.is_set() and app.state.queue_names


async def test_readiness_fails_when_redis_is_unreachable(client, app):
    from redis.asyncio import Redis

    healthy = app.state.redis
    app.state.redis = Redis.from_url("redis://127.0.0.1:1/0", socket_connect_timeout=0.2)
    try:
        answer = await client.get("/readyz")
    finally:
        await app.state.redis.aclose()
        app.state.redis = healthy
    assert answer.status_code == 503
    assert answer.json()["checks"]["redis"] is False


@pytest.mark.broker  # the event goes round the broker to the consumer
async def test_after_commit_callbacks_run_once_committed_and_never_on_rollback(client, app):
    from tests.conftest import COMMITTED

    COMMITTED.clear()
    await client.post("/things/fail-after-write", json={"name": "nope", "size": 1})
    assert COMMITTED == []
    await client.post("/things", json={"name": "yes", "size": 1})
    assert COMMITTED[0] == "yes"
    # The request's event reaches this service's own handler, whose callback runs after its commit.
    import asyncio

    for _ in range(100):
        if "event yes" in COMMITTED:
            break
        await asyncio.sleep(0.05)
    assert COMMITTED == ["yes", "event yes"]


async def test_a_started_service_has_frozen_its_start_up_heap_and_set_the_collector(app):
    import gc

    assert gc.get_freeze_count() > 10_000  # modules, routes and mappers, out of the collector's sight
    assert gc.get_threshold() == app.state.settings.gc_thresholds


@pytest.mark.parametrize("request_kwargs", [
    {"method": "GET", "url": "/things?search=a%00b"},
    {"method": "POST", "url": "/things", "content": b'{"name": "a\\u0000b", "size": 1}', "headers": {"Content-Type": "application/json"}},
    {"method": "POST", "url": "/things", "content": b'{"name": "a\\\\\\u0000", "size": 1}', "headers": {"Content-Type": "application/json"}},
    {"method": "POST", "url": "/things", "content": b"name=a%00b&size=1", "headers": {"Content-Type": "application/x-www-form-urlencoded"}},
], ids=["query", "json", "json after an escaped backslash", "form"])
async def test_a_nul_character_is_a_400_in_the_callers_language_not_a_database_500(client, app, request_kwargs):
    headers = {**request_kwargs.pop("headers", {}), "Accept-Language": "en"}
    answer = await client.request(**request_kwargs, headers=headers)
    assert answer.status_code == 400
    assert answer.json() == {"detail": "The text contains a null character, which is not allowed."}
    async with app.state.session_factory() as session:
        assert (await session.scalars(select(HandledEvent))).all() == []


async def test_text_that_only_looks_like_a_nul_character_goes_through(client):
    answer = await client.post("/things", content=json.dumps({"name": "10%00", "size": 1}), headers={"Content-Type": "application/json"})
    assert answer.status_code == 200, answer.text
    # An escaped backslash followed by the letters u0000 is text, not a NUL character.
    assert RefuseNulCharacters.JSON_NUL.search(json.dumps("C:\\u0000").encode()) is None
    assert RefuseNulCharacters.JSON_NUL.search(json.dumps("a\u0000").encode()) is not None
