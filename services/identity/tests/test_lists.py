"""Every identity list goes through kit.pagination: `%` and `_` match themselves, and page numbers
and ids past what can exist answer 400/404, never 500."""
import pytest

from identity.seed import ADMIN_USERNAME, LOCAL_ADMIN_PASSWORD, seed
from identity.settings import Settings
from tests.helpers import login, register_client, register_owner


async def test_search_escapes_percent_and_underscore_in_every_list(client):
    owner = await register_owner(client, nombre_local="Bar 100%")
    other = await register_owner(client, email="b@example.com", nombre_local="Bar 1000")
    await register_client(client, email="a_b@example.com")
    await register_client(client, email="axb@example.com", first_name="Axel")
    await seed(Settings())
    admin = await login(client, ADMIN_USERNAME, LOCAL_ADMIN_PASSWORD)
    names = lambda answer: sorted(row["nombre_local"] for row in answer.json()["results"])  # noqa: E731
    assert names(await client.get("/api/restaurant-atributes/", params={"search": "100%"}, headers=admin)) == ["Bar 100%"]
    assert names(await client.get("/api/admin/restaurantes/", params={"search": "100%"}, headers=admin)) == ["Bar 100%"]
    assert names(await client.get("/api/admin/dashboard/", params={"search": "100%"}, headers=admin)) == ["Bar 100%"]
    accounts = await client.get("/api/cliente/", params={"search": "a_b"}, headers=admin)
    assert [row["email"] for row in accounts.json()["results"]] == ["a_b@example.com"]
    assert owner and other


@pytest.mark.parametrize("path", ["/api/restaurant-atributes/", "/api/admin/restaurantes/", "/api/admin/dashboard/", "/api/cliente/", "/api/registrar-operador/"])
async def test_a_huge_page_number_is_a_400_on_page(client, path):
    await seed(Settings())
    admin = await login(client, ADMIN_USERNAME, LOCAL_ADMIN_PASSWORD)
    answer = await client.get(path, params={"page": 10**12}, headers=admin)
    assert answer.status_code == 400 and "page" in answer.json()
    assert (await client.get(path, params={"page": 2}, headers=admin)).status_code == 200


@pytest.mark.parametrize("path", ["/api/restaurant-atributes/{id}/", "/api/restaurant-atributes/{id}/horario/", "/api/registrar-operador/{id}/"])
async def test_an_id_past_any_database_id_is_not_found(client, path):
    owner = await register_owner(client)
    answer = await client.get(path.format(id=10**12), headers=owner["headers"])
    assert answer.status_code == 404
