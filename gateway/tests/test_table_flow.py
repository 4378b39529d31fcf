"""A table's whole life through the gateway, across catalog, floor, ordering and notifications:
the owner builds a menu and a table, a diner orders from the table's code, the board and both
sockets hear it, a tablet accepts, the diner calls the waiter, the code is renewed."""
import uuid

from test_notifications import close_of, frame, open_socket, register_owner
from test_platform_flows import eventually


def staff(token: str) -> dict:
    return {"Authorization": f"Token {token}"}


def test_a_diner_orders_from_the_table_code_and_every_screen_follows(base_url, client):
    restaurant, token = register_owner(client, "Mesa Completa")
    owner = staff(token)
    eventually(lambda: client.get(f"/api/menu/?restaurant={restaurant}", headers=owner).status_code == 200)
    menu = client.post("/api/menu/", json={"name": "Carta", "restaurant": restaurant}, headers=owner).json()["id"]
    category = client.post("/api/menu-group/", json={"name": "Empanadas", "menu": menu, "order": 0}, headers=owner).json()["id"]
    dish = client.post("/api/dish/", data={"name": "Empanada de carne", "price": "1500.00", "menu_group": str(category)}, headers=owner)
    assert dish.status_code == 201, dish.text
    dish_id = dish.json()["pk"]

    # floor learns the menu by event; then the table gets its code
    def place_created():
        answer = client.post("/api/sit/", json={"location": [{"fk_resto": restaurant, "fk_menu": menu, "i_name": "M1", "sit_type": "mesa",
                                                               "x_axis": 0, "y_axis": 0, "w_width": 2, "h_high": 2}]}, headers=owner)
        place_created.answer = answer
        return answer.status_code == 201

    eventually(place_created)
    (table,) = place_created.answer.json()
    code = table["qr"].split("?p=")[1]
    assert table["qr"].endswith(f"/menus?p={code}") and client.get(table["qr_code"]).headers["content-type"] == "image/png"
    diner_view = client.get(f"/api/sit/lugar/{code}/").json()
    assert (diner_view["i_name"], diner_view["fk_menu"], diner_view["restaurant_name"]) == ("M1", menu, "Mesa Completa")

    board = open_socket(base_url, "/ws/notificaciones/", {"type": "auth", "token": token, "last_id": None})
    assert frame(board)["type"] == "ready"
    phone = None

    def phone_ready():  # notifications learns the place (and its token's hash) by event
        nonlocal phone
        phone = open_socket(base_url, "/ws/notificaciones/mesa/", {"type": "auth", "place_token": code, "last_id": None})
        try:
            return frame(phone)["type"] == "ready"
        except Exception:  # noqa: BLE001  (refused until the place is known)
            return False

    eventually(phone_ready)

    # the diner's order, sent twice by a double tap, once ordering knows the dish and the place
    key = str(uuid.uuid4())
    order = {"diner_name": "Ana", "ordenes": [{"fk_dish": dish_id, "quantity": 2, "extra_commentary": "sin comino"}]}

    def ordered():
        ordered.answer = client.post(f"/api/ordenes/lugar/{code}/", json=order, headers={"Idempotency-Key": key})
        return ordered.answer.status_code == 201

    eventually(ordered)
    again = client.post(f"/api/ordenes/lugar/{code}/", json=order, headers={"Idempotency-Key": key})
    assert again.status_code == 200 and again.json() == ordered.answer.json()

    new_order = frame(board)
    assert (new_order["type"], new_order["fk_sit"], new_order["description"]) == ("new_order", table["id"], "M1")
    assert frame(phone)["type"] == "new_order"
    tab = client.get(f"/api/ordenes/lugar/{code}/").json()
    (line,) = tab["lines"] if "lines" in tab else tab["results"]
    assert line["quantity"] == 2 and line["diner_name"] == "Ana"

    # a tablet accepts the line; the phone sees it move
    accepted = client.put(f"/api/ordenes/{line['id']}/", json={"status": "2", "version": line.get("version")}, headers=owner)
    assert accepted.status_code == 200, accepted.text
    assert frame(phone)["type"] == "order_status"
    assert frame(board)["type"] == "order_status"
    # a place with an open line cannot be removed
    eventually(lambda: client.post("/api/sit/verificar-sit/", json={"id": table["id"]}, headers=owner).json() == {"is_active": True})

    # the waiter call reaches the board
    assert client.put(f"/api/llamar-mozo/{code}/").status_code == 200
    assert frame(board)["type"] == "waiter_call"
    assert client.put(f"/api/llamar-mozo/{code}/").status_code == 429

    # a renewed code: the old one stops working and its open phone is closed
    renewed = client.post(f"/api/sit/{table['id']}/nuevo-qr/", headers=owner).json()
    assert renewed["qr"] != table["qr"]
    assert client.get(f"/api/sit/lugar/{code}/").status_code == 410
    assert close_of(phone)[1] == "place_closed"
    board.close()
