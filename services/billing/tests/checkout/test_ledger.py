"""An online sale in the ledger: ordering's payment of an approved checkout is the sale (method
online), beside it the fee the marketplace actually retained on the checkout's payments (never
owed, never recomputed) and the diners' tips (the restaurant's, not sales); the balance, the
statistics and the admin's fee table show it. And the whole way through the real ordering app:
billing's events in, ordering's payment out."""
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from sqlalchemy import text

from contracts import event_class
from contracts.ordering import PaidLine, PaymentRecorded
from kit.testing.membership_tests import publish, wait_processed
from kit.testing.world import A, deliver
from tests.checkout.steps import EMPANADA, MILANESA, outbox, rows
from tests.helpers import money_text

D = Decimal


async def online_payment(world, charge: dict, payment_id: int = 7001, paid_at: datetime | None = None) -> PaymentRecorded:
    """What ordering announces once it paid the checkout's lines."""
    found = await rows(world.app, "SELECT line_id, amount FROM checkout_line WHERE checkout_id = :id ORDER BY line_id",
                       id=charge["checkout"])
    lines = [PaidLine(line_id=line_id, order_id=1, dish_id=EMPANADA, dish_name="Empanada", category_name="Entradas",
                      unit_price=amount, quantity=1, amount=amount) for line_id, amount in found]
    return PaymentRecorded(payment_id=payment_id, restaurant_id=A, place_id=11, method="online",
                           amount=sum((l.amount for l in lines), D("0.00")), paid_at=paid_at or datetime.now(UTC),
                           checkout_id=charge["checkout"], provider_payment_id="1", lines=lines)


async def ledger(world) -> list[tuple]:
    return [(kind, money_text(amount), method, str(percent) if percent is not None else None) for kind, amount, method, percent in
            await rows(world.app, "SELECT kind, amount, method, fee_percent FROM ledger_entry ORDER BY id")]


async def test_an_online_sale_records_the_fee_the_marketplace_retained_and_the_tip_and_nothing_owed(world):
    await world.delivered(11, (EMPANADA, 2), (MILANESA, 1))
    charge = await world.pay(tip_percent=10)
    await world.paid(charge)
    # the admin raises the fee after the diner paid: the sale keeps what the marketplace retained
    assert (await world.client.put(f"/api/comision-resto/{A}/", json={"application_fee": "2.00"},
                                   headers=world.people.admin)).status_code == 200
    await deliver(world.app, await online_payment(world, charge))
    assert await ledger(world) == [("sale", "450.50", "online", None), ("fee_retained", "2.25", "online", "0.50"),
                                   ("tip", "45.05", "online", None)]
    assert await rows(world.app, "SELECT state, payment_id FROM checkout") == [("paid", 7001)]
    assert await rows(world.app, "SELECT line_id FROM checkout_line WHERE held") == []
    [accrued] = await outbox(world.app, "billing.commission.accrued")
    assert (accrued["amount"], accrued["percent"], accrued["retained"]) == ("2.25", "0.50", True)
    assert sum(D(l["amount"]) for l in accrued["lines"]) == D("2.25")

    owner = world.people.owner_a
    for payment_type in ("all", "MercadoPago", "4"):
        balance = await world.client.post("/api/obtener-balance/resto-balance/", headers=owner,
                                          json={"fk_resto": A, "payment_type": payment_type})
        assert balance.json() == {"importe_total": "450.50", "importe_resto": "2.25", "ingreso_restaurante": "448.25",
                                  "cta_cte_resto": "0.00"}, payment_type
    cash = await world.client.post("/api/obtener-balance/resto-balance/", headers=owner, json={"fk_resto": A, "payment_type": "Efectivo"})
    assert cash.json()["code"] == "no_sales_in_range"
    statistics = await world.client.get(f"/api/obtener-balance/resto-statistics/?pk={A}&payment_type=MercadoPago", headers=owner)
    assert statistics.json()["total_amount"] == "450.50" and statistics.json()["count"] == 1
    fees = await world.client.get("/api/obtener-balance/resto-fee/?paginate=0", headers=world.people.admin)
    [row] = [r for r in fees.json() if r["id_resto"] == A]
    assert (row["importe_total"], row["importe_resto"], row["cta_cte_resto"], row["total_orders"]) == ("450.50", "2.25", "0.00", 2)


async def test_the_same_payment_twice_is_one_sale(world):
    await world.delivered(11)
    charge = await world.pay()
    await world.paid(charge)
    payment = await online_payment(world, charge)
    await deliver(world.app, payment)
    await deliver(world.app, payment.model_copy(update={"event_id": __import__("uuid").uuid4()}))  # republished
    assert [kind for kind, *_ in await ledger(world)] == ["sale", "fee_retained"]


async def test_an_online_sale_in_the_free_month_retains_nothing(world):
    async with world.app.state.session_factory() as session, session.begin():  # A opened five days ago
        await session.execute(text("UPDATE restaurant_facts SET opened_at = :at WHERE restaurant_id = :id"),
                              {"at": datetime.now(UTC) - timedelta(days=5), "id": A})
    await world.delivered(11)
    charge = await world.pay()
    assert charge["marketplace_fee"] == "0.00"
    payment_id = await world.paid(charge)
    assert [f["type"] for f in (await world.payment(payment_id))["fee_details"]] == ["mercadopago_fee"]
    await deliver(world.app, await online_payment(world, charge))
    assert await ledger(world) == [("sale", "100.00", "online", None)]
    [accrued] = await outbox(world.app, "billing.commission.accrued")
    assert (accrued["amount"], accrued["retained"]) == ("0.00", True)


async def test_through_the_real_ordering_an_approved_checkout_becomes_its_online_payment(world, ordering_app):
    """billing's events reach ordering's own handler, which pays the lines through the counter's
    path; its payment, delivered back, is the sale."""
    lines = await world.delivered(11, (EMPANADA, 1), (MILANESA, 2))
    charge = await world.pay(tip_percent=20)
    payment_id = await world.paid(charge)
    announced = [event_class(e.pop("type")).model_validate(e) for e in await outbox(world.app)]
    assert [e.type for e in announced] == ["billing.checkout.opened", "billing.checkout.approved"]
    for event in announced:
        await publish(ordering_app, event)
    await wait_processed(ordering_app, *announced)
    async with ordering_app.state.session_factory() as session:
        paid_lines = (await session.execute(text("SELECT id, status FROM order_line ORDER BY id"))).all()
        [paid] = (await session.scalars(text(
            "SELECT payload FROM outbox_message WHERE event_type = 'ordering.payment.recorded'"))).all()
    assert [tuple(l) for l in paid_lines] == [(line, "6") for line in lines]
    payment = PaymentRecorded.model_validate(paid)
    assert (payment.method, payment.checkout_id, payment.amount, payment.provider_payment_id) == (
        "online", charge["checkout"], D("601.00"), payment_id)
    await deliver(world.app, payment)
    # 601.00 at 0.50 % = 3.005 -> 3.01 retained; a 20 % tip of 120.20
    assert await ledger(world) == [("sale", "601.00", "online", None), ("fee_retained", "3.01", "online", "0.50"),
                                   ("tip", "120.20", "online", None)]
    assert await rows(world.app, "SELECT state FROM checkout") == [("paid",)]
