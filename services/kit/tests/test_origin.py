"""kit.origin: the staff screen that caused a change rides on its events, and on the events their
consumers write in turn, so notifications can tell that screen its own message apart."""
import pytest
from sqlalchemy import select

from contracts.identity import RestaurantCreated, RestaurantUpdated
from kit.auth import ADMIN, CLIENT, OPERATOR, OWNER
from kit.consumer import process_event
from kit.outbox import OutboxMessage, add_event

SCREEN = "3f2b6c1e-9a47-4d2e-8f1a-2b7c9d0e5a11"


async def origins(app) -> dict[str, str | None]:
    """Each staged event's `nombre_local` -> its origin."""
    async with app.state.session_factory() as session:
        payloads = (await session.scalars(select(OutboxMessage.payload))).all()
    return {payload["nombre_local"]: payload["origin"] for payload in payloads}


@pytest.mark.parametrize("group", [ADMIN, OWNER, OPERATOR])
async def test_a_staff_call_names_its_screen_in_the_events_it_writes(app, client, auth_header, group):
    answer = await client.post("/things/by-staff", json={"name": "Tab", "size": 1}, headers={**auth_header(5, group), "X-Client-Id": SCREEN})
    assert answer.status_code == 200
    assert await origins(app) == {"Tab": SCREEN}


async def test_a_diner_an_anonymous_call_or_a_malformed_name_names_no_screen(app, client, auth_header):
    diner = await client.post("/things/by-staff", json={"name": "Diner", "size": 1}, headers={**auth_header(6, CLIENT), "X-Client-Id": SCREEN})
    anonymous = await client.post("/things", json={"name": "Anon", "size": 2}, headers={"X-Client-Id": SCREEN})
    short = await client.post("/things/by-staff", json={"name": "Short", "size": 3}, headers={**auth_header(5, OWNER), "X-Client-Id": "abc"})
    odd = await client.post("/things/by-staff", json={"name": "Odd", "size": 4}, headers={**auth_header(5, OWNER), "X-Client-Id": "tab one; two"})
    assert [a.status_code for a in (diner, anonymous, short, odd)] == [200, 200, 200, 200]
    assert await origins(app) == {"Diner": None, "Anon": None, "Short": None, "Odd": None}


async def test_events_a_consumer_writes_carry_the_origin_of_the_event_it_handled(app):
    async def answer_with_another(session, event) -> None:
        add_event(session, RestaurantUpdated(restaurant_id=event.restaurant_id, owner_id=1, nombre_local=f"{event.nombre_local} again"))

    factory = app.state.session_factory
    assert await process_event(factory, [answer_with_another], RestaurantCreated(restaurant_id=8, owner_id=1, nombre_local="Caused", origin=SCREEN))
    assert await process_event(factory, [answer_with_another], RestaurantCreated(restaurant_id=9, owner_id=1, nombre_local="Uncaused"))
    assert await origins(app) == {"Caused again": SCREEN, "Uncaused again": None}
