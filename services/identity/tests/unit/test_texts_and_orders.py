"""Every text identity sends is in Spanish (the default) and English with the same blanks to fill;
and the admin's dashboard counts orders, the newest filling 'last order' whatever the arrival order."""
import string
from datetime import UTC, datetime, timedelta

import pytest

from identity import messages
from contracts.ordering import OrderPlaced
from identity.admin.service import Tally, tally
from kit.i18n import DEFAULT_LANG, Text

TEXTS = {name: value for name, value in vars(messages).items() if isinstance(value, Text)}
TEXTS |= {f"PASSWORD_SIMILAR[{key}]": value for key, value in messages.PASSWORD_SIMILAR.items()}


def blanks(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_every_text_is_in_both_languages_with_the_same_blanks(name):
    text = TEXTS[name]
    assert text.es.strip() and text.en.strip()
    assert blanks(text.es) == blanks(text.en)


def test_a_text_is_read_in_spanish_unless_english_is_asked_for():
    assert DEFAULT_LANG == "es"
    assert messages.TERMS_NOT_ACCEPTED.render() == "Debés aceptar los términos y condiciones."
    assert messages.TERMS_NOT_ACCEPTED.render("en") == "You must accept the terms and conditions."
    assert messages.PASSWORD_TOO_SHORT.format(min_length=8).render() == "La contraseña es demasiado corta. Debe contener al menos 8 caracteres."


NOW = datetime(2026, 11, 30, 21, 0, tzinfo=UTC)


def placed(restaurant_id: int, at: datetime, by: str, dish: str) -> OrderPlaced:
    return OrderPlaced(restaurant_id=restaurant_id, order_id=1, placed_at=at, placed_by=by, first_dish_name=dish,
                       kind="table", source="staff")


def test_a_batch_counts_each_restaurants_orders_and_the_newest_is_the_last_whatever_the_arrival_order():
    tallies = tally([
        placed(3, NOW, "Ana", "Bife"),
        placed(4, NOW, "Dora", "Agua"),
        placed(3, NOW - timedelta(minutes=5), "Bruno", "Flan"),  # older, arriving late
        placed(3, NOW + timedelta(minutes=1), "Carla", "Vino"),
    ])
    assert tallies == {
        3: Tally(orders=3, last_order_at=NOW + timedelta(minutes=1), last_order_user="Carla", last_order_dish="Vino"),
        4: Tally(orders=1, last_order_at=NOW, last_order_user="Dora", last_order_dish="Agua"),
    }


def test_orders_placed_at_the_same_moment_keep_the_one_that_came_last():
    assert tally([placed(3, NOW, "Ana", "Bife"), placed(3, NOW, "Bruno", "Flan")])[3].last_order_user == "Bruno"
