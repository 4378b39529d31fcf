"""Every text identity sends is in Spanish (the default) and English with the same blanks to fill;
and the admin's dashboard counts orders, the newest filling 'last order' whatever the arrival order."""
import string
from datetime import UTC, datetime, timedelta

import pytest

from identity import messages
from identity.admin.models import RestaurantActivity
from identity.admin.service import record_order
from identity.restaurant.models import Restaurant
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


class Rows:
    """session.get and session.add over a dict of rows, as record_order uses them."""

    def __init__(self, *rows):
        self.rows = {(type(row), getattr(row, "id", None) or row.restaurant_id): row for row in rows}

    async def get(self, kind, key, with_for_update=False):
        return self.rows.get((kind, key))

    def add(self, row):
        self.rows[(type(row), row.restaurant_id)] = row


NOW = datetime(2026, 11, 30, 21, 0, tzinfo=UTC)


async def test_orders_are_counted_and_the_newest_is_the_last_whatever_the_arrival_order():
    session = Rows(Restaurant(id=3, owner_id=5, nombre_local="La Parrilla"))
    await record_order(session, 3, NOW, "Ana", "Bife")
    await record_order(session, 3, NOW - timedelta(minutes=5), "Bruno", "Flan")  # older, arriving late
    await record_order(session, 3, NOW + timedelta(minutes=1), "Carla", "Vino")
    activity = session.rows[(RestaurantActivity, 3)]
    assert (activity.total_orders, activity.last_order_at, activity.last_order_user, activity.last_order_dish) == (
        3, NOW + timedelta(minutes=1), "Carla", "Vino")


async def test_an_order_of_a_restaurant_identity_does_not_know_is_not_counted():
    session = Rows()
    await record_order(session, 3, NOW, "Ana", "Bife")
    assert (RestaurantActivity, 3) not in session.rows
