"""Floor's places, projected: a diner's socket is let in by its place's token, and the phones at a
place learn when its token was replaced, the place removed, or its menu changed."""
import hashlib

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.floor import PlaceChanged, PlaceCreated, PlaceFacts, PlaceRemoved
from notifications.notification import drafts
from notifications.notification.service import record
from notifications.place import repository


def token_hash(token: str) -> str:
    """Floor sends only this (sha256, hex) of a place's token; a diner presents the token itself."""
    return hashlib.sha256(token.encode()).hexdigest()


async def _apply(session: AsyncSession, event: PlaceFacts) -> bool:
    return await repository.apply(
        session,
        event.place_id,
        event.occurred_at,
        restaurant_id=event.restaurant_id,
        menu_id=event.menu_id,
        name=event.name,
        kind=event.kind,
        token_hash=event.token_hash,
        removed=False,
    )


async def on_place_created(session: AsyncSession, event: PlaceCreated) -> None:
    await _apply(session, event)


async def on_place_changed(session: AsyncSession, event: PlaceChanged) -> None:
    before = await repository.get(session, event.place_id, lock=True)
    if not await _apply(session, event) or before is None or before.removed:
        return
    if before.token_hash != event.token_hash:
        await record(session, [drafts.place_closed(event.restaurant_id, event.occurred_at, event.place_id, event.name)])
    elif before.menu_id != event.menu_id:
        draft = drafts.menu_changed(event.restaurant_id, event.menu_id, event.occurred_at, event.place_id, event.name)
        await record(session, [draft])


async def on_place_removed(session: AsyncSession, event: PlaceRemoved) -> None:
    """The place stays as a tombstone, so that a late `created` or `changed` cannot revive it."""
    name = await repository.name_of(session, event.place_id)
    tombstone = {"restaurant_id": event.restaurant_id, "menu_id": 0, "name": name, "kind": "", "token_hash": "", "removed": True}
    if await repository.apply(session, event.place_id, event.occurred_at, **tombstone):
        await record(session, [drafts.place_closed(event.restaurant_id, event.occurred_at, event.place_id, name)])
