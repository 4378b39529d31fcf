import pytest

from contracts import catalog
from tests.helpers import A, B, MENU_A, MENU_B, deliver, profile

WHATSAPP = "https://wa.me/5491145678900"


def delivery_menu(menu=MENU_A, restaurant=A, delivery=True) -> catalog.MenuChanged:
    return catalog.MenuChanged(menu_id=menu, restaurant_id=restaurant, name=f"Carta {menu}", delivery=delivery)


@pytest.fixture(autouse=True)
async def takes_deliveries(app, people):
    """A and B take diners' orders from the menu link: a wa.me link, take-away on, a delivery menu
    (the spec's order-enabled rule); a test turns one of them off with a newer event."""
    await deliver(
        app,
        profile(A, whatsapp=WHATSAPP, takeaway=True), profile(B, whatsapp=WHATSAPP, takeaway=True),
        delivery_menu(MENU_A, A), delivery_menu(MENU_B, B),
    )
