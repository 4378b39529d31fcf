"""The delivery screen's new order (spec part 2 §7 'Delivery menus', 'Menu groups of a menu',
'Dishes for delivery'; issue 20): the restaurant's delivery menu, its categories and its dishes
with `delivery` and `paginate=0`, enabled dishes only; another restaurant's stay out."""
from tests.helpers import A, B, create_category, create_dish, create_menu


async def test_the_new_order_reads_the_delivery_menus_categories_and_enabled_dishes(client, people):
    h = people.owner_a
    dining = await create_menu(client, h, name="Salón")
    delivery = await create_menu(client, h, name="Delivery", delivery=True)
    salon_dishes = await create_category(client, h, dining["id"], name="Salón")
    starters = await create_category(client, h, delivery["id"], name="Entradas", order=0)
    mains = await create_category(client, h, delivery["id"], name="Principales", order=1)
    await create_dish(client, h, salon_dishes["id"], name="Bife")
    empanada = await create_dish(client, h, starters["id"], name="Empanada")
    await create_dish(client, h, mains["id"], name="Milanesa")
    off = await create_dish(client, h, mains["id"], name="Ñoquis")
    await client.post(f"/api/dish/{off['pk']}/habilitar-inhabilitar/", headers=h)
    b_menu = await create_menu(client, people.owner_b, B, name="Delivery B", delivery=True)
    await create_dish(client, people.owner_b, (await create_category(client, people.owner_b, b_menu["id"]))["id"], name="Pizza")

    [menu] = (await client.get(f"/api/menu/?restaurant={A}&delivery=true", headers=people.operator_a)).json()
    assert menu["id"] == delivery["id"]
    categories = (await client.get(f"/api/menu-group/?rest={A}&delivery=true&paginate=0", headers=people.operator_a)).json()
    assert [c["name"] for c in categories] == ["Entradas", "Principales"]
    by_menu = (await client.get(f"/api/menu-group/?menu={delivery['id']}&paginate=0", headers=people.operator_a)).json()
    assert by_menu == categories
    dishes = (await client.get(f"/api/dish/?menu_group__menu__restaurant={A}&delivery=true&paginate=0", headers=people.operator_a)).json()
    assert [d["name"] for d in dishes] == ["Empanada", "Milanesa"]  # the disabled one and the dining room's stay out
    of_group = (await client.get(f"/api/dish/?menu_group={starters['id']}&delivery=1&paginate=0", headers=people.operator_a)).json()
    assert [d["pk"] for d in of_group] == [empanada["pk"]]
    assert (await client.get(f"/api/dish/?menu_group={salon_dishes['id']}&delivery=1&paginate=0", headers=h)).json() == []
    # another restaurant asking for A's delivery menu is not let in
    assert (await client.get(f"/api/dish/?menu_group__menu__restaurant={A}&delivery=true&paginate=0", headers=people.owner_b)).status_code == 404
    assert (await client.get(f"/api/menu-group/?rest={A}&delivery=true&paginate=0", headers=people.owner_b)).status_code == 404
