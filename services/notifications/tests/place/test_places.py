"""Floor's places, as notifications knows them: only a newer event changes a place, and a removed
place stays removed, so a diner's token is judged by the newest facts whatever order events come in."""
from datetime import UTC, datetime, timedelta

from contracts.floor import PlaceRemoved
from notifications.place import repository
from notifications.place.service import token_hash
from tests.helpers import A, deliver, place

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


async def place_of(app, token: str) -> int | None:
    async with app.state.session_factory() as session:
        found = await repository.by_token_hash(session, token_hash(token))
    return found and found[0].place_id


async def test_an_older_change_arriving_late_does_not_undo_a_newer_one(app):
    await deliver(app, place(1, token="first", occurred_at=T0))
    await deliver(app, place(1, token="second", occurred_at=T0 + timedelta(minutes=2), changed=True))
    await deliver(app, place(1, token="stale", occurred_at=T0 + timedelta(minutes=1), changed=True))
    assert (await place_of(app, "second"), await place_of(app, "stale"), await place_of(app, "first")) == (1, None, None)


async def test_a_removed_place_is_not_revived_by_a_late_event(app):
    await deliver(app, PlaceRemoved(place_id=1, restaurant_id=A, occurred_at=T0 + timedelta(minutes=1)))
    await deliver(app, place(1, token="late", occurred_at=T0))
    assert await place_of(app, "late") is None


async def test_the_projection_keeps_what_messages_name_places_by(app):
    await deliver(app, place(4, name="S4", token="s4", menu_id=33))
    async with app.state.session_factory() as session:
        found = await repository.get(session, 4)
    assert (found.restaurant_id, found.name, found.kind, found.menu_id, found.removed) == (A, "S4", "mesa", 33, False)
