"""The statistics read model: what each restaurant sold, per local day, method and dish.

Kept by the same handler that writes the sales to the ledger (one transaction), as running sums:
a month of one restaurant is at most days x methods x dishes rows, however many lines were paid,
so the statistics screen's page and its chart's all-rows query stay fast at any history size.
Rebuilt from the payment events it gives the same rows (tests/ledger/test_replay.py).
"""
from datetime import date
from decimal import Decimal

from sqlalchemy import BigInteger, Date, Integer, Numeric, String
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base


class DailySales(Base):
    __tablename__ = "daily_sales"

    restaurant_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    method: Mapped[str] = mapped_column(String(10), primary_key=True)
    group_menu: Mapped[str] = mapped_column(String(200), primary_key=True)  # the dish's category when placed
    dish_name: Mapped[str] = mapped_column(String(200), primary_key=True)
    quantity: Mapped[int] = mapped_column(BigInteger)
    amount: Mapped[Decimal] = mapped_column(Numeric(14, 2))
