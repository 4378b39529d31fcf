"""What the statistics count (`statistics.rules.sums`): each sale's lines summed per restaurant,
the restaurant's local day, method, category and dish, once each, in key order."""
from datetime import UTC, date, datetime
from decimal import Decimal

from billing.statistics.rules import SoldLines, sums
from kit import localtime
from tests.unit.steps import A, line

D = Decimal


def local(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 11, day, hour, minute, tzinfo=localtime.zone()).astimezone(UTC)


def test_a_sale_counts_on_the_restaurants_day_not_the_servers():
    just_before, just_after = local(30, 23, 59), datetime(2026, 12, 1, 0, 0, tzinfo=localtime.zone()).astimezone(UTC)
    assert just_before.date() == date(2026, 12, 1)  # already the 1st in UTC
    rows = sums([SoldLines(A, just_before, "cash", [line("100.00")]), SoldLines(A, just_after, "cash", [line("100.00")])])
    assert [(row["day"], row["quantity"]) for row in rows] == [(date(2026, 11, 30), 1), (date(2026, 12, 1), 1)]


def test_lines_of_one_dish_on_one_day_and_method_are_one_row_summed():
    rows = sums([
        SoldLines(A, local(27, 13), "cash", [line("100.00", 2), line("250.50", dish="Milanesa"), line("100.00", 1)]),
        SoldLines(A, local(27, 21), "cash", [line("100.00", 3)]),
        SoldLines(A, local(27, 21), "online", [line("100.00", 1)]),
        SoldLines(A + 1, local(27, 21), "cash", [line("90.00", 1, dish="Pizza", category="Pizzas")]),
    ])
    assert rows == [
        {"restaurant_id": A, "day": date(2026, 11, 27), "method": "cash", "group_menu": "Entradas", "dish_name": "Empanada",
         "quantity": 6, "amount": D("600.00")},
        {"restaurant_id": A, "day": date(2026, 11, 27), "method": "cash", "group_menu": "Entradas", "dish_name": "Milanesa",
         "quantity": 1, "amount": D("250.50")},
        {"restaurant_id": A, "day": date(2026, 11, 27), "method": "online", "group_menu": "Entradas", "dish_name": "Empanada",
         "quantity": 1, "amount": D("100.00")},
        {"restaurant_id": A + 1, "day": date(2026, 11, 27), "method": "cash", "group_menu": "Pizzas", "dish_name": "Pizza",
         "quantity": 1, "amount": D("90.00")},
    ]
    assert sums([]) == []


def test_a_dish_counts_under_the_name_and_category_it_was_sold_with():
    """Names are copied into each line when it is placed: a dish renamed in between is two rows."""
    rows = sums([SoldLines(A, local(27, 13), "cash", [line("100.00", dish="Empanada")]),
                 SoldLines(A, local(27, 14), "cash", [line("120.00", dish="Empanada de carne")])])
    assert [(row["dish_name"], row["amount"]) for row in rows] == [("Empanada", D("100.00")), ("Empanada de carne", D("120.00"))]


def test_a_name_longer_than_its_column_is_cut_to_it():
    [row] = sums([SoldLines(A, local(27, 13), "cash", [line("10.00", dish="x" * 250, category="y" * 201)])])
    assert (len(row["dish_name"]), len(row["group_menu"])) == (200, 200)
