"""Online payments from ordering's side (issue 22; ARCHITECTURE.md 'Money'): billing's checkout
events hold a table's lines ('pending payment', 'payment rejected'), free them, or pay them through
the counter's own path; a checkout approved after its lines were paid another way is refused."""
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from sqlalchemy import text

from contracts.billing import CheckoutApproved, CheckoutClosed, CheckoutOpened
from tests.helpers import A, B, delivered, deliver, order, outbox

TOKEN_11 = "token-11"  # table 11's QR token (tests.helpers.place)


def opened(checkout: int, *lines: dict, restaurant=A, place=11, at: datetime | None = None) -> CheckoutOpened:
    return CheckoutOpened(
        checkout_id=checkout, restaurant_id=restaurant, place_id=place, line_ids=[line["id"] for line in lines],
        amount=Decimal("100.00"), occurred_at=at or datetime.now(UTC),
    )


def approved(checkout: int, *lines: dict, restaurant=A, place=11, at: datetime | None = None) -> CheckoutApproved:
    return CheckoutApproved(
        checkout_id=checkout, restaurant_id=restaurant, place_id=place, line_ids=[line["id"] for line in lines],
        amount=Decimal("350.50"), tip=Decimal("35.05"), fee_retained=Decimal("1.75"), paid_at=datetime.now(UTC),
        provider_payment_ids=["900001"], occurred_at=at or datetime.now(UTC),
    )


async def board(client, people) -> dict[int, dict]:
    listed = (await client.get(f"/api/ordenes/?fk_sit__fk_resto={A}&paginate=0", headers=people.owner_a)).json()
    return {line["id"]: line for line in listed}


async def tab(client) -> dict[int, dict]:
    return {line["id"]: line for line in (await client.get(f"/api/ordenes/lugar/{TOKEN_11}/")).json()["lines"]}


async def payments(app) -> list[tuple]:
    async with app.state.session_factory() as session:
        return list((await session.execute(text(
            "SELECT method, amount, checkout_id, paid_by FROM payment ORDER BY id"))).all())


async def test_an_open_checkout_shows_its_lines_pending_on_the_board_and_the_tab_and_announces_it(client, people, app):
    first, second = await delivered(client, people.owner_a, (11, 1, 1), (11, 2, 1))
    [waiting] = await order(client, people.owner_a, (11, 1, 1))  # new: not payable, not held
    before = await board(client, people)
    await deliver(app, opened(7, first, second, waiting))
    now = await board(client, people)
    assert [now[line["id"]]["status_pay"] for line in (first, second, waiting)] == ["pending", "pending", None]
    assert now[first["id"]]["version"] == before[first["id"]]["version"] + 1
    assert now[first["id"]]["can_reject"] is False
    assert (await tab(client))[first["id"]]["status_pay"] == "pending"
    [changed] = await outbox(app, "ordering.line.changed")
    assert [(e["fields"], e["before"]["pay_status"], e["line"]["pay_status"]) for e in changed["edits"]] == [
        (["payment"], None, "pending"), (["payment"], None, "pending")]


async def test_an_approved_checkout_pays_its_lines_online_through_the_counters_path(client, people, app):
    first, second = await delivered(client, people.owner_a, (11, 1, 1), (11, 2, 1))
    await deliver(app, opened(7, first, second), approved(7, first, second))
    assert await payments(app) == [("online", Decimal("350.50"), 7, "")]
    now = await board(client, people)
    assert [(now[l["id"]]["status"], now[l["id"]]["status_pay"], now[l["id"]]["cash"]) for l in (first, second)] == [
        ("6", "paid", False), ("6", "paid", False)]
    [recorded] = await outbox(app, "ordering.payment.recorded")
    assert (recorded["method"], recorded["checkout_id"], recorded["provider_payment_id"], recorded["amount"], recorded["tab_closed"]) == (
        "online", 7, "900001", "350.50", True)
    assert [(e["restaurant_id"], e["place_id"]) for e in await outbox(app, "ordering.tab.closed")] == [(A, 11)]  # the table resets
    await deliver(app, approved(7, first, second))  # the same news again (another event id): one payment
    assert len(await payments(app)) == 1


async def test_a_late_opening_never_holds_the_lines_of_a_checkout_already_closed(client, people, app):
    [line] = await delivered(client, people.owner_a, (11, 1, 1))
    start = datetime.now(UTC)
    await deliver(app, CheckoutClosed(checkout_id=8, restaurant_id=A, place_id=11, line_ids=[line["id"]], reason="expired",
                                      occurred_at=start + timedelta(seconds=5)))
    await deliver(app, opened(8, line, at=start))
    assert (await board(client, people))[line["id"]]["status_pay"] is None


async def test_a_checkout_naming_another_restaurants_lines_touches_none_of_them(client, people, app):
    [theirs] = await delivered(client, people.owner_b, (21, 3, 1), restaurant=B)
    await deliver(app, opened(10, theirs, restaurant=A), approved(10, theirs, restaurant=A))
    assert await payments(app) == []
    [refused] = await outbox(app, "ordering.checkout.refused")
    assert refused["reason"] == "line_missing"
    listed = (await client.get(f"/api/ordenes/?fk_sit__fk_resto={B}&paginate=0", headers=people.owner_b)).json()
    assert [(line["status"], line["status_pay"]) for line in listed] == [("4", None)]
