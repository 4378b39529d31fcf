"""The demo login opens a working restaurant (issue 12): `make up` ran deploy/local/demo.py, which
built it through the API. Read back here as the demo owner's screens read it."""
import pytest

MENU = "Carta Resto Demo"


def items(answer) -> list[dict]:
    assert answer.status_code == 200, answer.text
    body = answer.json()
    return body["results"] if isinstance(body, dict) else body


@pytest.fixture(scope="module")
def demo(client) -> tuple[dict, int]:
    login = client.post("/api/auth/token/demo/")
    assert login.status_code == 200, "the local stack enables the demo login"
    owner = {"Authorization": f"Token {login.json()['auth_token']}"}
    restaurant = min(r["id"] for r in items(client.get("/api/restaurant/", headers=owner)) if r["nombre_local"] == "Resto Demo")
    return owner, restaurant


def test_the_demo_menu_has_categories_and_dishes_with_pictures_that_load(client, demo):
    owner, restaurant = demo
    [menu] = [m for m in items(client.get(f"/api/menu/?restaurant={restaurant}&paginate=0", headers=owner)) if m["name"] == MENU]
    dishes = [d for d in items(client.get(f"/api/dish/?restaurant={restaurant}&paginate=0", headers=owner)) if d["group_dish"]["menu"] == menu["id"]]
    assert len({d["group_dish"]["name"] for d in dishes}) >= 4 and len(dishes) >= 12
    assert all(d["dish_dimage"] for d in dishes), [d["name"] for d in dishes if not d["dish_dimage"]]
    picture = client.get(dishes[0]["dish_dimage"][0]["image"])
    assert picture.status_code == 200 and picture.headers["content-type"].startswith("image/")


def test_the_demo_floor_has_tables_and_chairs(client, demo):
    owner, restaurant = demo
    places = client.get(f"/api/sit/?fk_resto={restaurant}", headers=owner).json()
    kinds = [p["sit_type"] for p in places]
    assert kinds.count("mesa") >= 6 and kinds.count("silla") >= 2


def test_the_demo_board_has_orders_in_every_status_the_board_reaches(client, demo):
    owner, restaurant = demo
    lines = items(client.get(f"/api/ordenes/?fk_sit__fk_resto={restaurant}&paginate=0", headers=owner))
    assert {"1", "2", "3", "4", "6"} <= {line["status"] for line in lines}  # new, accepted, rejected, delivered, paid
    deliveries = items(client.get(f"/api/delivery/?fk_resto={restaurant}", headers=owner))
    assert deliveries and deliveries[0]["contact_info"]["name"]
