"""The bell's wire shapes: a notification as the socket sends it (spec part 1 §7 'Other'), plus `read`."""
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field


class NotificationPublic(BaseModel):
    id: int = Field(description="increasing; a socket's last-seen id")
    type: str = Field(description="new_order, new_delivery, order_status, order_removed, table_freed, waiter_call, bill_request, waiter_call_cleared")
    fk_resto: int
    fk_sit: int | None = Field(description="the place (table, chair, delivery point), if any")
    order_type: Literal["default_delivery", "other"]
    description: str = Field(description="the place's name, or the delivery's person")
    from_admin: bool = Field(description="true when staff caused it, false when a diner did")
    msg: str = Field(description="what happened, in the request's language")
    created_at: datetime
    data: dict[str, Any] = Field(description="the facts of the event (lines, statuses); see the service's README")
    read: bool


class UnreadCount(BaseModel):
    count: int
