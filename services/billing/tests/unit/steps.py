"""What the unit tests share: ordering's payments as its events carry them, and a world of one
restaurant long past its free month."""
import itertools
from datetime import UTC, datetime
from decimal import Decimal

from contracts.ordering import PaidLine, PaymentRecorded
from tests.unit.fakes import FakeStore

D = Decimal
A, OWNER_A = 10, 2
OPENED = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)  # long past its free month
NOW = datetime(2026, 11, 27, 20, 0, tzinfo=UTC)
_ids = itertools.count(7000)


def line(price: str, quantity: int = 1, dish: str = "Empanada", category: str = "Entradas") -> PaidLine:
    return PaidLine(line_id=next(_ids), order_id=1, dish_id=1, dish_name=dish, category_name=category,
                    unit_price=D(price), quantity=quantity, amount=D(price) * quantity)


def paid(*prices: str, restaurant: int = A, method: str = "cash", at: datetime = NOW, lines: list[PaidLine] | None = None,
         checkout_id: int | None = None, payment_id: int | None = None) -> PaymentRecorded:
    """ordering's event for a payment of one line per price (or of `lines`)."""
    lines = lines or [line(price) for price in prices]
    return PaymentRecorded(payment_id=payment_id or next(_ids), restaurant_id=restaurant, place_id=11, method=method,
                           amount=sum((l.amount for l in lines), D("0.00")), paid_at=at, paid_by="mozo@example.com",
                           lines=lines, checkout_id=checkout_id)


def world() -> FakeStore:
    store = FakeStore()
    store.projections.restaurant(A, OWNER_A, OPENED)
    return store
