from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base, Timestamped


class Category(Timestamped, Base):
    """A menu group: holds either dishes or sub-categories (dishes only at the last level)."""

    __tablename__ = "menu_group"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    menu_id: Mapped[int] = mapped_column(ForeignKey("menu.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    parent_id: Mapped[int | None] = mapped_column(  # wire name: sub_category
        ForeignKey("menu_group.id", ondelete="CASCADE"), index=True
    )
    order: Mapped[int] = mapped_column(Integer, default=0)
