"""The order-line status machine and the rules beside it (spec part 2 §4 'Transitions', 'Payment',
'Delivery bulk update', 'Table display status'), read from `transitions` alone."""
import itertools

import pytest

from ordering.order.answers import public
from ordering.order.errors import (
    CashNotRejectable, IllegalTransition, OnlinePaymentPending, PaidLineUndeletable, PaidOnlyByPayment,
)
from ordering.order.schemas import BoardLine
from ordering.order.transitions import (
    BULK, DELIVERY_BULK, TRANSITIONS, check_move, check_removable, delivery_bulk_applies, display_status, payable,
)
from ordering.table.schemas import TablePublic
from tests.unit.test_answers import a_line

STATUSES = "1234567"
LEGAL = {("1", "2"), ("2", "4"), ("1", "3"), ("2", "3"), ("2", "6"), ("4", "6")}
BY_PAYMENT = {("2", "6"), ("4", "6")}


def test_the_table_is_exactly_the_specs_transitions():
    assert set(TRANSITIONS) == LEGAL
    assert {pair for pair, action in TRANSITIONS.items() if action == "pay"} == BY_PAYMENT


@pytest.mark.parametrize(("from_status", "to_status"), [p for p in itertools.product(STATUSES, STATUSES) if p[0] != p[1]])
def test_every_move_is_allowed_only_if_the_table_has_it_and_paying_only_by_a_payment(from_status, to_status):
    line = a_line(status=from_status)
    if (from_status, to_status) in LEGAL - BY_PAYMENT:
        check_move(line, to_status)
        return
    if (from_status, to_status) in BY_PAYMENT:
        with pytest.raises(PaidOnlyByPayment):
            check_move(line, to_status)
        check_move(line, to_status, by_payment=True)
        return
    with pytest.raises(IllegalTransition):
        check_move(line, to_status)
    with pytest.raises(IllegalTransition):
        check_move(line, to_status, by_payment=True)


def test_an_illegal_move_names_both_statuses_in_both_languages():
    error = IllegalTransition("4", "3")
    assert (error.body["code"], error.body["detail"].es, error.body["detail"].en) == (
        "illegal_transition", "Una orden entregada no puede pasar a rechazada.", "A delivered order cannot become rejected.")


def test_a_cash_line_is_never_rejected_nor_one_an_online_payment_holds():
    with pytest.raises(CashNotRejectable):
        check_move(a_line(status="2", pay_method="cash"), "3")
    for held in ("pending", "rejected"):
        with pytest.raises(OnlinePaymentPending) as refused:
            check_move(a_line(status="2", pay_status=held), "3")
        assert refused.value.body["lines"] == [7]
    check_move(a_line(status="2", pay_status="pending"), "4")  # delivering it is not refused


def test_a_paid_line_or_one_held_online_is_not_removed():
    with pytest.raises(PaidLineUndeletable):
        check_removable(a_line(status="6", pay_status="paid"))
    with pytest.raises(OnlinePaymentPending):
        check_removable(a_line(status="4", pay_status="pending"))
    check_removable(a_line(status="3"))


@pytest.mark.parametrize(("target", "applies_to"), [
    ("2", {"1"}), ("4", {"2"}), ("3", {"1", "2"}), ("6", set()), ("7", set()), ("1", set()), ("0", set()),
])
def test_the_delivery_bulk_update_applies_a_target_to_the_statuses_it_follows(target, applies_to):
    assert {s for s in STATUSES if delivery_bulk_applies(s, target)} == applies_to
    assert set(DELIVERY_BULK.get(target, ())) == applies_to


def test_the_bulk_buttons_move_only_lines_the_table_lets_them():
    assert BULK == {"accept": (("1",), "2"), "deliver": (("2",), "4"), "reject": (("1", "2"), "3")}
    assert all((source, target) in TRANSITIONS for sources, target in BULK.values() for source in sources)


@pytest.mark.parametrize(("statuses", "shown"), [
    ([], None), (["2", "2"], "2"), (["3", "3"], "3"), (["1", "2", "4"], "1"), (["3", "4"], "4"), (["2", "3", "4"], "2"),
    (["6", "3"], "6"), (["3"], "3"),
])
def test_the_display_status_is_the_shared_one_or_the_lowest_ignoring_rejected(statuses, shown):
    assert display_status(statuses) == shown


def board_line(**fields) -> BoardLine:
    return BoardLine.model_validate(public(a_line(**fields), "M11"), from_attributes=True)


@pytest.mark.parametrize(("fields", "can_reject", "can_pay", "next_status"), [
    (dict(status="1"), True, False, "2"),
    (dict(status="2"), True, True, "4"),
    (dict(status="4"), False, True, None),
    (dict(status="3"), False, False, None),
    (dict(status="6", pay_status="paid", pay_method="cash", payment_id=1), False, False, None),
    (dict(status="2", pay_status="pending"), False, True, "4"),
    (dict(status="4", pay_status="rejected"), False, True, None),
])
def test_each_board_line_says_what_may_be_done_with_it_from_the_rules(fields, can_reject, can_pay, next_status):
    line = board_line(**fields)
    assert (line.can_reject, line.can_pay, line.next_status) == (can_reject, can_pay, next_status)
    assert line.payable is payable(fields["status"], fields.get("pay_status"))


@pytest.mark.parametrize(("status", "counts", "actions"), [
    ("1", {"1": 2}, ["aceptar", "rechazar"]),
    ("1", {"1": 1, "2": 1}, ["aceptar", "entregar", "rechazar"]),
    ("2", {"2": 1, "4": 1}, ["entregar", "rechazar"]),
    ("4", {"4": 2}, []),
    (None, {}, []),
])
def test_a_tables_bulk_buttons_are_those_that_would_move_a_line(status, counts, actions):
    table = TablePublic(fk_sit=11, i_name="M11", sit_type="mesa", admin=True, status=status, counts=counts,
                        newest_order_at=None, late=False, late_message=None, wait_time=0)
    assert table.actions == actions
