"""A diner's delivery or take-away order from the menu link is taken only where the restaurant takes
them (the spec's order-enabled rule; issue 18): a wa.me WhatsApp link and take-away on, a delivery
menu of that restaurant, orders not stopped, open by its schedule. Anything else is refused with a
code the diner's screen can branch on, and no tablet rings."""
from datetime import datetime, timedelta
from itertools import count
from zoneinfo import ZoneInfo

from contracts import catalog
from contracts.restaurant import TIME_ZONE
from tests.delivery.conftest import WHATSAPP, delivery_menu
from tests.helpers import A, MENU_A, MENU_B, deliver, outbox, profile

KEYS = count(1)


def body(menu=MENU_A, type_delivery=2):
    return {
        "fk_resto": A, "fk_menu": menu, "type_delivery": type_delivery, "contact_info": {"name": "Ana"},
        "address": "Av. Corrientes 1234" if type_delivery == 1 else "",
        "ordenes": [{"fk_dish": 1, "quantity": 1}],
    }


async def order(client, payload=None, lang="es"):
    return await client.post("/api/delivery/", json=payload or body(),
                             headers={"Idempotency-Key": f"menu-link-{next(KEYS):04d}", "Accept-Language": lang})


async def refused(client, app, people, code, status=400, payload=None) -> dict:
    answer = await order(client, payload, lang="en")
    assert (answer.status_code, answer.json().get("code")) == (status, code), answer.text
    assert await outbox(app, "ordering.order.placed") == []
    assert (await client.get(f"/api/delivery/?fk_resto={A}", headers=people.owner_a)).json()["count"] == 0
    return answer.json()


async def test_taken_where_the_restaurant_takes_them_for_delivery_and_take_away(client, people, app):
    for kind in (1, 2):
        answer = await order(client, body(type_delivery=kind))
        assert answer.status_code == 201, answer.text
    assert len(await outbox(app, "ordering.order.placed")) == 2


async def test_refused_without_a_wa_me_whatsapp_link(client, people, app):
    await deliver(app, profile(A, whatsapp="", takeaway=True))
    answer = await refused(client, app, people, "whatsapp_link_missing")
    assert answer["detail"] == "This restaurant does not take WhatsApp orders from the menu."
    await deliver(app, profile(A, whatsapp="https://example.com/5491145678900", takeaway=True))
    await refused(client, app, people, "whatsapp_link_missing")


async def test_refused_when_take_away_is_off(client, people, app):
    await deliver(app, profile(A, whatsapp=WHATSAPP, takeaway=False))
    for kind in (1, 2):
        await refused(client, app, people, "takeaway_off", payload=body(type_delivery=kind))


async def test_refused_before_the_restaurants_profile_is_known(client, people, app):
    answer = await order(client, {**body(), "fk_resto": 30})
    assert (answer.status_code, answer.json()["code"]) == (400, "whatsapp_link_missing")


async def test_refused_for_a_menu_that_is_not_a_delivery_menu(client, people, app):
    await deliver(app, delivery_menu(MENU_A, A, delivery=False))
    await refused(client, app, people, "menu_not_delivery")


async def test_another_restaurants_unknown_or_deleted_menu_looks_missing(client, people, app):
    for menu in (MENU_B, 999):
        answer = await refused(client, app, people, "menu_not_found", status=404, payload=body(menu=menu))
        assert answer["detail"] == "Menu not found."
    await deliver(app, catalog.MenuDeleted(menu_id=MENU_A, restaurant_id=A))
    await refused(client, app, people, "menu_not_found", status=404)


async def test_refused_when_orders_are_stopped(client, people, app):
    await deliver(app, profile(A, whatsapp=WHATSAPP, takeaway=True, stop_orders=True))
    await refused(client, app, people, "orders_stopped")


async def test_refused_when_closed_by_the_schedule(client, people, app):
    now = datetime.now(ZoneInfo(TIME_ZONE))
    opens, closes = (now + timedelta(hours=2)).strftime("%H:%M"), (now + timedelta(hours=3)).strftime("%H:%M")
    await deliver(app, profile(A, whatsapp=WHATSAPP, takeaway=True, horario_apertura=opens, horario_cierre=closes))
    answer = await refused(client, app, people, "restaurant_closed")
    assert answer["detail"] == f"The restaurant is closed: it is open from {opens} to {closes}."


async def test_staff_record_phone_orders_whatever_the_menu_link_takes(client, people, app):
    await deliver(app, profile(A, whatsapp="", takeaway=False), delivery_menu(MENU_A, A, delivery=False))
    staff = {**body(type_delivery=1), "contact_info": {"name": "Ana", "phone": "1144556677"}}
    answer = await client.post("/api/delivery/", json=staff, headers=people.operator_a)
    assert answer.status_code == 201, answer.text
