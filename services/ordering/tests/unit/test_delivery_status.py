"""A delivery's stored status and totals, derived from its lines (spec part 2 §3 'Delivery order';
issue 18): the rule `delivery.status.kept`, and the unit of work keeping it on every change of a
delivery's lines; on the in-memory world."""
from datetime import timedelta
from decimal import Decimal

import pytest

from ordering import money
from ordering.delivery.status import kept
from ordering.order.changing import remove, update_all
from ordering.order.schemas import UpdateAll
from tests.unit.fakes import NOW, OPERATOR_A, World
from tests.unit.test_answers import a_line

# Lines: Empanada 100.00 x 2 (200.00) and Milanesa 250.50 x 1.
# (their statuses, total_amount (not 1, 3, 6), order_total (not 3), delivery_status (lowest, ignoring 3), closed)
DERIVED = [
    (("1", "1"), "0.00", "450.50", "1", False),
    (("2", "1"), "200.00", "450.50", "1", False),
    (("2", "2"), "450.50", "450.50", "2", False),
    (("2", "3"), "200.00", "200.00", "2", False),  # a rejected line: left out of both totals and of the status
    (("4", "6"), "200.00", "450.50", "4", False),  # a paid line: left out of total_amount only
    (("6", "6"), "0.00", "450.50", "6", True),
    (("3", "3"), "0.00", "0.00", "3", True),  # only rejected lines: rejected
    (("4", "2"), "450.50", "450.50", "2", False),
    (("6", "3"), "0.00", "200.00", "6", True),
]


@pytest.mark.parametrize(("statuses", "total_amount", "order_total", "status", "closed"), DERIVED,
                         ids=["-".join(case[0]) for case in DERIVED])
def test_the_derived_fields_follow_the_lines(statuses, total_amount, order_total, status, closed):
    lines = [a_line(id=1, price=Decimal("100.00"), quantity=2, status=statuses[0]),
             a_line(id=2, price=Decimal("250.50"), quantity=1, status=statuses[1])]
    assert (str(money.delivery_total_amount(lines)), str(money.tab_total(lines))) == (total_amount, order_total)
    assert kept(statuses, None, NOW) == (status, NOW if closed else None)


def test_a_delivery_without_lines_has_no_status_and_is_closed_and_a_closed_one_keeps_its_moment():
    earlier = NOW - timedelta(hours=1)
    assert kept([], None, NOW) == (None, NOW)
    assert kept(["6", "3"], earlier, NOW) == ("6", earlier)
    assert kept(["6", "2"], earlier, NOW) == ("2", None)  # a line moved back: open again
    assert kept(["3", "4", "2"], None, NOW) == ("2", None) and kept(["6", "7"], None, NOW) == ("6", NOW)  # the lowest is final


async def test_every_change_of_a_deliverys_lines_keeps_its_status_and_only_theirs():
    world = World()
    world.dish(1), world.dish(2)
    first, second = world.order(None, delivery_id=70), world.order(None, delivery_id=71)
    a, b = world.line(first, 1), world.line(first, 2)
    c = world.line(second, 1)
    await world.run(update_all, OPERATOR_A, UpdateAll(pk_resto=10, lines=[{"pk": a.id, "status": "2"}, {"pk": c.id, "status": "3"}]))
    assert world.kept == [[70, 71]] and (world.delivery_status[70], world.delivery_status[71][0]) == (("1", None), "3")
    await world.run(remove, OPERATOR_A, b.id)
    assert world.kept[-1] == [70] and world.delivery_status[70] == ("2", None)
    await world.run(remove, OPERATOR_A, a.id)
    assert world.delivery_status[70][0] is None and world.delivery_status[70][1] is not None
