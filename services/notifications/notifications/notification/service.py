"""Recording notifications (from event handlers) and the bell. Never commits: the caller does."""
from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import fields

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from kit.db import after_commit
from kit.i18n import current_lang
from kit.membership import ensure_restaurant_access
from kit.origin import ORIGIN
from kit.pagination import Paging
from kit.tokens import Principal
from notifications.notification import repository
from notifications.notification.errors import NotificationNotFound
from notifications.notification.message import Draft, Message
from notifications.notification.models import Notification
from notifications.notification.schemas import NotificationPublic

PUBLISH = "publish_live"
Publish = Callable[[list[Message]], Awaitable[None]]


def bind(session_factory: async_sessionmaker[AsyncSession], publish: Publish) -> None:
    """Sessions reach the live stream through their `info`, set once at start-up."""
    session_factory.configure(info={PUBLISH: publish})


async def record(session: AsyncSession, drafts: Sequence[Draft], origins: Sequence[str | None] | None = None) -> list[Message]:
    """Store `drafts` with their ids, and the screen that caused each (`origins`, one a draft, for
    a batch of events; else the event's origin, set by kit.consumer); once the transaction
    commits, every process gets them. Restaurants' head rows are locked in id order (two
    recordings never wait on each other in a circle)."""
    if not drafts:
        return []
    causes = list(origins) if origins is not None else [ORIGIN.get()] * len(drafts)
    by_restaurant: dict[int, list[tuple[Draft, str | None]]] = defaultdict(list)
    for draft, origin in zip(drafts, causes, strict=True):
        by_restaurant[draft.restaurant_id].append((draft, origin))
    messages: list[Message] = []
    for restaurant_id in sorted(by_restaurant):
        theirs = by_restaurant[restaurant_id]
        positions = await repository.take_positions(session, restaurant_id, len(theirs))
        messages += [
            Message(id=id_, seq=seq, origin=origin, **{f.name: getattr(draft, f.name) for f in fields(Draft)})
            for (id_, seq), (draft, origin) in zip(positions, theirs)
        ]
    messages.sort(key=lambda message: message.id)
    session.add_all([message.row() for message in messages])
    publish: Publish = session.info[PUBLISH]
    after_commit(session, lambda: publish(messages))
    return messages


def public(row: Notification, read: bool) -> NotificationPublic:
    return NotificationPublic(**Message.of(row).public(current_lang.get()), read=read)


async def list_notifications(
    session: AsyncSession, principal: Principal, listing: Paging, restaurant_id: int | None, unread_only: bool
) -> tuple[int, list[tuple[Notification, bool]]]:
    if restaurant_id is not None:
        await ensure_restaurant_access(session, principal, restaurant_id)
    return await repository.list_readable(session, principal, listing, restaurant_id, unread_only)


async def count_unread(session: AsyncSession, principal: Principal, restaurant_id: int | None) -> int:
    if restaurant_id is not None:
        await ensure_restaurant_access(session, principal, restaurant_id)
    return await repository.count_unread(session, principal, restaurant_id)


async def mark_read(session: AsyncSession, principal: Principal, notification_id: int) -> None:
    if await repository.get_readable(session, principal, notification_id) is None:
        raise NotificationNotFound()
    await repository.mark_read(session, principal, notification_id)


async def mark_all_read(session: AsyncSession, principal: Principal, restaurant_id: int | None) -> None:
    if restaurant_id is not None:
        await ensure_restaurant_access(session, principal, restaurant_id)
    await repository.mark_all_read(session, principal, restaurant_id)
