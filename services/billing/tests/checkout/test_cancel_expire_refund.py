"""How a checkout ends without paying its lines: staff cancel it (pagar-orden/{id}/cancelar-mercadopago/),
it expires unpaid, or ordering refuses an approved one and the money goes back; and a provider that
does not answer leaves nothing half done."""
import pytest

import asyncio
from datetime import UTC, datetime, timedelta

from billing.checkout.payments import expire_due
from contracts.ordering import CheckoutRefused
from kit.auth import CLIENT
from kit.testing.world import A, A_CLIENT, deliver
from tests.checkout.steps import EMPANADA, MILANESA, PAY, T11, key, operator_a, outbox, rows

CANCEL = "/api/pagar-orden/{}/cancelar-mercadopago/"


async def states(world) -> list[tuple]:
    return [tuple(r) for r in await rows(world.app, "SELECT c.state, ch.state FROM checkout c JOIN checkout_charge ch "
                                                    "ON ch.checkout_id = c.id ORDER BY c.id, ch.share")]


async def held(world) -> list[int]:
    return [line for (line,) in await rows(world.app, "SELECT line_id FROM checkout_line WHERE held ORDER BY line_id")]


# ------------------------------------------------------------------------------- cancel
async def test_staff_cancel_a_pending_payment_so_the_table_can_pay_another_way(world):
    lines = await world.delivered(11, (EMPANADA, 1), (MILANESA, 1))
    charge = await world.pay()
    payment_id = await world.paid(charge, "pending")
    answer = await world.client.post(CANCEL.format(lines[1]), headers=world.staff_a)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"checkout": charge["checkout"], "state": "cancelled", "lines": lines, "refunded": [],
                             "cancelled": [payment_id]}
    assert (await world.payment(payment_id))["status"] == "cancelled"
    assert await states(world) == [("cancelled", "cancelled")] and await held(world) == []
    closed = (await outbox(world.app))[-1]
    assert {k: closed[k] for k in ("type", "reason", "line_ids", "checkout_id")} == {
        "type": "billing.checkout.closed", "reason": "cancelled", "line_ids": lines, "checkout_id": charge["checkout"]}
    assert (await world.state(charge))["state"] == "cancelled"
    assert (await world.client.post(CANCEL.format(lines[0]), headers=world.staff_a)).status_code == 404  # nothing holds it now
    again = await world.pay()  # the lines may be paid again
    assert again["lines"] == lines


async def test_cancelling_a_split_refunds_the_shares_already_paid(world):
    lines = await world.delivered(11, (EMPANADA, 1))
    first = await world.pay(mode="share", shares=2)
    await world.share(first["checkout"])
    paid = await world.paid(first)
    answer = await world.client.post(CANCEL.format(lines[0]), headers=operator_a(world.auth_header))
    assert answer.status_code == 200, answer.text
    assert (answer.json()["refunded"], answer.json()["cancelled"]) == ([paid], [])
    assert (await world.payment(paid))["status"] == "refunded"
    assert await states(world) == [("cancelled", "refunded"), ("cancelled", "cancelled")]
    assert (await world.state(first))["state"] == "refunded"
    assert (await outbox(world.app))[-1]["reason"] == "cancelled"


async def test_a_payment_approved_after_the_checkout_was_cancelled_goes_back(world):
    lines = await world.delivered(11)
    charge = await world.pay()
    assert (await world.client.post(CANCEL.format(lines[0]), headers=world.staff_a)).status_code == 200
    late = await world.paid(charge)  # the diner still had the provider's page open
    assert (await world.payment(late))["status"] == "refunded"
    assert [e["type"] for e in await outbox(world.app)] == ["billing.checkout.opened", "billing.checkout.closed"]


async def test_an_approved_checkout_is_not_cancelled_ordering_is_paying_it(world):
    lines = await world.delivered(11)
    await world.paid(await world.pay())
    answer = await world.client.post(CANCEL.format(lines[0]), headers=world.staff_a)
    assert (answer.status_code, answer.json()["code"]) == (409, "checkout_approved")


async def test_only_staff_of_the_lines_restaurant_may_cancel(world):
    lines = await world.delivered(11)
    await world.pay()
    assert (await world.client.post(CANCEL.format(lines[0]))).status_code == 401
    assert (await world.client.post(CANCEL.format(lines[0]), headers=world.auth_header(A_CLIENT, CLIENT))).status_code == 403
    foreign = await world.client.post(CANCEL.format(lines[0]), headers=world.staff_b)
    missing = await world.client.post(CANCEL.format(999_999), headers=world.staff_b)
    assert foreign.status_code == missing.status_code == 404 and foreign.json() == missing.json() == {"detail": "No encontrado."}
    assert await held(world) == lines


async def test_a_cancel_the_provider_does_not_answer_changes_nothing_and_may_be_sent_again(world):
    lines = await world.delivered(11)
    charge = await world.pay()
    payment_id = await world.paid(charge, "pending")
    await world.simulator.post("/_control/failures", json={"endpoint": "payments", "kind": "timeout", "seconds": 2})
    answer = await world.client.post(CANCEL.format(lines[0]), headers=world.staff_a)
    assert (answer.status_code, answer.json()["code"]) == (502, "provider_unreachable")
    assert await states(world) == [("open", "pending")] and await held(world) == lines
    assert [e["type"] for e in await outbox(world.app)] == ["billing.checkout.opened"]
    assert (await world.client.post(CANCEL.format(lines[0]), headers=world.staff_a)).status_code == 200
    assert (await world.payment(payment_id))["status"] == "cancelled"


# ------------------------------------------------------------------------------- the provider failing
async def test_a_provider_timeout_on_the_preference_leaves_nothing(world):
    lines = await world.delivered(11)
    await world.simulator.post("/_control/failures", json={"endpoint": "preferences", "kind": "timeout", "seconds": 2})
    headers = key()
    answer = await world.client.post(PAY, json={"t": T11, "mode": "tab"}, headers=headers)
    assert (answer.status_code, answer.json()["code"]) == (502, "provider_unreachable")
    for table in ("checkout", "checkout_line", "checkout_charge", "checkout_request"):
        assert await rows(world.app, f"SELECT * FROM {table}") == [], table
    assert await outbox(world.app) == []
    again = await world.pay(headers=headers)  # the same key again: a new attempt, which works
    assert again["lines"] == lines


async def test_a_provider_error_on_the_preference_leaves_nothing(world):
    await world.delivered(11)
    await world.simulator.post("/_control/failures", json={"endpoint": "preferences", "kind": "server_error", "status": 500})
    answer = await world.client.post(PAY, json={"t": T11, "mode": "share", "shares": 2}, headers=key())
    assert (answer.status_code, answer.json()["code"]) == (502, "provider_unreachable")
    assert await rows(world.app, "SELECT * FROM checkout") == [] and await outbox(world.app) == []


# ------------------------------------------------------------------------------- expiry
async def aged(world, minutes: int) -> None:
    async with world.app.state.session_factory() as session, session.begin():
        from sqlalchemy import text

        await session.execute(text("UPDATE checkout SET created_at = :at"), {"at": datetime.now(UTC) - timedelta(minutes=minutes)})


async def test_a_checkout_nobody_paid_expires_after_30_minutes_and_frees_its_lines(world):
    lines = await world.delivered(11)
    charge = await world.pay()
    await aged(world, 29)
    assert await expire_due(world.app.state.checkouts) == 0
    await aged(world, 31)
    assert await expire_due(world.app.state.checkouts) == 1
    assert await states(world) == [("expired", "expired")] and await held(world) == []
    closed = (await outbox(world.app))[-1]
    assert (closed["type"], closed["reason"], closed["line_ids"]) == ("billing.checkout.closed", "expired", lines)
    assert (await world.state(charge))["state"] == "expired"
    assert await expire_due(world.app.state.checkouts) == 0  # once


async def test_a_checkout_with_a_payment_pending_or_a_share_paid_does_not_expire(world):
    await world.delivered(11)
    pending = await world.pay()
    await world.paid(pending, "pending")
    await world.delivered(12)
    split = await world.pay(t="token-12", mode="share", shares=2)
    await world.paid(split)
    await aged(world, 45)
    assert await expire_due(world.app.state.checkouts) == 0
    assert [s for s, _ in await states(world)] == ["open", "open", "open"]


# ------------------------------------------------------------------------------- ordering refuses
async def wait_for(check, seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if await check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("not in time")


async def test_a_checkout_ordering_refuses_is_refunded_and_records_no_sale(world):
    lines = await world.delivered(11, (EMPANADA, 1))
    first = await world.pay(mode="share", shares=2)
    second = await world.share(first["checkout"], tip_percent=20)
    payments = [await world.paid(first), await world.paid(second)]
    refused = CheckoutRefused(checkout_id=first["checkout"], restaurant_id=A, reason="line_final", line_ids=lines)
    await deliver(world.app, refused)
    assert [(await world.payment(p))["status"] for p in payments] == ["refunded", "refunded"]
    assert await states(world) == [("refunded", "refunded"), ("refunded", "refunded")] and await held(world) == []
    closed = (await outbox(world.app))[-1]
    assert (closed["type"], closed["reason"]) == ("billing.checkout.closed", "refunded")
    assert await rows(world.app, "SELECT * FROM ledger_entry") == []
    assert (await world.state(second))["state"] == "refunded"
    await deliver(world.app, CheckoutRefused(checkout_id=first["checkout"], restaurant_id=A, reason="line_final",
                                             line_ids=lines))  # again (another event): nothing more
    assert [e["type"] for e in await outbox(world.app)].count("billing.checkout.closed") == 1


@pytest.mark.broker  # the refusal comes round the broker and its retry queue
async def test_a_refund_the_provider_does_not_answer_is_retried_by_the_consumer(world):
    lines = await world.delivered(11)
    payment_id = await world.paid(await world.pay())
    await world.simulator.post("/_control/failures", json={"endpoint": "payments", "kind": "timeout", "seconds": 2})
    refused = CheckoutRefused(checkout_id=1, restaurant_id=A, reason="line_missing", line_ids=lines)
    from kit.testing.membership_tests import publish

    await publish(world.app, refused)
    await asyncio.sleep(1.2)  # the first try timed out (1 s): nothing changed meanwhile
    assert (await world.payment(payment_id))["status"] == "approved"

    async def refunded() -> bool:
        return (await world.payment(payment_id))["status"] == "refunded" and (await states(world))[0][0] == "refunded"

    await wait_for(refunded)  # the consumer's retry, a second later
    assert [e["type"] for e in await outbox(world.app)] == [
        "billing.checkout.opened", "billing.checkout.approved", "billing.checkout.closed"]
