"""The menu aggregate: a menu, its tree of categories, their dishes and the dishes' images.

Deleting a menu (or a category, or a dish) deletes what hangs from it (ON DELETE CASCADE). The
length limits are the columns'; the request schemas and the tree editor's rules use them too.
"""
from decimal import Decimal

from sqlalchemy import Boolean, CheckConstraint, ForeignKey, Integer, Numeric, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base, Timestamped

MENU_NAME_MAX = CATEGORY_NAME_MAX = 100
DISH_NAME_MAX, DESCRIPTION_MAX = 60, 270
IMAGES_PER_DISH_MAX = 10  # the dish dialog's carousel; more would only slow the public menu down


class Menu(Timestamped, Base):
    __tablename__ = "menu"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    restaurant_id: Mapped[int] = mapped_column(Integer, index=True)  # identity's restaurant id
    name: Mapped[str] = mapped_column(String(MENU_NAME_MAX))
    delivery: Mapped[bool] = mapped_column(Boolean, default=False)  # the restaurant's delivery / take-away menu


class Category(Timestamped, Base):
    """A menu group: holds either dishes or sub-categories (dishes only at the last level)."""

    __tablename__ = "menu_group"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    menu_id: Mapped[int] = mapped_column(ForeignKey("menu.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(CATEGORY_NAME_MAX))
    parent_id: Mapped[int | None] = mapped_column(  # wire name: sub_category
        ForeignKey("menu_group.id", ondelete="CASCADE"), index=True
    )
    order: Mapped[int] = mapped_column(Integer, default=0)


class Dish(Timestamped, Base):
    __tablename__ = "dish"
    __table_args__ = (
        # Deferred so that a tree save may swap two dishes' names or move dishes between
        # categories; the service also checks case-insensitively, with a message.
        UniqueConstraint("menu_group_id", "name", deferrable=True, initially="DEFERRED"),
        CheckConstraint("price >= 1", name="price_at_least_one"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    menu_group_id: Mapped[int] = mapped_column(ForeignKey("menu_group.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(DISH_NAME_MAX))
    description: Mapped[str] = mapped_column(String(DESCRIPTION_MAX), default="")
    price: Mapped[Decimal] = mapped_column(Numeric(12, 2))  # money is decimal, never float
    disable: Mapped[bool] = mapped_column(Boolean, default=False)
    order: Mapped[int] = mapped_column(Integer, default=0)


class DishImage(Timestamped, Base):
    __tablename__ = "dish_image"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    dish_id: Mapped[int] = mapped_column(ForeignKey("dish.id", ondelete="CASCADE"), index=True)
    path: Mapped[str] = mapped_column(String(255))  # relative to the service's media dir
    soft_delete: Mapped[bool] = mapped_column(Boolean, default=False)  # its file is gone; the row stays
