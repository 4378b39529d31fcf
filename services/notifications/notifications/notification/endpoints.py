"""The bell: the restaurant's notification history, its unread count, marking read."""
from typing import Annotated

from fastapi import APIRouter, Path, Response

from kit.auth import Staff
from kit.db import SessionDep
from kit.pagination import DbId, Listing, Page
from notifications.notification import service
from notifications.notification.schemas import NotificationPublic, UnreadCount

router = APIRouter(prefix="/api/notificaciones", tags=["bell"])

NotificationId = Annotated[int, Path(ge=1, le=2**63 - 1)]


@router.get("/", response_model=Page[NotificationPublic] | list[NotificationPublic], operation_id="listNotifications")
async def list_notifications(
    principal: Staff, session: SessionDep, listing: Listing, fk_resto: DbId | None = None, unread: bool = False
):
    """Newest first: one restaurant's (`fk_resto`) or every restaurant the caller works in; `unread=1` for the unread only."""
    count, rows = await service.list_notifications(session, principal, listing, fk_resto, unread)
    return listing.answer(count, [service.public(row, read) for row, read in rows])


@router.get("/sin-leer/", response_model=UnreadCount, operation_id="countUnreadNotifications")
async def count_unread(principal: Staff, session: SessionDep, fk_resto: DbId | None = None):
    """The bell's badge."""
    return UnreadCount(count=await service.count_unread(session, principal, fk_resto))


@router.post("/leer-todas/", status_code=204, response_class=Response, operation_id="markAllNotificationsRead")
async def mark_all_read(principal: Staff, session: SessionDep, fk_resto: DbId | None = None) -> None:
    await service.mark_all_read(session, principal, fk_resto)


@router.post("/{notification_id}/leer/", status_code=204, response_class=Response, operation_id="markNotificationRead")
async def mark_read(notification_id: NotificationId, principal: Staff, session: SessionDep) -> None:
    await service.mark_read(session, principal, notification_id)
