"""The platform's fee is never lost (issue 38): a payment pays a checkout's charge only in the
charge's currency and amount, and the fee counts as retained only when the payment was made through
the charge's own preference. A payment through a preference the seller made with our reference
(and no fee of ours) pays the lines, since the diner paid the right amount, and the whole fee is
booked as owed on the restaurant's current account."""
from decimal import Decimal

from kit.testing.world import A, deliver
from tests.checkout.steps import EMPANADA, MILANESA, SELLER, outbox, rows
from tests.checkout.test_ledger import ledger, online_payment

D = Decimal


async def sellers_own_preference(world, charge: dict) -> str:
    """The seller, with a token made by hand (not our application's), makes a preference of the
    same amount under the charge's reference, with no fee for the platform: its checkout page."""
    [(reference,)] = await rows(world.app, "SELECT reference FROM checkout_charge WHERE id = :id", id=charge["charge"])
    token = (await world.simulator.post(f"/_control/accounts/{SELLER}/token")).json()["access_token"]
    sink = f"{world.simulator.base_url}/_control/sink"
    made = await world.simulator.post("/checkout/preferences", headers={"Authorization": f"Bearer {token}"}, json={
        "items": [{"title": "Mesa 11", "quantity": 1, "unit_price": float(D(charge["total"])), "currency_id": "ARS"}],
        "external_reference": reference, "marketplace_fee": 0, "notification_url": sink,
        "back_urls": {outcome: f"http://seller.test/{outcome}" for outcome in ("success", "pending", "failure")}})
    assert made.status_code == 201, made.text
    return made.json()["init_point"]


async def test_a_payment_through_the_sellers_own_preference_pays_the_lines_and_the_fee_is_owed(world):
    await world.delivered(11, (EMPANADA, 2), (MILANESA, 1))
    charge = await world.pay()
    assert charge["marketplace_fee"] == "2.25"
    await world.paid({**charge, "init_point": await sellers_own_preference(world, charge)})
    assert await rows(world.app, "SELECT state FROM checkout") == [("approved",)]
    [(retained,)] = await rows(world.app, "SELECT fee_retained FROM checkout_charge")
    assert retained == D("0.00")
    [approved] = [e for e in await outbox(world.app) if e["type"] == "billing.checkout.approved"]
    assert approved["fee_retained"] == "0.00"

    await deliver(world.app, await online_payment(world, charge))
    # the sale, and the 2.25 the marketplace did not retain, owed like a counter sale's
    assert await ledger(world) == [("sale", "450.50", "online", None), ("commission_accrued", "2.25", "online", "0.50")]
    [accrued] = await outbox(world.app, "billing.commission.accrued")
    assert (accrued["amount"], accrued["retained"]) == ("2.25", False)
    balance = await world.client.post("/api/obtener-balance/resto-balance/", headers=world.people.owner_a, json={"fk_resto": A})
    assert balance.json() == {"importe_total": "450.50", "importe_resto": "2.25", "ingreso_restaurante": "448.25",
                              "cta_cte_resto": "2.25"}
    fees = await world.client.get("/api/obtener-balance/resto-fee/?paginate=0", headers=world.people.admin)
    [row] = [r for r in fees.json() if r["id_resto"] == A]
    assert (row["importe_resto"], row["cta_cte_resto"]) == ("2.25", "2.25")


async def test_one_share_paid_elsewhere_owes_only_its_own_fee(world):
    await world.delivered(11, (EMPANADA, 1))
    first = await world.pay(mode="share", shares=2)
    second = await world.share(first["checkout"])
    await world.paid(first)
    await world.paid({**second, "init_point": await sellers_own_preference(world, second)})
    await deliver(world.app, await online_payment(world, first))
    # 0.50 asked over two shares: 0.25 retained at source, 0.25 owed
    assert await ledger(world) == [("sale", "100.00", "online", None), ("fee_retained", "0.25", "online", "0.50"),
                                   ("commission_accrued", "0.25", "online", "0.50")]


async def test_the_provider_that_cannot_name_the_payments_order_now_is_asked_again(world):
    await world.delivered(11)
    charge = await world.pay()
    payment_id = await world.at_provider(charge["init_point"])
    [notice] = await world.notices(payment_id)
    await world.simulator.post("/_control/failures", json={"endpoint": "merchant_orders", "kind": "server_error"})
    await world.notify(notice, expect=502)
    assert await rows(world.app, "SELECT state FROM checkout") == [("open",)]
    await world.notify((await world.notices(payment_id))[-1])
    assert await rows(world.app, "SELECT state, fee FROM checkout") == [("approved", D("0.50"))]
    [(retained,)] = await rows(world.app, "SELECT fee_retained FROM checkout_charge")
    assert retained == D("0.50")
