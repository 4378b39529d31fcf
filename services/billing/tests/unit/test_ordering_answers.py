"""Ordering's answers as billing reads them (`checkout.ordering`, over an in-process transport, no
server): what a line costs and whether a payment may pay it are ordering's `amount` and `payable`,
taken as ordering says them, never worked out again here; an answer without them is not one billing
can read (`OrderingUnavailable`: nothing is held on a guess)."""
from decimal import Decimal

import httpx
import pytest

from billing.checkout.ordering import OrderingApi, OrderingUnavailable
from billing.checkout.rules import Line

D = Decimal


class Settings:
    ordering_url = "http://ordering.test"
    ordering_timeout_seconds = 1.0


def tab_line(line_id: int, **fields) -> dict:
    """A line of the diner's tab (`GET ordenes/lugar/{token}/`, ordering's `TabLine`) as JSON."""
    return {"id": line_id, "order": 3, "fk_dish": 2, "dish_name": "Milanesa", "price": "250.55", "quantity": 3, "status": "2",
            "extra_commentary": "", "diner_name": "Ana", "creation_date": "2026-11-25T21:30:00Z", "status_pay": None,
            "amount": "751.65", "payable": True, **fields}


def staff_line(line_id: int, **fields) -> dict:
    """A line of `GET delivery/ordenes/?fk_delivery=` (ordering's `LinePublic`) as JSON."""
    return {"id": line_id, "order": 5, "fk_sit": None, "sit_name": "", "fk_dish": 1, "dish_name": "Empanada", "price": "100.00",
            "quantity": 2, "status": "4", "extra_commentary": "", "diner_name": "", "fk_user_client": None, "fk_delivery": 40,
            "fk_resto": 10, "creation_date": "2026-11-25T21:30:00Z", "version": 3, "cash": False, "status_pay": None,
            "total_paid_amount": "0.00", "account_pay": None, "amount": "200.00", "payable": True, **fields}


def ordering(answer) -> OrderingApi:
    return OrderingApi(Settings(), httpx.AsyncClient(transport=httpx.MockTransport(lambda request: httpx.Response(200, json=answer(request)))))


async def test_the_tabs_lines_cost_and_may_be_paid_as_ordering_says():
    api = ordering(lambda request: {"fk_sit": 11, "i_name": "M11", "fk_resto": 10, "total": "851.65", "lines": [
        tab_line(7), tab_line(8, price="0.335", quantity=3, amount="1.01", status="4", status_pay="pending"),
        tab_line(9, status="6", status_pay="paid", payable=False, amount="100.00", price="100.00", quantity=1)]})
    tab = await api.tab("token-11")
    assert (tab.place_id, tab.place_name, tab.restaurant_id) == (11, "M11", 10)
    assert tab.lines == [Line(7, 3, "Milanesa", D("250.55"), 3, D("751.65"), True),
                         Line(8, 3, "Milanesa", D("0.335"), 3, D("1.01"), True),
                         Line(9, 3, "Milanesa", D("100.00"), 1, D("100.00"), False)]


async def test_a_delivery_orders_lines_are_read_from_the_staff_answer_alike():
    api = ordering(lambda request: [staff_line(1), staff_line(2, payable=False, amount="90.00"), staff_line(3, fk_delivery=41)])
    found = await api.delivery_lines(40, "Bearer staff")
    assert (found.delivery_id, found.restaurant_id) == (40, 10)
    assert [(l.line_id, l.amount, l.payable) for l in found.lines] == [(1, D("200.00"), True), (2, D("90.00"), False)]


@pytest.mark.parametrize("fields", [{"amount": None}, {"payable": "true"}, {"payable": None}])
async def test_a_line_without_ordering_s_amount_or_payable_is_not_an_answer_billing_reads(fields):
    broken = {**tab_line(7), **fields}
    broken = {name: value for name, value in broken.items() if value is not None or name == "status_pay"}
    api = ordering(lambda request: {"fk_sit": 11, "i_name": "M11", "fk_resto": 10, "total": "0", "lines": [broken]})
    with pytest.raises(OrderingUnavailable):
        await api.tab("token-11")
    staff = ordering(lambda request: [{name: value for name, value in staff_line(1, **fields).items()
                                       if value is not None or name not in ("amount", "payable")}])
    with pytest.raises(OrderingUnavailable):
        await staff.delivery_lines(40, "Bearer staff")
