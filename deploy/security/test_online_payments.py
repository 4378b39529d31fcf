"""Online payments (billing's checkout through the marketplace, issues 22 and 38): what a diner's
phone, a script with a table's QR or a recorded notification can do that the matrix cannot
express.

- A notification is acted on once and only while fresh: the same signed delivery again (the same
  `x-request-id`) changes nothing, one signed with a `ts` older than the window is refused 401
  `notification_stale`, one whose body names another payment than the signed id is refused 400.
- A flood of one charge's state or one table's checkouts is cut off (429 `too_many_requests`,
  Retry-After), and only that charge or table: the others are still answered.
- Once staff free a table, its next diners see none of the previous group's checkouts and can
  take no share of them.
- A payment under a charge's reference made through the seller's own preference for another
  amount does not pay the charge: it goes back.

The provider is the local simulator (marketplace.py); A is linked to an account of its own there.
"""
from __future__ import annotations

import uuid

import httpx
import pytest

import processes
from marketplace import SINK, WEBHOOK, body_naming, now_ms
from matrix import signature
from tenants import GATEWAY, MISSING, NotReached, World, eventually, expect

STATE = "/api/pagar-orden/mercadopago/estado/"
TABLE = "/api/pagar-orden/mercadopago/mesa/"


def setting(name: str, default: int) -> int:
    found = processes.setting("billing", name)
    return int(found[1]) if found else default


def state_of(http: httpx.Client, reference: str) -> str:
    return expect(http.get(STATE, params={"ref": reference}), 200).json()["state"]


def checkouts_at(http: httpx.Client, token: str) -> list[int]:
    return [c["checkout"] for c in expect(http.get(TABLE, params={"t": token}), 200).json()["checkouts"]]


def share(http: httpx.Client, checkout: int, token: str) -> httpx.Response:
    return http.post(f"{TABLE}{checkout}/parte/", json={"t": token},
                     headers={"Idempotency-Key": uuid.uuid4().hex, "Accept-Language": "en"})


@pytest.fixture
def charge(world: World, stack):
    """A phone at a table of A of its own pays the tab online: the charge, with its reference."""
    place, _ = stack.delivered_line(world.a)
    made = stack.pay_online(world.a.tokens[place])
    return {**made, "place": place, "reference": stack.provider.reference(world.a.seller, made["init_point"])}


def test_a_notification_is_acted_on_once_and_only_while_fresh(world: World, stack, charge, ledger):
    a, http, provider = world.a, stack.http, stack.provider
    reference = charge["reference"]
    # The diner pays through a preference whose notifications the provider sends to its sink, so
    # the suite holds them: the seller's own, for the charge's amount under its reference (billing
    # maps a payment to its charge by the reference, whatever the preference).
    init_point = provider.own_preference(a.seller, reference, charge["total"], notification_url=SINK)
    payment = provider.pay(init_point, "pending")
    created = provider.sunk(payment)
    expect(created.send(http), 200)  # its first delivery: billing acts on it (the payment is pending)
    # The payment is approved at the provider; billing has not heard it yet. Whatever billing acts
    # on from here asks the provider, which now says approved: the state shows what was acted on.
    provider.set_status(payment, "approved")
    updated = provider.sunk(payment, besides=(created,))
    window = setting("mercadopago_webhook_window", 300)
    stale_id = str(uuid.uuid4())
    attempts: dict[str, tuple[int, str | None, object]] = {
        # what: (status expected, code expected, the send)
        "the first notification, recorded and sent again (same x-request-id)": (200, None, lambda: created.send(http)),
        f"the update signed with a ts {window + 60} s old (a new x-request-id)": (
            401, "notification_stale", lambda: updated.send(http, request_id=stale_id,
                                                              x_signature=updated.signed_at(now_ms() - (window + 60) * 1000, stale_id))),
        "the update with its body naming another payment than the signed data.id": (
            400, "notification_invalid", lambda: updated.send(http, body=body_naming(updated, str(payment + 1)))),
        "the update with its signature altered": (
            401, "signature_invalid", lambda: updated.send(http, x_signature=updated.x_signature[:-4] + "0000")),
    }
    through = []
    for what, (status, code, send) in attempts.items():
        answer = send()
        if answer.status_code != status or (code and code not in answer.text):
            through.append(f"POST {WEBHOOK} {what} -> {answer.status_code} {answer.text[:120]} (expected {status} {code or ''})")
        if (now := state_of(http, reference)) != "pending":
            through.append(f"POST {WEBHOOK} {what} was acted on: the charge is {now} (expected it to stay pending)")
    # The control: the update as the provider sent it is believed, once.
    expect(updated.send(http), 200)
    assert state_of(http, reference) == "approved", "the provider's own update was not acted on: the attempts prove nothing"
    again = updated.send(http)
    if again.status_code != 200:
        through.append(f"POST {WEBHOOK} the update sent again -> {again.status_code} {again.text[:120]} (expected 200: acknowledged)")
    ledger.add("online: notifications replayed, stale or altered", tried=len(attempts) + 1, through=through,
               note=f"window {window} s (billing's mercadopago_webhook_window_seconds); payment {payment}")
    assert not through, "\n".join(through)


def flood(send, limit: int) -> list[httpx.Response]:
    """`send()` until it is refused, at most twice the limit and a few more: a fixed window may
    end mid-flood, and the next one counts from zero."""
    answers = []
    for _ in range(2 * limit + 5):
        answers.append(send())
        if answers[-1].status_code == 429:
            break
    return answers


def cut_off(what: str, answers: list[httpx.Response], limit: int) -> list[str]:
    last = answers[-1]
    if last.status_code != 429:
        return [f"{len(answers)} calls of {what} from one address, all answered {sorted({a.status_code for a in answers})} "
                f"(expected 429 past {limit} a minute)"]
    found = []
    if "too_many_requests" not in last.text:
        found.append(f"{what}: the 429 says {last.text[:120]} (expected code too_many_requests)")
    retry = last.headers.get("Retry-After", "")
    if not retry.isdigit() or not 1 <= int(retry) <= 60:
        found.append(f"{what}: the 429's Retry-After is {retry!r} (expected the seconds until the minute's window ends)")
    if broken := [a.status_code for a in answers[:-1] if a.status_code != 200]:
        found.append(f"{what}: answered {broken} before the limit (expected 200)")
    return found


def test_a_flood_of_one_charge_or_table_is_cut_off_and_only_that_one(world: World, stack, charge, ledger):
    """The limits per charge and per table token, not the one per address: that one is shared by
    every suite that calls billing from this machine in the same minute, and is left alone."""
    a, http = world.a, stack.http
    other_place, _ = stack.delivered_line(a)
    other = stack.pay_online(a.tokens[other_place])
    other_reference = stack.provider.reference(a.seller, other["init_point"])
    per_charge = setting("anonymous_per_charge", 60)
    per_table = setting("anonymous_per_table", 60)
    through = []

    states = flood(lambda: http.get(STATE, params={"ref": charge["reference"]}, headers={"Accept-Language": "en"}), per_charge)
    through += cut_off("GET estado/?ref= (one charge)", states, per_charge)
    neighbour = http.get(STATE, params={"ref": other_reference})
    if neighbour.status_code != 200:
        through.append(f"another charge's GET estado/ during the flood -> {neighbour.status_code} {neighbour.text[:100]} (expected 200)")

    token = a.tokens[charge["place"]]
    lists = flood(lambda: http.get(TABLE, params={"t": token}, headers={"Accept-Language": "en"}), per_table)
    through += cut_off("GET mesa/?t= (one table)", lists, per_table)
    pay = http.post(TABLE, json={"t": token, "mode": "tab"}, headers={"Idempotency-Key": uuid.uuid4().hex})
    window_left = lists[-1].headers.get("Retry-After", "0")
    # judged only when the flood's window had a second left: a new window counts from zero
    if pay.status_code != 429 and window_left.isdigit() and int(window_left) >= 2:
        through.append(f"the flooded table's 'Pay' (POST mesa/) -> {pay.status_code} {pay.text[:100]} (expected 429: one limit per table)")
    neighbours = {"another table's GET mesa/": http.get(TABLE, params={"t": a.tokens[other_place]}),
                  "another charge's GET estado/": http.get(STATE, params={"ref": other_reference})}
    through += [f"{what} during the flood -> {answer.status_code} {answer.text[:100]} (expected 200)"
                for what, answer in neighbours.items() if answer.status_code != 200]
    ledger.add("online: throttling per charge and per table", tried=len(states) + len(lists) + 1 + 1 + len(neighbours),
               through=through, note=f"429 after {len(states)} state calls of one charge (limit {per_charge}) and "
                                     f"{len(lists)} list calls of one table (limit {per_table}), Retry-After "
                                     f"{states[-1].headers.get('Retry-After')} / {lists[-1].headers.get('Retry-After')} s")
    assert not through, "\n".join(through)


def test_the_next_sitting_sees_none_of_the_previous_ones_checkouts(world: World, stack, ledger):
    a, b, http = world.a, world.b, stack.http
    place, _ = stack.delivered_line(a)
    token = a.tokens[place]
    split = stack.pay_online(token, mode="share", shares=3)["checkout"]
    # The control: while the group sits, its phones see the split and take a share of it.
    assert split in checkouts_at(http, token), "the table's own phones do not see its split: the check proves nothing"
    expect(share(http, split, token), 201)
    through = [f"a phone at {what} lists the split of A's table (checkout {split})"
               for what, other in {"another table of A": a.tokens[a.places[0]], "a table of B": b.tokens[b.places[0]]}.items()
               if split in checkouts_at(http, other)]
    expect(http.post(f"/api/ordenes/mesa/{place}/liberar/", headers=a.owner.headers), 200)
    # the next group sits down and orders from the same QR code
    expect(http.post(f"/api/ordenes/lugar/{token}/", headers={"Idempotency-Key": uuid.uuid4().hex}, json={
        "diner_name": "Nuevo Grupo", "ordenes": [{"fk_dish": a.dishes[0], "quantity": 1, "extra_commentary": ""}]}), 201)
    if split in checkouts_at(http, token):
        through.append(f"GET mesa/?t= at the freed table lists the previous group's split (checkout {split})")
    old, missing = share(http, split, token), share(http, MISSING, token)
    if old.status_code != 404 or signature(old) != signature(missing):
        through.append(f"POST mesa/{split}/parte/ (the previous group's split) at the freed table -> {old.status_code} "
                       f"{old.text[:120]} (expected what a missing checkout gets: {missing.status_code} {missing.text[:120]})")
    ledger.add("online: the previous sitting's checkouts", tried=4, through=through)
    assert not through, "\n".join(through)


def test_a_payment_of_another_amount_under_a_charges_reference_goes_back(world: World, stack, charge, ledger):
    """The seller's own preference (no fee for the platform) under the charge's reference, for a
    peso: paid and notified, it must not pay the charge, and it is refunded."""
    a, http, provider = world.a, stack.http, stack.provider
    init_point = provider.own_preference(a.seller, charge["reference"], "1.00", notification_url=GATEWAY + WEBHOOK)
    payment = provider.pay(init_point, "approve")
    through = []
    try:
        eventually(lambda: provider.payment(a.seller, payment)["status"] == "refunded", "billing to refund the payment", 30)
    except NotReached:
        through.append(f"payment {payment} of 1.00 under the reference of a {charge['total']} charge is "
                       f"{provider.payment(a.seller, payment)['status']} 30 s later (expected refunded)")
    if (now := state_of(http, charge["reference"])) != "pending":
        through.append(f"the charge is {now} after a payment of 1.00 under its reference (expected pending: unpaid)")
    if charge["checkout"] not in checkouts_at(http, a.tokens[charge["place"]]):
        through.append("the table's checkout is no longer open after a payment of 1.00 under its reference")
    ledger.add("online: the seller's own preference under a charge's reference", tried=1, through=through,
               note="the fee owed on a right-amount payment through it is not shown here: A is in its free month (fee 0)")
    assert not through, "\n".join(through)

