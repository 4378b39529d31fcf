"""Texts in both languages: amounts and filled templates (no database)."""
from decimal import Decimal

from kit.i18n import Text, money


def test_an_amount_is_written_as_each_language_writes_it():
    assert money(Decimal("1234567.5")) == Text(es="$ 1.234.567,50", en="$1,234,567.50")
    assert money(Decimal("0")) == Text(es="$ 0,00", en="$0.00")


def test_a_text_parameter_fills_each_language_with_its_own_words():
    template = Text(es="{who} debe {amount}", en="{who} owes {amount}")
    assert template.format(who="Resto", amount=money(Decimal("15"))) == Text(es="Resto debe $ 15,00", en="Resto owes $15.00")
