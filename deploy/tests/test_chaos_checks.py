"""`make chaos` (deploy/chaos/): its checks' rules on made-up data, a screen's bookkeeping, and the
fault plan, without a stack. The run itself is `deploy/chaos/run.py` (its short form in `make test`)."""
import random
import sys
from decimal import Decimal
from pathlib import Path

CHAOS = Path(__file__).resolve().parents[1] / "chaos"
sys.path.insert(0, str(CHAOS))

import checks  # noqa: E402
import run  # noqa: E402
from clients import Screen  # noqa: E402
from faults import Fault  # noqa: E402


def line(i, order, key, status="1", version=1, price="100.00", quantity=1, delivery=None, pay=None):
    return {"id": i, "order": order, "fk_delivery": delivery, "extra_commentary": key, "status": status, "version": version,
            "price": price, "quantity": quantity, "account_pay": pay}


def verdicts(rows):
    return {what: ok for what, _, _, ok in rows}


def test_an_acknowledged_order_not_stored_is_lost_and_one_key_stored_twice_is_duplicated():
    acknowledged = {"k1": {"kind": "table", "order": ("o", 1), "count": 1}, "k2": {"kind": "table", "order": ("o", 2), "count": 1},
                    "k3": {"kind": "delivery", "order": ("d", 7), "count": 2}}
    stored = [line(10, 1, "k1"), line(11, 5, "k1"),  # k1 stored as two orders
              line(12, 9, "k3", delivery=7), line(13, 9, "k3", delivery=7)]  # k2 never stored
    heard = [{("o", 1), ("d", 7)}, {("o", 1), ("d", 7), ("o", 2)}]
    rows = verdicts(checks.order_rows(acknowledged, {}, stored, heard))
    assert rows["LOST: acknowledged, not stored"] is False
    assert rows["DUPLICATED: one key stored as two orders"] is False
    assert rows["orders on every tablet's board (frame or resync)"] is False  # the first screen never heard of ("o", 2)
    clean = verdicts(checks.order_rows({"k3": acknowledged["k3"]}, {}, stored[2:], heard))
    assert all(ok is not False for ok in clean.values())


def test_nothing_acknowledged_is_a_failure_never_a_pass():
    rows = checks.order_rows({}, {}, [], [set()]) + checks.fault_rows([])
    assert not checks.passed(rows)


def test_payments_are_held_against_the_paid_lines():
    paid = {"payment_id": 40, "method": "cash"}
    stored = [line(1, 1, "k", "6", 3, "150.00", 2, pay=paid), line(2, 1, "k", "6", 3, "50.00", 1, pay=paid),
              line(3, 2, "j", "6", 4, "10.00", 1, pay={"payment_id": 41, "method": "online"})]
    counter = {"t1": {"payment_id": 40, "amount": Decimal("350.00"), "lines": [2, 1]}}
    online = {"p1": {"amount": Decimal("10.00"), "lines": [3]}}
    rows, total = checks.payment_rows(counter, online, stored)
    assert total == Decimal("360.00") and checks.passed(rows)
    told_less = {"t1": {**counter["t1"], "amount": Decimal("300.00")}}
    assert not checks.passed(checks.payment_rows(told_less, online, stored)[0])
    unknown = checks.payment_rows({}, online, stored)[0]  # payment 40 recorded, no client told of it
    assert verdicts(unknown)["payments recorded that no client was told of"] is False
    assert checks.passed(checks.money_rows(total, total, total, 1.0))
    assert not checks.passed(checks.money_rows(total, total - 1, total - 1, None))


def test_a_screen_keeps_each_lines_newest_version_and_the_check_compares_it_with_the_api():
    screen = Screen("S1")
    screen.frame({"id": 5, "type": "new_order", "data": {"order_id": 1, "fk_delivery": None, "lines": [{"id": 1, "status": "1", "version": 1}]},
                  "changed": {"lines": [{"id": 1, "status": "1", "version": 1}]}})
    screen.frame({"id": 7, "type": "order_status", "data": {}, "changed": {"lines": [{"id": 1, "status": "4", "version": 3}]}})
    screen.frame({"id": 6, "type": "order_status", "data": {}, "changed": {"lines": [{"id": 1, "status": "2", "version": 2}]}})
    screen.frame({"id": 8, "type": "order_status", "data": {}, "changed": {"lines": [{"id": 1, "status": "2", "version": 2}]}})
    assert screen.lines == {1: ("4", 3)} and screen.repeated == 1 and screen.stale == 1 and screen.orders == {("o", 1)}
    screen.frame({"id": 9, "type": "order_status", "data": {}, "changed": {"lines": [{"id": 1, "status": None, "version": 4}]}})
    assert not checks.passed(checks.screen_rows([screen], {1: {"status": "6", "version": 4}}))  # a message heard twice
    screen.repeated = 0
    assert checks.passed(checks.screen_rows([screen], {1: {"status": "6", "version": 4}}))
    assert not checks.passed(checks.screen_rows([screen], {1: {"status": "6", "version": 5}}))


def test_the_fault_plans_kill_a_replica_and_a_lone_process_and_restart_the_broker_and_redis():
    for short in (True, False):
        steps = run.plan(random.Random(7), short, 40 if short else 150)
        kinds = [kind for _, kind, _ in steps]
        kills = [target for _, kind, target in steps if kind == "kill"]
        assert kinds.count("rabbitmq") == 1 and kinds.count("redis") == 1
        assert any(t.split("-")[0] in run.GROWN for t in kills) and any(t in ("billing", "floor") for t in kills)
        assert all(t.split("-")[0] in run.KILLABLE for t in kills)
        assert [at for at, _, _ in steps] == sorted(at for at, _, _ in steps)
    assert len(run.plan(random.Random(7), False, 150)) == 10


def test_every_kind_of_fault_must_heal():
    healed = Fault("kill", "billing", 3.0, healed=6.5)
    stuck = Fault("redis", "redis", 9.0)
    assert checks.passed(checks.fault_rows([healed]))
    assert not checks.passed(checks.fault_rows([healed, stuck]))
    assert "NOT HEALED" in stuck.line()


def test_an_online_payment_refused_and_refunded_is_no_sale():
    """A delivery's link was paid online after another tablet charged it at the counter: ordering
    refuses the checkout, billing refunds it; the counter payment is the line's one payment."""
    stored = [line(5, 3, "k", "6", 3, "80.00", 1, delivery=9, pay={"payment_id": 50, "method": "cash"})]
    counter = {"t1": {"payment_id": 50, "amount": Decimal("80.00"), "lines": [5]}}
    online = {"d1": {"amount": Decimal("80.00"), "lines": [5], "refunded": "refunded"}}
    rows, total = checks.payment_rows(counter, online, stored)
    assert total == Decimal("80.00") and checks.passed(rows)
    assert not checks.passed(checks.payment_rows(counter, {"d1": {**online["d1"], "refunded": None}}, stored)[0])
