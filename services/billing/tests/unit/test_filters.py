"""The filters as the screens send them (no database): the payment type's names and numbers, and
`y-m-d` local days."""
from datetime import date

import pytest

from billing.filters import Period, payment_method, period
from kit.errors import FieldErrors


@pytest.mark.parametrize("sent, method", [
    (None, None), ("", None), ("all", None), ("ALL", None), ("0", None), (0, None),
    ("Efectivo", "cash"), ("efectivo", "cash"), ("1", "cash"), (1, "cash"),
    ("Debito", "debit"), ("Débito", "debit"), (2, "debit"),
    ("Credito", "credit"), ("Crédito", "credit"), ("3", "credit"),
    ("MercadoPago", "online"), ("mercadopago", "online"), (4, "online"),
])
def test_a_payment_type_is_all_or_one_method_by_name_or_number(sent, method):
    assert payment_method(sent) == method


@pytest.mark.parametrize("sent", ["Cheque", "5", 5, "-1", "cash", "Efectivo y Debito"])
def test_any_other_payment_type_is_refused_on_its_field(sent):
    with pytest.raises(FieldErrors) as refused:
        payment_method(sent)
    assert list(refused.value.body) == ["payment_type"]


def test_a_period_is_two_optional_days_in_order():
    assert period("2026-10-01", "2026-10-31") == Period(date(2026, 10, 1), date(2026, 10, 31))
    assert period(None, "") == Period()
    assert period("2026-10-01", "2026-10-01") == Period(date(2026, 10, 1), date(2026, 10, 1))
    for start, end, field in (("20261001", None, "start_date"), ("2026-10-1", None, "start_date"),
                              (None, "2026-13-01", "end_date"), ("2026-10-02", "2026-10-01", "end_date")):
        with pytest.raises(FieldErrors) as refused:
            period(start, end)
        assert list(refused.value.body) == [field]
