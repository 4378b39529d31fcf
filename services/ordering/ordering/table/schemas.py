from datetime import datetime

from pydantic import BaseModel

from ordering.order.schemas import LinePublic


class TablePublic(BaseModel):
    """One place on the board: its display colour, order counts and the late-table notice."""

    fk_sit: int
    i_name: str
    sit_type: str
    admin: bool  # comments and add-order allowed
    status: str | None  # the display status; None: free
    counts: dict[str, int]  # lines on the tab per status
    newest_order_at: datetime | None
    late: bool  # waiting longer than the restaurant's wait time (never when it is 0)
    late_message: str | None


class TableActionResult(BaseModel):
    detail: str
    lines: list[LinePublic]
