"""The provider's payment notifications: believed only with a valid signature and as the provider
answers for the payment; a repeat changes nothing twice, an older state never undoes a newer one,
and money nobody owes (a late or second payment) goes back at once."""
import json
import time

from tests.checkout.steps import EMPANADA, MILANESA, SELLER, T11, outbox, payment_reads, rows


async def checkout_state(world) -> list[tuple]:
    return [tuple(r) for r in await rows(world.app, "SELECT c.state, ch.state FROM checkout c JOIN checkout_charge ch "
                                                    "ON ch.checkout_id = c.id ORDER BY ch.share")]


async def test_an_approved_payment_confirmed_with_the_provider_approves_the_checkout(world):
    lines = await world.delivered(11, (EMPANADA, 2), (MILANESA, 1))
    charge = await world.pay(tip_percent=10)
    payment_id = await world.paid(charge)
    assert await checkout_state(world) == [("approved", "approved")]
    opened, approved = await outbox(world.app)
    assert approved == {**approved, "type": "billing.checkout.approved", "checkout_id": charge["checkout"], "line_ids": lines,
                        "place_id": 11, "amount": "450.50", "tip": "45.05", "fee_retained": "2.25",
                        "provider_payment_ids": [payment_id]}
    assert (await world.state(charge))["state"] == "approved"
    [(status, amount, fee)] = await rows(world.app, "SELECT status, amount, application_fee FROM checkout_payment")
    assert (status, str(amount), str(fee)) == ("approved", "495.55", "2.25")  # the provider's own fee details


async def test_a_bad_or_missing_signature_is_refused_and_changes_nothing(world):
    await world.delivered(11)
    charge = await world.pay()
    await world.simulator.post("/_control/failures", json={"endpoint": "webhooks", "kind": "bad_signature"})
    payment_id = await world.at_provider(charge["init_point"])
    [notice] = await world.notices(payment_id)
    refused = await world.notify(notice, expect=401)
    assert refused.json() == {"detail": "La firma de la notificación no es válida.", "code": "signature_invalid"}
    await world.notify({**notice, "headers": {**notice["headers"], "x-signature": ""}}, expect=401)
    assert await checkout_state(world) == [("open", "pending")]
    assert await rows(world.app, "SELECT * FROM checkout_payment") == []


async def test_a_signed_notification_naming_another_payment_in_its_body_is_refused(world):
    await world.delivered(11)
    charge = await world.pay()
    payment_id = await world.at_provider(charge["init_point"])
    [notice] = await world.notices(payment_id)
    forged = json.loads(notice["body"])
    forged["data"]["id"] = "1"
    answer = await world.notify({**notice, "body": json.dumps(forged)}, expect=400)
    assert answer.json()["code"] == "notification_invalid"


async def test_a_replayed_notification_changes_nothing_twice(world):
    await world.delivered(11)
    charge = await world.pay()
    payment_id = await world.paid(charge)
    [notice] = await world.notices(payment_id)
    for _ in range(2):
        await world.notify(notice)
    (await world.simulator.post(f"/_control/payments/{payment_id}/notify")).raise_for_status()  # the provider repeats it
    await world.notify((await world.notices(payment_id, 2))[-1])
    assert [e["type"] for e in await outbox(world.app)] == ["billing.checkout.opened", "billing.checkout.approved"]
    assert len(await rows(world.app, "SELECT * FROM checkout_payment")) == 1


async def test_an_older_state_arriving_late_never_undoes_a_newer_one(world):
    await world.delivered(11)
    charge = await world.pay()
    payment_id = await world.at_provider(charge["init_point"], "pending")
    [pending_notice] = await world.notices(payment_id)
    (await world.simulator.post(f"/_control/payments/{payment_id}", json={"status": "rejected"})).raise_for_status()
    rejected_notice = (await world.notices(payment_id, 2))[-1]
    (await world.simulator.post(f"/_control/payments/{payment_id}", json={"status": "approved"})).raise_for_status()
    approved_notice = (await world.notices(payment_id, 3))[-1]
    await world.notify(approved_notice)
    assert await checkout_state(world) == [("approved", "approved")]
    # the earlier notifications arrive after it; and if the provider answered one of them with the
    # older state (a slow read), it changes nothing either
    await world.notify(rejected_notice)
    await world.notify(pending_notice)
    from billing.checkout.payments import apply_payment
    from billing.store import Store

    older = {**(await world.payment(payment_id)), "status": "rejected"}
    async with world.app.state.session_factory() as session, session.begin():
        await apply_payment(Store(session), world.app.state.marketplace, older)
    assert await checkout_state(world) == [("approved", "approved")]
    assert [e["type"] for e in await outbox(world.app)] == ["billing.checkout.opened", "billing.checkout.approved"]


async def test_a_rejected_payment_is_announced_and_the_diner_may_try_again(world):
    await world.delivered(11)
    charge = await world.pay()
    await world.paid(charge, "reject")
    assert await checkout_state(world) == [("open", "rejected")]
    assert (await world.state(charge))["state"] == "rejected"
    await world.paid(charge, "approve")  # again, on the same link
    assert await checkout_state(world) == [("approved", "approved")]
    assert [e["type"] for e in await outbox(world.app)] == [
        "billing.checkout.opened", "billing.checkout.rejected", "billing.checkout.approved"]


async def test_a_split_is_approved_once_every_share_is_paid(world):
    await world.delivered(11, (EMPANADA, 1))
    first = await world.pay(mode="share", shares=2)
    second = await world.share(first["checkout"], tip_amount="5")
    one = await world.paid(first)
    assert await checkout_state(world) == [("open", "approved"), ("open", "pending")]
    listed = (await world.client.get(f"/api/pagar-orden/mercadopago/mesa/?t={T11}")).json()["checkouts"]
    assert (listed[0]["shares_paid"], listed[0]["state"]) == (1, "open")
    two = await world.paid(second)
    assert await checkout_state(world) == [("approved", "approved"), ("approved", "approved")]
    approved = (await outbox(world.app))[-1]
    # 100.00 at 0.50 %: 0.50 on the whole, 0.25 + 0.25 retained; the tip carries none
    assert {k: approved[k] for k in ("type", "amount", "tip", "fee_retained", "provider_payment_ids")} == {
        "type": "billing.checkout.approved", "amount": "100.00", "tip": "5.00", "fee_retained": "0.50",
        "provider_payment_ids": [one, two]}


async def test_a_second_payment_of_a_paid_charge_goes_back_at_once(world):
    await world.delivered(11)
    charge = await world.pay()
    first = await world.paid(charge)
    second = await world.paid(charge)  # the same link paid again
    assert (await world.payment(second))["status"] == "refunded"
    assert (await world.payment(first))["status"] == "approved"
    assert [e["type"] for e in await outbox(world.app)] == ["billing.checkout.opened", "billing.checkout.approved"]
    assert await rows(world.app, "SELECT provider_payment_id, status, undone FROM checkout_payment ORDER BY updated_at") == [
        (first, "approved", ""), (second, "refunded", "twice")]


async def test_a_payment_the_provider_cannot_confirm_now_is_answered_502_and_applied_when_sent_again(world):
    await world.delivered(11)
    charge = await world.pay()
    payment_id = await world.at_provider(charge["init_point"])
    [notice] = await world.notices(payment_id)
    await world.simulator.post("/_control/failures", json={"endpoint": "payments", "kind": "server_error"})
    answer = await world.notify(notice, expect=502)
    assert answer.json()["code"] == "provider_unreachable"
    assert await checkout_state(world) == [("open", "pending")]
    await world.notify(notice)
    assert await checkout_state(world) == [("approved", "approved")]


async def test_a_notification_of_a_payment_that_is_not_ours_is_acknowledged_and_ignored(world):
    await world.delivered(11)
    await world.pay()
    stranger = {"type": "payment", "action": "payment.created", "data": {"id": "999"}, "user_id": 1}
    from tests.checkout.steps import HOOK, signed

    headers = signed("999", "r-1")
    answer = await world.client.post(f"{HOOK}?data.id=999&type=payment", json=stranger, headers=headers)
    assert (answer.status_code, answer.json()) == (200, {"received": True})
    assert await checkout_state(world) == [("open", "pending")]


async def test_the_result_page_confirms_a_payment_whose_notification_has_not_come_yet(world):
    await world.delivered(11)
    charge = await world.pay()
    [(reference,)] = await rows(world.app, "SELECT reference FROM checkout_charge")
    payment_id = await world.at_provider(charge["init_point"])  # its notification is not delivered
    page = "/api/pagar-orden/mercadopago/estado/"
    assert (await world.client.get(f"{page}?ref={reference}")).json()["state"] == "pending"
    assert (await world.client.get(f"{page}?ref={reference}&payment_id=1")).json()["state"] == "pending"  # not its payment
    seen = (await world.client.get(f"{page}?ref={reference}&payment_id={payment_id}")).json()
    assert (seen["state"], seen["total"], seen["fk_sit"], seen["restaurant"]) == ("approved", "100.00", 11, "La Esquina")
    await world.notify((await world.notices(payment_id))[-1])  # the notification, when it comes, changes nothing more
    assert [e["type"] for e in await outbox(world.app)] == ["billing.checkout.opened", "billing.checkout.approved"]
    assert (await world.client.get(f"{page}?ref=not-a-reference")).status_code == 404


async def test_a_signed_notification_recorded_and_sent_again_later_is_refused(world):
    """Issue 38: a notification is believed only within the window of its signed `ts`."""
    await world.delivered(11)
    charge = await world.pay()
    payment_id = await world.at_provider(charge["init_point"])
    from tests.checkout.steps import HOOK, signed

    body = {"type": "payment", "action": "payment.created", "data": {"id": str(payment_id)}, "user_id": SELLER}
    for at in (time.time() - 301, time.time() + 301):  # recorded six minutes ago; or its clock far ahead
        answer = await world.client.post(f"{HOOK}?data.id={payment_id}&type=payment", json=body, headers=signed(str(payment_id), "r-old", at))
        assert (answer.status_code, answer.json()["code"]) == (401, "notification_stale")
    assert await checkout_state(world) == [("open", "pending")]
    inside = await world.client.post(f"{HOOK}?data.id={payment_id}&type=payment", json=body,
                                     headers=signed(str(payment_id), "r-new", time.time() - 200))
    assert inside.status_code == 200
    assert await checkout_state(world) == [("approved", "approved")]


async def test_each_request_id_is_acted_on_once_unless_it_failed(world):
    await world.delivered(11)
    charge = await world.pay()
    payment_id = await world.at_provider(charge["init_point"])
    [notice] = await world.notices(payment_id)
    with payment_reads(world.app) as asked:
        await world.simulator.post("/_control/failures", json={"endpoint": "payments", "kind": "server_error"})
        await world.notify(notice, expect=502)  # failed here: the same delivery sent again is acted on
        await world.notify(notice)
        assert await checkout_state(world) == [("approved", "approved")]
        before = len(asked)
        await world.notify(notice)  # recorded and replayed: acknowledged, the provider is not asked again
        assert len(asked) == before


async def test_a_notification_without_a_request_id_is_not_acted_on(world):
    """Nothing would tell its repeats apart (and every request gets an id of ours, which the
    provider did not sign)."""
    await world.delivered(11)
    charge = await world.pay()
    payment_id = await world.at_provider(charge["init_point"])
    from tests.checkout.steps import HOOK, signed

    answer = await world.client.post(f"{HOOK}?data.id={payment_id}&type=payment", headers=signed(str(payment_id), ""),
                                     json={"type": "payment", "data": {"id": str(payment_id)}, "user_id": SELLER})
    assert answer.status_code in (400, 401), answer.text
    assert await checkout_state(world) == [("open", "pending")]
