"""Commission follows the money actually kept (issue 38): a payment given back at the provider
after its sale was recorded (the seller's refund, whole or in part, or a chargeback) gives back, in
the ledger, its part of the sale, of the tip and of the commission, so the balance, the fee table
and the current account equal what the restaurant and the platform kept, to the cent."""
from decimal import Decimal

from kit.testing.world import A, deliver
from tests.checkout.steps import EMPANADA, MILANESA, SELLER, rows
from tests.checkout.test_fee_kept import sellers_own_preference
from tests.checkout.test_ledger import online_payment

D = Decimal


async def refund_at_provider(world, payment_id: str, amount: str | None = None) -> None:
    """The seller gives money back from the marketplace's own screens (not through us)."""
    marketplace = world.app.state.marketplace
    body = {"amount": float(D(amount))} if amount else None
    async with world.app.state.session_factory() as session:
        await marketplace.accounts.call(session, SELLER, lambda token: marketplace.api.call(
            "POST", f"/v1/payments/{payment_id}/refunds", token, json=body))


async def kept(world) -> dict:
    balance = (await world.client.post("/api/obtener-balance/resto-balance/", headers=world.people.owner_a,
                                       json={"fk_resto": A})).json()
    [(tips,)] = await rows(world.app, "SELECT coalesce(sum(amount), 0) FROM ledger_entry WHERE counts_as = 'tip'")
    return {**{k: balance[k] for k in ("importe_total", "importe_resto", "cta_cte_resto")}, "tips": str(tips)}


async def test_a_partial_refund_gives_back_its_part_of_the_sale_tip_and_fee_and_the_rest_all_of_it(world):
    await world.delivered(11, (EMPANADA, 2), (MILANESA, 1))
    charge = await world.pay(tip_percent=10)  # 450.50 + 45.05 tip, 2.25 fee
    payment_id = await world.paid(charge)
    await deliver(world.app, await online_payment(world, charge))
    assert await kept(world) == {"importe_total": "450.50", "importe_resto": "2.25", "cta_cte_resto": "0.00", "tips": "45.05"}

    await refund_at_provider(world, payment_id, "99.11")  # a fifth of 495.55
    await world.notify((await world.notices(payment_id, 2))[-1])
    assert await kept(world) == {"importe_total": "360.40", "importe_resto": "1.80", "cta_cte_resto": "0.00", "tips": "36.04"}
    await world.notify((await world.notices(payment_id, 2))[-1])  # the same news again books nothing
    assert len(await rows(world.app, "SELECT 1 FROM ledger_entry WHERE kind = 'refund'")) == 3

    await refund_at_provider(world, payment_id)  # the rest
    await world.notify((await world.notices(payment_id, 3))[-1])
    assert await kept(world) == {"importe_total": "0.00", "importe_resto": "0.00", "cta_cte_resto": "0.00", "tips": "0.00"}
    assert await rows(world.app, "SELECT status, refunded FROM checkout_payment") == [("refunded", D("495.55"))]


async def test_a_refund_of_a_sale_whose_fee_is_owed_lowers_what_is_owed(world):
    await world.delivered(11, (EMPANADA, 2), (MILANESA, 1))
    charge = await world.pay()
    payment_id = await world.paid({**charge, "init_point": await sellers_own_preference(world, charge)})
    await deliver(world.app, await online_payment(world, charge))
    assert (await kept(world))["cta_cte_resto"] == "2.25"
    await refund_at_provider(world, payment_id)
    await world.notify((await world.notices(payment_id, 2))[-1])
    assert await kept(world) == {"importe_total": "0.00", "importe_resto": "0.00", "cta_cte_resto": "0.00", "tips": "0"}


async def test_a_refund_before_the_sale_is_recorded_is_asked_for_again(world):
    await world.delivered(11)
    charge = await world.pay()
    payment_id = await world.paid(charge)  # approved: ordering is paying the lines
    await refund_at_provider(world, payment_id, "10.00")
    notice = (await world.notices(payment_id, 2))[-1]
    answer = await world.notify(notice, expect=503)
    assert answer.json()["code"] == "sale_not_recorded_yet" and answer.headers["Retry-After"]
    await deliver(world.app, await online_payment(world, charge))
    await world.notify(notice)
    assert (await kept(world))["importe_total"] == "90.00"
