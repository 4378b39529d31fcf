"""The admin's views: customer list, restaurants list and dashboard (spec part 2 §2 'Admin screens')."""
from datetime import UTC, datetime, timedelta

import pytest
from decimal import Decimal

from contracts.ordering import OrderPlaced
from identity.admin.service import record_orders
from identity.seed import ADMIN_USERNAME, LOCAL_ADMIN_PASSWORD as ADMIN_PASSWORD, seed
from tests.helpers import login, register_client, register_owner, token_header


async def admin_headers(client, app):
    await seed(app.state.settings)
    return await login(client, ADMIN_USERNAME, ADMIN_PASSWORD)


async def test_the_admin_finds_an_owner_in_the_customer_list(client, app):
    await register_owner(client, email="dueno@example.com")
    await register_client(client)
    admin = await admin_headers(client, app)
    page = await client.get("/api/cliente/?search=dueno&page=1&size=20", headers=admin)
    assert page.status_code == 200
    assert [row["username"] for row in page.json()["results"]] == ["dueno@example.com"]
    everyone = await client.get("/api/cliente/", headers=admin)
    assert everyone.json()["count"] == 3  # two owners (demo, dueno) and a client; never admins
    assert set(everyone.json()["results"][0]) >= {"username", "first_name", "last_name", "email", "telefono"}


async def test_the_dashboard_counts_orders_from_ordering_events(client, app):
    owner = await register_owner(client, email="dueno@example.com", nombre_local="Con Pedidos")
    admin = await admin_headers(client, app)
    now = datetime.now(UTC)
    def placed(restaurant_id, at, by, dish):
        return OrderPlaced(restaurant_id=restaurant_id, order_id=1, placed_at=at, placed_by=by, first_dish_name=dish)

    async with app.state.session_factory() as session, session.begin():  # two batches, the newest order in the first
        await record_orders(session, [placed(owner["id"], now - timedelta(hours=2), "ana@example.com", "Milanesa"),
                                      placed(owner["id"], now, "juan@example.com", "Flan"),
                                      placed(999_999, now, "nadie@example.com", "Agua")])  # a restaurant identity does not have
    async with app.state.session_factory() as session, session.begin():
        await record_orders(session, [placed(owner["id"], now - timedelta(hours=1), "eva@example.com", "Empanada")])  # late arrival
    rows = (await client.get("/api/admin/dashboard/?ordering=-num_orders", headers=admin)).json()["results"]
    top = rows[0]
    assert (top["nombre_local"], top["num_orders"], top["last_order"]["fk_user_client"]) == ("Con Pedidos", 3, "juan@example.com")
    assert {"id", "username", "date_joined", "last_login"} <= set(top)
    restaurants = (await client.get("/api/admin/restaurantes/?search=pedidos", headers=admin)).json()
    assert restaurants["count"] == 1
    row = restaurants["results"][0]
    assert row["num_orders"] == 3 and row["application_fee"] in ("0.50", 0.5) and row["fk_user"]["username"] == "dueno@example.com"


async def test_admin_views_are_for_admins_only(client, app):
    owner = await register_owner(client)
    diner = token_header((await register_client(client))["auth_token"])
    for headers in (owner["headers"], diner, {}):
        for path in ("/api/cliente/", "/api/admin/dashboard/", "/api/admin/restaurantes/"):
            assert (await client.get(path, headers=headers)).status_code in (401, 403)


@pytest.mark.broker  # the events arrive as their producers publish them
async def test_ordering_events_fill_the_dashboard(client, app):
    from kit.testing.membership_tests import publish, wait_processed
    from contracts.ordering import OrderPlaced

    owner = await register_owner(client, email="dueno@example.com", nombre_local="Con Eventos")
    placed = OrderPlaced(restaurant_id=owner["id"], order_id=99, placed_at=datetime.now(UTC), placed_by="ana@example.com", first_dish_name="Flan")
    await publish(app, placed)
    await publish(app, placed)  # a redelivery counts once
    marker = OrderPlaced(restaurant_id=owner["id"], order_id=100, placed_at=datetime.now(UTC) - timedelta(days=1), placed_by="old@example.com")
    await publish(app, marker)
    await wait_processed(app, placed, marker)
    admin = await admin_headers(client, app)
    row = (await client.get("/api/admin/dashboard/?search=eventos", headers=admin)).json()["results"][0]
    assert (row["num_orders"], row["last_order"]["fk_user_client"], row["last_order"]["fk_dish"]) == (2, "ana@example.com", "Flan")


@pytest.mark.broker  # the events arrive as their producers publish them
async def test_the_admins_rows_show_the_fee_billing_announces_and_never_an_older_one(client, app):
    from contracts.billing import FeeChanged
    from kit.testing.membership_tests import publish, wait_processed

    owner = await register_owner(client, email="dueno@example.com", nombre_local="Con Comision")
    now = datetime.now(UTC)
    newer = FeeChanged(restaurant_id=owner["id"], application_fee=Decimal("1.25"), effective_at=now)
    older = FeeChanged(restaurant_id=owner["id"], application_fee=Decimal("3.00"), effective_at=now - timedelta(hours=1))
    await publish(app, newer)
    await publish(app, older)  # arrives late: changes nothing
    await wait_processed(app, newer, older)
    admin = await admin_headers(client, app)
    row = (await client.get("/api/admin/restaurantes/?search=comision", headers=admin)).json()["results"][0]
    assert Decimal(str(row["application_fee"])) == Decimal("1.25")
