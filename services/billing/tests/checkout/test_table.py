"""A diner's 'Pay' at a table: the whole tab, their own lines, or an equal share among N phones;
a tip where the restaurant takes tips; the checkout made at the provider with the platform's fee."""
import asyncio
from decimal import Decimal

from contracts import identity
from kit.testing.world import A, OWNER_A, deliver
from tests.checkout.steps import EMPANADA, MILANESA, PAY, T11, T12, T21, key, outbox, rows

D = Decimal


async def preference(world, answer: dict) -> dict:
    """The preference the provider holds for a charge (as its checkout page shows it)."""
    pref_id = answer["init_point"].split("pref_id=")[1]
    from tests.checkout.steps import SELLER

    marketplace = world.app.state.marketplace
    async with world.app.state.session_factory() as session:
        return await marketplace.accounts.call(session, SELLER, lambda token: marketplace.api.call(
            "GET", f"/checkout/preferences/{pref_id}", token))


async def test_the_whole_tab_is_one_checkout_at_the_provider_with_the_platforms_fee(world):
    lines = await world.delivered(11, (EMPANADA, 2), (MILANESA, 1))
    answer = await world.pay()
    # 2 x 100.00 + 250.50 = 450.50; 0.50 % = 2.2525 -> 2.25
    assert {k: answer[k] for k in ("amount", "tip", "total", "marketplace_fee", "share", "lines")} == {
        "amount": "450.50", "tip": "0.00", "total": "450.50", "marketplace_fee": "2.25", "share": None, "lines": lines}
    made = await preference(world, answer)
    assert [(i["title"], i["quantity"], i["unit_price"]) for i in made["items"]] == [("Empanada", 2, 100.0), ("Milanesa", 1, 250.5)]
    assert made["marketplace_fee"] == 2.25 and made["auto_return"] == "approved"
    assert made["back_urls"] == {"success": "http://resto.test/pago/success", "pending": "http://resto.test/pago/pending",
                                 "failure": "http://resto.test/pago/fail"}
    [(reference,)] = await rows(world.app, "SELECT reference FROM checkout_charge")
    assert made["external_reference"] == reference and len(reference) >= 40  # unguessable
    [opened] = await outbox(world.app)
    assert opened == {**opened, "type": "billing.checkout.opened", "checkout_id": answer["checkout"], "restaurant_id": A,
                      "place_id": 11, "delivery_ids": [], "line_ids": lines, "amount": "450.50"}
    assert (await world.state(answer))["state"] == "pending"


async def test_my_lines_are_only_the_orders_my_phone_placed(world):
    ana_order, ana = await world.diner_orders(T11, "Ana", (EMPANADA, 2))
    _, luis = await world.diner_orders(T11, "Luis", (MILANESA, 1))
    mine = await world.pay(mode="mine", orders=[ana_order])
    assert (mine["lines"], mine["amount"], mine["marketplace_fee"]) == (ana, "200.00", "1.00")
    # Luis pays the rest: the tab less what Ana's checkout holds
    rest = await world.pay(mode="tab")
    assert (rest["lines"], rest["amount"], rest["marketplace_fee"]) == (luis, "250.50", "1.25")  # 1.2525
    refused = await world.client.post(PAY, json={"t": T11, "mode": "mine"}, headers=key())
    assert refused.status_code == 400 and "orders" in refused.json()


async def test_an_equal_split_hands_each_phone_the_next_share_with_the_rounding_cent_last(world):
    await world.delivered(11, (EMPANADA, 1))  # 100.00 in 3
    first = await world.pay(mode="share", shares=3)
    assert (first["amount"], first["marketplace_fee"], first["share"]) == ("33.33", "0.17", {"n": 1, "of": 3})
    listed = (await world.client.get(f"{PAY}?t={T11}")).json()["checkouts"]
    assert [(c["checkout"], c["mode"], c["shares"], c["shares_taken"], c["shares_paid"], c["amount"], c["state"]) for c in listed] == [
        (first["checkout"], "share", 3, 1, 0, "100.00", "open")]
    second = await world.share(first["checkout"], tip_percent=10)
    third = await world.share(first["checkout"])
    assert [(s["share"]["n"], s["amount"], s["tip"], s["total"], s["marketplace_fee"]) for s in (second, third)] == [
        (2, "33.33", "3.33", "36.66", "0.17"), (3, "33.34", "0.00", "33.34", "0.16")]
    assert len({first["init_point"], second["init_point"], third["init_point"]}) == 3
    none_left = await world.client.post(f"{PAY}{first['checkout']}/parte/", json={"t": T11}, headers=key())
    assert (none_left.status_code, none_left.json()["code"]) == (409, "no_share_left")
    # a share's preference is the share, the tip beside it (no fee on the tip)
    made = await preference(world, second)
    assert [(i["title"], i["unit_price"]) for i in made["items"]] == [("M11: parte 2 de 3", 33.33), ("Propina", 3.33)]
    assert made["marketplace_fee"] == 0.17


async def test_a_tip_only_where_the_restaurant_takes_tips_and_never_with_a_fee(world):
    await world.delivered(11, (MILANESA, 2))  # 501.00
    tipped = await world.pay(tip_percent=15)
    # 15 % of 501.00 = 75.15; the fee stays 0.50 % of 501.00 = 2.505 -> 2.51
    assert (tipped["amount"], tipped["tip"], tipped["total"], tipped["marketplace_fee"]) == ("501.00", "75.15", "576.15", "2.51")
    await world.delivered(12, (EMPANADA, 1))
    fixed = await world.pay(t=T12, tip_amount="12.50")
    assert (fixed["tip"], fixed["total"]) == ("12.50", "112.50")
    await deliver(world.app, identity.RestaurantUpdated(restaurant_id=A, owner_id=OWNER_A, nombre_local="La Esquina", tips=False))
    await world.client.post(f"/api/pagar-orden/{fixed['lines'][0]}/cancelar-mercadopago/", headers=world.staff_a)
    off = await world.client.post(PAY, json={"t": T12, "mode": "tab", "tip_percent": 10}, headers=key())
    assert (off.status_code, off.json()["code"]) == (400, "tips_off")


async def test_a_tip_must_be_10_15_or_20_percent_or_an_amount_up_to_what_is_paid(world):
    await world.delivered(11, (EMPANADA, 1))
    for body, field in (({"tip_percent": 12}, "tip_percent"), ({"tip_amount": "-1"}, "tip_amount"),
                        ({"tip_amount": "1.001"}, "tip_amount")):
        answer = await world.client.post(PAY, json={"t": T11, "mode": "tab", **body}, headers=key())
        assert answer.status_code == 400 and field in answer.json(), answer.text
    for body in ({"tip_amount": "100.01"}, {"tip_percent": 10, "tip_amount": "5"}):
        answer = await world.client.post(PAY, json={"t": T11, "mode": "tab", **body}, headers=key())
        assert (answer.status_code, answer.json()["code"]) == (400, "tip_invalid"), answer.text
    assert await rows(world.app, "SELECT id FROM checkout") == []


async def test_nothing_to_pay_when_no_line_is_accepted_delivered_and_unpaid(world):
    answer = await world.client.post(PAY, json={"t": T11, "mode": "tab"}, headers={**key(), "Accept-Language": "en"})
    assert answer.status_code == 400
    assert answer.json() == {"detail": "There is nothing to pay: orders must be accepted or delivered and not yet paid.",
                             "code": "nothing_to_pay"}
    placed = await world.ordering.post(f"/api/ordenes/lugar/{T11}/", headers=key(), json={
        "diner_name": "Ana", "ordenes": [{"fk_dish": EMPANADA, "quantity": 1}]})  # new, not accepted yet
    assert placed.status_code == 201
    assert (await world.client.post(PAY, json={"t": T11, "mode": "tab"}, headers=key())).json()["code"] == "nothing_to_pay"


async def test_a_restaurant_not_linked_takes_no_online_payment(world):
    await world.delivered(21, restaurant=20)
    answer = await world.client.post(PAY, json={"t": T21, "mode": "tab"}, headers=key())
    assert (answer.status_code, answer.json()["code"]) == (409, "marketplace_not_linked")


async def test_an_unknown_token_is_not_found_as_at_ordering(world):
    answer = await world.client.post(PAY, json={"t": "no-such-token", "mode": "tab"}, headers=key())
    assert answer.status_code == 404
    assert answer.json() == {"detail": "Este código QR no es válido o fue reemplazado. Pida uno nuevo al personal.",
                             "code": "place_token_invalid"}
    for token in ("../../delivery/", "..", ".", "a b", "ñ" * 3):  # never a path step at ordering
        assert (await world.client.get(f"{PAY}", params={"t": token})).status_code == 404, token
        answer = await world.client.post(PAY, json={"t": token, "mode": "tab"}, headers=key())
        assert answer.json()["code"] == "place_token_invalid", token


async def test_a_retry_with_the_same_key_answers_the_same_and_another_body_is_refused(world):
    await world.delivered(11, (EMPANADA, 1))
    headers = key()
    first = await world.pay(headers=headers)
    again = await world.pay(headers=headers)
    assert again == first
    assert len(await rows(world.app, "SELECT id FROM checkout")) == 1 and len(await outbox(world.app)) == 1
    other = await world.client.post(PAY, json={"t": T11, "mode": "tab", "tip_percent": 10}, headers=headers)
    assert (other.status_code, other.json()["code"]) == (409, "idempotency_key_reused")
    for bad in ({}, {"Idempotency-Key": "short"}, {"Idempotency-Key": "x" * 101}):
        answer = await world.client.post(PAY, json={"t": T11, "mode": "tab"}, headers=bad)
        assert (answer.status_code, answer.json()["code"]) == (400, "idempotency_key_invalid")


async def test_two_phones_racing_for_one_line_get_one_checkout_and_a_409(world):
    await world.delivered(11, (EMPANADA, 1), (MILANESA, 1))
    await world.simulator.put("/_control/settings", json={"delay_ms": 300})  # both are in flight at once
    answers = await asyncio.gather(*(world.client.post(PAY, json={"t": T11, "mode": "tab"}, headers=key()) for _ in range(2)))
    assert sorted(a.status_code for a in answers) == [201, 409]
    [refused] = [a for a in answers if a.status_code == 409]
    assert refused.json()["code"] == "lines_in_checkout"
    assert len(await rows(world.app, "SELECT id FROM checkout")) == 1
    assert len(await rows(world.app, "SELECT line_id FROM checkout_line WHERE held")) == 2
    assert len(await outbox(world.app)) == 1
    # later phones are told the lines are in a checkout already
    assert (await world.client.post(PAY, json={"t": T11, "mode": "tab"}, headers=key())).json()["code"] == "lines_in_checkout"


async def test_a_place_token_pays_only_its_own_tables_lines(world):
    at_11 = await world.delivered(11, (EMPANADA, 1))
    at_12 = await world.delivered(12, (MILANESA, 1))
    answer = await world.pay(t=T12)
    assert answer["lines"] == at_12
    # 'mine' naming another table's order pays nothing of it
    order_11 = (await world.ordering.get(f"/api/ordenes/lugar/{T11}/")).json()["lines"][0]["order"]
    mine = await world.client.post(PAY, json={"t": T12, "mode": "mine", "orders": [order_11]}, headers=key())
    assert (mine.status_code, mine.json()["code"]) == (400, "nothing_to_pay")
    assert [l for (l,) in await rows(world.app, "SELECT line_id FROM checkout_line")] == at_12
    assert at_11[0] not in answer["lines"]
    # another table's split is not found with this token, and its list is its own
    split = await world.pay(t=T11, mode="share", shares=2)
    other = await world.client.post(f"{PAY}{split['checkout']}/parte/", json={"t": T12}, headers=key())
    assert other.status_code == 404 and other.json() == {"detail": "No encontrado."}
    assert [c["checkout"] for c in (await world.client.get(f"{PAY}?t={T12}")).json()["checkouts"]] == [answer["checkout"]]
    assert [c["checkout"] for c in (await world.client.get(f"{PAY}?t={T11}")).json()["checkouts"]] == [split["checkout"]]


async def test_the_tables_phones_learn_whether_they_may_pay_online_and_tip(world):
    """GET mesa/: A is linked and takes tips; B is not linked; a tips change shows at once."""
    await world.delivered(21, restaurant=20)
    assert (await world.client.get(f"{PAY}?t={T21}")).json() == {
        "linked": False, "tips": False, "checkouts": []}
    await world.delivered(11, (EMPANADA, 1))
    state = (await world.client.get(f"{PAY}?t={T11}")).json()
    assert (state["linked"], state["tips"], state["checkouts"]) == (True, True, [])
    await deliver(world.app, identity.RestaurantUpdated(restaurant_id=A, owner_id=OWNER_A, nombre_local="La Esquina", tips=False))
    assert (await world.client.get(f"{PAY}?t={T11}")).json()["tips"] is False
