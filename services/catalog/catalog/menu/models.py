from sqlalchemy import Boolean, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base, Timestamped


class Menu(Timestamped, Base):
    __tablename__ = "menu"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    restaurant_id: Mapped[int] = mapped_column(Integer, index=True)  # identity's restaurant id
    name: Mapped[str] = mapped_column(String(100))
    delivery: Mapped[bool] = mapped_column(Boolean, default=False)  # the restaurant's delivery / take-away menu
