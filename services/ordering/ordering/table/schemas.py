from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field, computed_field

from ordering.order.schemas import COMMENT_MAX, BoardLine, LinePublic, Status
from ordering.order.statuses import REJECTED
from ordering.order.transitions import BULK

# A table's bulk buttons, by the names of their addresses (`ordenes/mesa/{id}/{accion}/`).
TableAction = Literal["aceptar", "entregar", "rechazar"]
ACTIONS: dict[TableAction, str] = {"aceptar": "accept", "entregar": "deliver", "rechazar": "reject"}


class TablePublic(BaseModel):
    """One place on the board: its display colour, order counts and the late-table notice."""

    fk_sit: int
    i_name: str
    sit_type: str
    admin: bool  # comments and add-order allowed
    status: Status | None  # the display status; None: free
    counts: dict[Status, int]  # lines on the tab per status
    newest_order_at: datetime | None
    late: bool  # waiting longer than the restaurant's wait time (never when it is 0)
    late_message: str | None
    wait_time: int = Field(description="the restaurant's wait time in minutes (0: no late flag); the screen asks again every half of it")

    @computed_field(description="the bulk buttons that would move a line now (reject all: only while the table shows new or accepted)")
    @property
    def actions(self) -> list[TableAction]:
        shown = []
        for name, action in ACTIONS.items():
            sources, target = BULK[action]
            movable = self.status in sources if target == REJECTED else any(self.counts.get(s) for s in sources)
            if movable:
                shown.append(name)
        return shown


class TableDetail(TablePublic):
    """One place of the board with the lines on its tab: what a screen fetches again when a live
    message names the place."""

    lines: list[BoardLine]
    max_quantity: int = Field(description="the most of one dish a line may ask for")
    max_comment: int = Field(COMMENT_MAX, description="the longest comment a line may carry")


class TableActionResult(BaseModel):
    detail: str
    lines: list[LinePublic]
