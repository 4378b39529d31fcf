"""Shared test steps: the restaurants billing learns of from identity, ordering's payments, and the
ledger's own sums (plain SQL, apart from the code under test) to hold every figure against."""
import itertools
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal

from sqlalchemy import text

from contracts import identity
from contracts.ordering import PaidLine, PaymentRecorded
from kit import localtime
from kit.auth import OPERATOR
from kit.testing import world as kit_world
from kit.testing.world import A, A_CLIENT, AN_ADMIN, B, OPERATOR_A, OWNER_A, OWNER_B, deliver, seed_members  # noqa: F401

OPERATOR_B = 6

OPENED = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)  # both restaurants: long past their free month
USERNAMES = {OWNER_A: "dueno.a@example.com", OWNER_B: "dueno.b@example.com"}
NAMES = {A: "La Esquina", B: "Pampa"}
_payment_ids = itertools.count(1000)
_line_ids = itertools.count(5000)


def at(day: date, hour: int = 13, minute: int = 0) -> datetime:
    """A moment of a restaurant's local day (Buenos Aires), in UTC like the events carry it."""
    return datetime.combine(day, time(hour, minute), localtime.zone()).astimezone(UTC)


def created(restaurant: int = A, opened_at: datetime = OPENED, name: str | None = None) -> identity.RestaurantCreated:
    return identity.RestaurantCreated(
        restaurant_id=restaurant, owner_id=OWNER_A if restaurant == A else OWNER_B,
        nombre_local=name or NAMES[restaurant], occurred_at=opened_at,
    )


def registered(user_id: int) -> identity.UserRegistered:
    return identity.UserRegistered(user_id=user_id, username=USERNAMES[user_id], email=USERNAMES[user_id], group=2)


class People(kit_world.People):
    """The kit's small world, and B's operator."""

    def __init__(self, auth_header):
        super().__init__(auth_header)
        self.operator_b = auth_header(OPERATOR_B, OPERATOR)


async def world(app, opened_at: datetime = OPENED) -> None:
    await seed_members(app.state.session_factory)
    await deliver(
        app, created(A, opened_at), created(B, opened_at), registered(OWNER_A), registered(OWNER_B),
        identity.OperatorAdded(restaurant_id=B, user_id=OPERATOR_B),
    )


def line(dish: str = "Empanada", category: str = "Entradas", price: str = "100.00", quantity: int = 1, dish_id: int | None = None) -> PaidLine:
    unit_price = Decimal(price)
    return PaidLine(
        line_id=next(_line_ids), order_id=1, dish_id=dish_id or 1, dish_name=dish,
        category_name=category, unit_price=unit_price, quantity=quantity, amount=unit_price * quantity,
    )


def payment(*lines: PaidLine, restaurant: int = A, method: str = "cash", paid_at: datetime | None = None,
            payment_id: int | None = None) -> PaymentRecorded:
    """ordering's event for one payment (a line of 100.00 when none is given)."""
    lines = lines or (line(),)
    return PaymentRecorded(
        payment_id=payment_id or next(_payment_ids), restaurant_id=restaurant, place_id=11, method=method,
        amount=sum((l.amount for l in lines), Decimal("0.00")), paid_at=paid_at or datetime.now(UTC),
        paid_by="mozo@example.com", lines=list(lines),
    )


async def rows(app, sql: str, **params) -> list:
    async with app.state.session_factory() as session:
        return list((await session.execute(text(sql), params)).all())


async def ledger(app, restaurant: int | None = None) -> list:
    """Every ledger row, oldest first: (kind, counts_as, restaurant, amount, method, fee_percent)."""
    return await rows(app, """
        SELECT kind, counts_as, restaurant_id, amount, method, fee_percent FROM ledger_entry
        WHERE CAST(:restaurant AS integer) IS NULL OR restaurant_id = :restaurant ORDER BY id""", restaurant=restaurant)


async def ledger_figures(app, restaurant: int, start: date | None = None, end: date | None = None, method: str | None = None) -> dict:
    """The balance's figures summed straight from the ledger's rows."""
    [(sales, commission, owed)] = await rows(app, """
        SELECT
          coalesce(sum(amount) FILTER (WHERE counts_as = 'sale' AND in_filter), 0),
          coalesce(sum(amount) FILTER (WHERE counts_as IN ('commission_accrued', 'fee_retained') AND in_filter), 0),
          coalesce(sum(amount) FILTER (WHERE counts_as = 'commission_accrued'), 0)
            - coalesce(sum(amount) FILTER (WHERE counts_as = 'commission_collected'), 0)
        FROM (SELECT *, (day >= coalesce(CAST(:start AS date), '-infinity') AND day <= coalesce(CAST(:end AS date), 'infinity')
                         AND (CAST(:method AS text) IS NULL OR method = :method)) AS in_filter
              FROM ledger_entry WHERE restaurant_id = :restaurant) AS entries""",
        restaurant=restaurant, start=start, end=end, method=method)
    return {"importe_total": sales, "importe_resto": commission, "ingreso_restaurante": sales - commission, "cta_cte_resto": owed}


async def ledger_statistics(app, restaurant: int, start: date | None = None, end: date | None = None, method: str | None = None) -> list:
    """(group_menu, dish_name, quantity, amount) summed straight from the sales' lines, most sold first."""
    return await rows(app, """
        SELECT l.category_name, l.dish_name, sum(l.quantity), sum(l.amount)
        FROM sale_line l JOIN ledger_entry s ON s.id = l.sale_id
        WHERE s.restaurant_id = :restaurant AND s.kind = 'sale'
          AND s.day >= coalesce(CAST(:start AS date), '-infinity') AND s.day <= coalesce(CAST(:end AS date), 'infinity')
          AND (CAST(:method AS text) IS NULL OR s.method = :method)
        GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2""", restaurant=restaurant, start=start, end=end, method=method)


def money_text(value) -> str:
    return str(Decimal(value).quantize(Decimal("0.01")))


def days_ago(days: int) -> datetime:
    return datetime.now(UTC) - timedelta(days=days)
