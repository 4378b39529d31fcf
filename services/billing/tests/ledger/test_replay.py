"""Rebuilt from the events, the ledger gives the same balances, statistics and fee table: replaying
ordering's payments into empty tables, in another order and with repeats, changes no figure.

Fee changes and collections are billing's own facts (the admin's acts, not events): a rebuild keeps
them, as this test does with the fee change."""
import random
from datetime import date, timedelta
from decimal import Decimal

from sqlalchemy import text

from tests.helpers import A, B, at, created, deliver, line, payment, rows

DAYS = [date(2026, 10, 1) + timedelta(days=n) for n in range(20)]
C = 30  # opened on 10 September: its sales until 10 October are in the free month


def history() -> list:
    """Three restaurants' month: every method, several dishes and categories, both sides of a local
    midnight, the free month's end."""
    shuffle = random.Random(21)
    methods = ("cash", "debit", "credit", "online")
    dishes = [("Empanada", "Entradas", "100.00"), ("Milanesa", "Principales", "250.50"), ("Flan", "Postres", "80.25")]
    events = []
    for n, day in enumerate(DAYS):
        for restaurant in (A, B, C):
            lines = [line(*shuffle.choice(dishes), quantity=shuffle.randint(1, 4)) for _ in range(shuffle.randint(1, 3))]
            events.append(payment(*lines, restaurant=restaurant, method=methods[(n + restaurant) % 4],
                                  paid_at=at(day, shuffle.choice((12, 23)), shuffle.randint(0, 59))))
    return events


async def figures(client, people) -> dict:
    seen = {}
    for restaurant in (A, B, C):
        for payment_type in ("all", "Efectivo", "Debito", "Credito", "MercadoPago"):
            for start, end in ((None, None), ("2026-10-01", "2026-10-10"), ("2026-10-11", "2026-10-20")):
                body = {"fk_resto": restaurant, "payment_type": payment_type, "start_date": start, "end_date": end}
                seen[("balance", restaurant, payment_type, start)] = (
                    await client.post("/api/obtener-balance/resto-balance/", json=body, headers=people.admin)).json()
                params = {"pk": restaurant, "payment_type": payment_type, "paginate": 0, **({"start_date": start, "end_date": end} if start else {})}
                seen[("statistics", restaurant, payment_type, start)] = (
                    await client.get("/api/obtener-balance/resto-statistics/", params=params, headers=people.admin)).json()
    seen["fees"] = (await client.get("/api/obtener-balance/resto-fee/", params={"paginate": 0}, headers=people.admin)).json()
    return seen


async def derived_rows(app) -> tuple:
    ledger = await rows(app, """
        SELECT kind, counts_as, restaurant_id, amount, occurred_at, day, method, payment_id, line_count, fee_percent, event_id
        FROM ledger_entry ORDER BY event_id, kind""")
    lines = await rows(app, "SELECT line_id, dish_name, category_name, unit_price, quantity, amount FROM sale_line ORDER BY line_id")
    statistics = await rows(app, "SELECT * FROM daily_sales ORDER BY 1, 2, 3, 4, 5")
    totals = await rows(app, "SELECT * FROM ledger_daily_total ORDER BY 1, 2, 3, 4")
    return ledger, lines, statistics, totals


async def test_the_ledger_replayed_from_the_events_gives_the_same_figures(app, client, people):
    # another owner's restaurant: its own free month (an owner's second one would share the first's)
    await deliver(app, created(A).model_copy(update={"restaurant_id": C, "owner_id": 77, "occurred_at": at(date(2026, 9, 10))}))
    fee_changed_at = at(date(2026, 10, 8), 15)
    # a fee change mid-month for B (its row is billing's own, kept through the rebuild)
    async with app.state.session_factory() as session, session.begin():
        await session.execute(text(
            "INSERT INTO fee_change (restaurant_id, application_fee, effective_at, changed_by) VALUES (:r, 1.75, :t, 9)"),
            {"r": B, "t": fee_changed_at})
    events = history()
    await deliver(app, *events)
    before, before_rows = await figures(client, people), await derived_rows(app)
    charged = [(row[2], row[5], row[9]) for row in before_rows[0] if row[0] != "sale"]
    assert {percent for restaurant, _, percent in charged if restaurant == B} == {Decimal("0.50"), Decimal("1.75")}
    assert {day >= date(2026, 10, 10) for restaurant, day, _ in charged if restaurant == C} == {True}
    assert any(restaurant == C for restaurant, _, _ in charged)

    async with app.state.session_factory() as session, session.begin():
        await session.execute(text("TRUNCATE ledger_entry, ledger_daily_total, sale_line, daily_sales, processed_event RESTART IDENTITY"))
    assert (await figures(client, people))[("statistics", A, "all", None)]["count"] == 0

    replay = events + events[:7]
    random.Random(7).shuffle(replay)
    await deliver(app, *replay)
    assert await figures(client, people) == before
    assert await derived_rows(app) == before_rows
