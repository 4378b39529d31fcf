"""Floor's places, projected: a diner's socket is let in by its place's token, and the phones at a
place learn when its token was replaced, the place removed, or its menu changed.

Written the projections' one way (`kit.db.upsert_unless_older` on `changed_at`): events arrive in
any order and more than once, and an older one changes nothing. A handler that says something
about the change reads the row first, locked, to know whether its event is the newest.
"""
from sqlalchemy.ext.asyncio import AsyncSession

# token_hash: the floor contract's, which live/service.py and the tests import from here
from contracts.floor import PlaceChanged, PlaceCreated, PlaceFacts, PlaceRemoved, token_hash  # noqa: F401
from kit.db import upsert_unless_older
from notifications.notification import drafts
from notifications.notification.service import record
from notifications.place import repository
from notifications.place.models import Place


async def _write(session: AsyncSession, event: PlaceFacts | PlaceRemoved, **facts) -> None:
    await upsert_unless_older(
        session, Place, "place_id", {"place_id": event.place_id, "changed_at": event.occurred_at, **facts}, stamp="changed_at"
    )


async def _apply(session: AsyncSession, event: PlaceFacts) -> None:
    await _write(
        session, event, restaurant_id=event.restaurant_id, menu_id=event.menu_id, name=event.name, kind=event.kind,
        token_hash=event.token_hash, removed=False,
    )


def _newer(before: Place | None, event: PlaceFacts | PlaceRemoved) -> bool:
    """Whether the event is newer than what the row held (so it was applied)."""
    return before is None or before.changed_at <= event.occurred_at


async def on_place_created(session: AsyncSession, event: PlaceCreated) -> None:
    await _apply(session, event)


async def on_place_changed(session: AsyncSession, event: PlaceChanged) -> None:
    before = await repository.get(session, event.place_id, lock=True)
    await _apply(session, event)
    if before is None or before.removed or not _newer(before, event):
        return
    if before.token_hash != event.token_hash:
        await record(session, [drafts.place_closed(event.restaurant_id, event.occurred_at, event.place_id, event.name)])
    elif before.menu_id != event.menu_id:
        draft = drafts.menu_changed(event.restaurant_id, event.menu_id, event.occurred_at, event.place_id, event.name)
        await record(session, [draft])


async def on_place_removed(session: AsyncSession, event: PlaceRemoved) -> None:
    """The place stays as a tombstone, so that a late `created` or `changed` cannot revive it."""
    before = await repository.get(session, event.place_id, lock=True)
    if not _newer(before, event):
        return
    name = before.name if before else ""
    await _write(session, event, restaurant_id=event.restaurant_id, menu_id=0, name=name, kind="", token_hash="", removed=True)
    await record(session, [drafts.place_closed(event.restaurant_id, event.occurred_at, event.place_id, name)])
