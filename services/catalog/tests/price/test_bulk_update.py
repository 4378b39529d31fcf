"""Bulk price update (spec part 1 §3, §5, §8): one transaction, rounding, dishes that would fall below 1."""
import asyncio
from decimal import Decimal

import pytest
from sqlalchemy import select, text

from catalog.menu.models import Dish
from catalog.price.schemas import BulkPriceUpdate
from catalog.price.service import update_prices
from kit.auth import OWNER
from kit.tokens import Principal
from tests.helpers import A, OWNER_A, create_category, create_dish, create_menu, outbox_payloads, peak_allocation


async def bulk(client, headers, menu_id, **body):
    return await client.post(f"/api/actualizar-precio-masivo/?id_menu={menu_id}", json=body, headers=headers)


async def wait_until_one_waits_for_a_lock(app, seconds: float = 10.0) -> None:
    """Until another transaction of this database waits for a row lock (bounded, no fixed sleep)."""
    async with app.state.session_factory() as observer:
        for _ in range(int(seconds / 0.02)):
            # A transaction keeps the pg_stat_activity snapshot it first read unless it clears it.
            await observer.execute(text("SELECT pg_stat_clear_snapshot()"))
            waiting = await observer.scalar(text(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
            ))
            if waiting:
                return
            await asyncio.sleep(0.02)
    raise AssertionError(f"no transaction waited for a lock within {seconds} s")


async def prices(client, headers, menu_id) -> dict[str, str]:
    listed = (await client.get(f"/api/dish/?menu_group__menu={menu_id}&size=500", headers=headers)).json()
    return {d["name"]: d["price"] for d in listed["results"]}


@pytest.fixture
async def carta(client, people):
    menu = await create_menu(client, people.owner_a)
    entradas = await create_category(client, people.owner_a, menu["id"], name="Entradas")
    principales = await create_category(client, people.owner_a, menu["id"], name="Principales")
    carnes = await create_category(client, people.owner_a, menu["id"], name="Carnes", sub_category=principales["id"])
    await create_dish(client, people.owner_a, entradas["id"], name="Empanada", price="5.00")
    await create_dish(client, people.owner_a, entradas["id"], name="Provoleta", price="1.03")
    await create_dish(client, people.owner_a, carnes["id"], name="Bife", price="100.00")
    return {"menu": menu["id"], "entradas": entradas["id"], "principales": principales["id"], "carnes": carnes["id"]}


async def test_a_percentage_raises_every_price_of_the_menu_rounded_half_up(client, people, carta):
    answer = await bulk(client, people.owner_a, carta["menu"], tipo_cambio="Porcentaje", valor=50, tipo_update=1, category=-1)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"detail": "Precios actualizados.", "updated": 3, "dish_no_update": []}
    # 1.03 x 1.5 = 1.545 -> 1.55 (half up; banker's rounding would give 1.54)
    assert await prices(client, people.owner_a, carta["menu"]) == {"Empanada": "7.50", "Provoleta": "1.55", "Bife": "150.00"}


async def test_an_amount_lowers_one_category_and_its_sub_categories_only(client, people, carta):
    answer = await bulk(client, people.owner_a, carta["menu"], tipo_cambio="Precio", valor="10.5", tipo_update=0, category=carta["principales"])
    assert answer.status_code == 200 and answer.json()["updated"] == 1
    assert await prices(client, people.owner_a, carta["menu"]) == {"Empanada": "5.00", "Provoleta": "1.03", "Bife": "89.50"}


async def test_a_bulk_update_announces_the_new_prices_in_one_event(client, people, carta, app):
    await bulk(client, people.owner_a, carta["menu"], tipo_cambio="Porcentaje", valor=10, tipo_update=1, category=carta["entradas"])
    [event] = await outbox_payloads(app, "catalog.prices.changed")
    assert event["menu_id"] == carta["menu"] and event["restaurant_id"] == A
    assert sorted(p["price"] for p in event["prices"]) == ["1.13", "5.50"]


async def test_the_menu_is_required(client, people):
    answer = await client.post("/api/actualizar-precio-masivo/", json={"tipo_cambio": "Precio", "valor": 1, "tipo_update": 1}, headers=people.owner_a)
    assert answer.status_code == 400 and answer.json() == {"id_menu": ["Debe seleccionar un menú."], "code": "menu_required"}
    english = {**people.owner_a, "Accept-Language": "en"}
    answer = await client.post("/api/actualizar-precio-masivo/", json={"tipo_cambio": "Precio", "valor": 1, "tipo_update": 1}, headers=english)
    assert answer.status_code == 400 and answer.json() == {"id_menu": ["You must select a menu."], "code": "menu_required"}


async def test_a_category_of_another_menu_is_not_found(client, people, carta):
    other = await create_menu(client, people.owner_a, name="Otra")
    answer = await bulk(client, people.owner_a, other["id"], tipo_cambio="Precio", valor=1, tipo_update=1, category=carta["entradas"])
    assert answer.status_code == 404


async def test_a_bulk_update_waits_for_a_dish_edit_in_progress_and_raises_its_new_price(client, people, carta, app):
    """Two sessions on the real database: the edit holds its row; the bulk update must not lose it."""
    async with app.state.session_factory() as edit:
        bife = await edit.scalar(select(Dish).where(Dish.name == "Bife").with_for_update())
        bife.price = Decimal("200.00")
        await edit.flush()
        update = asyncio.create_task(
            bulk(client, people.owner_a, carta["menu"], tipo_cambio="Porcentaje", valor=10, tipo_update=1, category=-1)
        )
        await wait_until_one_waits_for_a_lock(app)
        assert not update.done()  # blocked on the row the edit holds
        await edit.commit()
    answer = await update
    assert answer.status_code == 200 and answer.json()["updated"] == 3
    assert await prices(client, people.owner_a, carta["menu"]) == {"Empanada": "5.50", "Provoleta": "1.13", "Bife": "220.00"}


async def test_a_dish_edit_waits_for_a_bulk_update_in_progress_and_nobody_sees_half_of_it(client, people, carta, app):
    owner = Principal(user_id=OWNER_A, username="owner", groups=(OWNER,), token_id="t", issued_at=0, expires_at=0)
    bife = (await client.get("/api/dish/?search=Bife", headers=people.owner_a)).json()["results"][0]
    async with app.state.session_factory() as bulk_session:
        data = BulkPriceUpdate(tipo_cambio="Porcentaje", valor=Decimal(10), tipo_update=1, category=-1)
        await update_prices(bulk_session, owner, carta["menu"], data)
        edit = asyncio.create_task(client.put(f"/api/dish/{bife['pk']}/", data={"price": "300"}, headers=people.owner_a))
        await wait_until_one_waits_for_a_lock(app)
        assert not edit.done()  # blocked on the locked dish
        # Meanwhile readers see the old prices, all of them.
        assert await prices(client, people.owner_a, carta["menu"]) == {"Empanada": "5.00", "Provoleta": "1.03", "Bife": "100.00"}
        await bulk_session.commit()
    assert (await edit).status_code == 200
    assert await prices(client, people.owner_a, carta["menu"]) == {"Empanada": "5.50", "Provoleta": "1.13", "Bife": "300.00"}


# The other long forms (-1e999999999, 1e-999999999, 14 digits) are the parser's: tests/unit/test_bulk_price.py.
@pytest.mark.parametrize("valor", ["1e999999999"])
async def test_a_value_too_long_written_out_is_refused_at_once_without_allocating_it(client, people, carta, valor):
    """1e999999999 written out is a billion characters: refused before anything writes it out."""
    call = bulk(client, people.owner_a, carta["menu"], tipo_cambio="Precio", valor=valor, tipo_update=1, category=-1)
    answer, peak = await peak_allocation(call)
    assert answer.status_code == 400
    assert answer.json() == {"valor": ["Asegúrese de que este campo no tenga más de 13 caracteres."]}
    assert peak < 16 * 2**20, f"{peak / 2**20:.0f} MiB"


async def test_a_number_beyond_any_float_is_not_a_valid_number(client, people, carta):
    body = b'{"tipo_cambio": "Precio", "valor": 1e999999999, "tipo_update": 1}'
    answer = await client.post(
        f"/api/actualizar-precio-masivo/?id_menu={carta['menu']}", content=body,
        headers={**people.owner_a, "Content-Type": "application/json", "Accept-Language": "en"},
    )
    assert answer.status_code == 400 and answer.json() == {"valor": ["A valid number is required."]}


async def test_a_huge_value_still_meets_the_access_checks_first(client, people, carta):
    body = {"tipo_cambio": "Precio", "valor": "1e999999999", "tipo_update": 1}
    assert (await bulk(client, people.client, carta["menu"], **body)).status_code == 403
    assert (await bulk(client, {}, carta["menu"], **body)).status_code == 401
    answer = await bulk(client, people.owner_b, carta["menu"], **{**body, "valor": "10"})
    assert answer.status_code == 404 and await prices(client, people.owner_a, carta["menu"]) == {
        "Empanada": "5.00", "Provoleta": "1.03", "Bife": "100.00"
    }
