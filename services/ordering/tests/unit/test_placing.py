"""Placing an order (spec part 2 §2, §3, §9): its caps, the dishes it may hold, what a line copies,
staff's one order per table, and a repeated key; on the in-memory world."""
from decimal import Decimal
from types import SimpleNamespace

import pytest

from contracts.ordering import DishActivated, OrderPlaced, PlaceActivated
from kit.errors import FieldErrors, NotFound
from ordering.order.errors import AddOrderDisabled, DishNotInMenu, DishUnavailable, DishUnknown, PlaceNotFound, TooManyLines
from ordering.order.placing import NewLine, check_caps, place_order, staff_place
from ordering.settings import Settings
from tests.unit.fakes import A, OPERATOR_A, OWNER_B, World, said

SETTINGS = Settings()


@pytest.fixture
def world() -> World:
    world = World()
    world.place(11), world.place(12), world.place(13, admin=False), world.place(21, restaurant_id=20, menu_id=200)
    world.place(14, menu_id=300)
    world.categories.update({1: "Entradas", 2: "Principales"})
    world.dish(1, "100.00", name="Empanada"), world.dish(2, "250.50", name="Milanesa", category_id=2)
    world.dish(3, "90.00", restaurant_id=20, menu_id=200, name="Pizza")
    world.dish(4, "10.00", name="Agua", disable=True), world.dish(5, "10.00", name="Soda", deleted=True)
    world.dish(6, "10.00", name="Otra carta", menu_id=300)
    return world


def test_an_order_holds_one_to_max_lines_of_at_most_max_quantity_each():
    check_caps(SETTINGS, [NewLine(1, SETTINGS.max_quantity_per_line)] * SETTINGS.max_lines_per_order)
    for lines, body in (
        ([], {"ordenes": ["Debe agregar al menos un plato."]}),
        ([NewLine(1, 1)] * 31, {"ordenes": ["Un pedido puede tener a lo sumo 30 platos."]}),
        ([NewLine(1, 51)], {"quantity": ["Asegúrese de que la cantidad no sea mayor a 50."]}),
    ):
        with pytest.raises((FieldErrors, TooManyLines)) as refused:
            check_caps(SETTINGS, lines)
        assert said(refused.value) == body
    small = SimpleNamespace(max_lines_per_order=2, max_quantity_per_line=3)
    with pytest.raises(TooManyLines):
        check_caps(small, [NewLine(1, 1)] * 3)
    with pytest.raises(FieldErrors):
        check_caps(small, [NewLine(1, 4)])


async def place(world, *lines, place_id=11, **given):
    return await world.run(place_order, SETTINGS, restaurant_id=A, place=world.places.get(place_id), lines=list(lines),
                           source=given.pop("source", "staff"), now=world.clock(), **given)


async def test_a_line_copies_its_dishs_name_category_and_price_and_starts_new(world):
    order, lines, created = await place(world, NewLine(2, 3, "sin sal", 7), NewLine(1, 1), placed_by="mozo@example.com")
    assert created and (order.place_id, order.kind, order.source, order.placed_by) == (11, "table", "staff", "mozo@example.com")
    assert [(l.dish_name, l.category_name, l.price, l.quantity, l.status, l.version, l.extra_commentary, l.fk_user_client)
            for l in lines] == [("Milanesa", "Principales", Decimal("250.50"), 3, "1", 1, "sin sal", 7),
                                ("Empanada", "Entradas", Decimal("100.00"), 1, "1", 1, "", None)]
    assert world.kinds() == ["PlaceActivated", "DishActivated", "OrderPlaced"]
    placed = world.announced(OrderPlaced)[0]
    assert (placed.first_dish_name, placed.place_name, placed.placed_by, [l.amount for l in placed.lines]) == (
        "Milanesa", "M11", "mozo@example.com", [Decimal("751.50"), Decimal("100.00")])
    world.dishes[2].price = Decimal("999.00")  # a later price change never changes a placed line
    assert lines[0].price == Decimal("250.50")


@pytest.mark.parametrize(("dish_id", "error", "body"), [
    (3, DishUnknown, {"fk_dish": ["Plato no encontrado."]}),  # another restaurant's
    (99, DishUnknown, {"fk_dish": ["Plato no encontrado."]}),
    (4, DishUnavailable, {"detail": "El plato «Agua» no está disponible en este momento.", "code": "dish_unavailable"}),
    (5, DishUnavailable, {"detail": "El plato «Soda» no está disponible en este momento.", "code": "dish_unavailable"}),
    (6, DishNotInMenu, {"detail": "El plato no pertenece al menú de este lugar.", "code": "dish_not_in_menu"}),
])
async def test_a_dish_is_ordered_only_if_the_restaurants_orderable_and_on_the_places_menu(world, dish_id, error, body):
    with pytest.raises(error) as refused:
        await place(world, NewLine(1, 1), NewLine(dish_id, 1))
    assert said(refused.value) == body
    assert (world.events, world.orders) == ([], {})


async def test_a_deliverys_dishes_are_all_on_its_menu(world):
    await place(world, NewLine(1, 1), place_id=None, delivery_id=70, kind="delivery", menu_id=100, diner_name="Ana",
                source="diner")
    assert world.kinds() == ["DishActivated", "OrderPlaced"] and world.kept == [[70]]  # no table to hold
    with pytest.raises(DishNotInMenu):
        await place(world, NewLine(6, 1), place_id=None, delivery_id=71, kind="delivery", menu_id=100)


async def test_a_repeated_key_at_the_same_place_answers_its_order_and_places_nothing(world):
    first, lines, created = await place(world, NewLine(1, 2), source="diner", diner_name="Ana", idempotency_key="k" * 10)
    again, same, twice = await place(world, NewLine(2, 5), source="diner", diner_name="Ana", idempotency_key="k" * 10)
    assert (created, twice, again.id, [l.id for l in same]) == (True, False, first.id, [l.id for l in lines])
    assert len(world.orders) == 1 and len(world.announced(OrderPlaced)) == 1
    other_place, _, created = await place(world, NewLine(1, 1), place_id=12, source="diner", idempotency_key="k" * 10)
    assert created and other_place.id != first.id  # the key is per place (the diner's step refuses another table's)


def staff_order(*lines):
    return SimpleNamespace(ordenes=[SimpleNamespace(fk_sit=p, fk_dish=d, quantity=q, extra_commentary="", fk_user_client=None)
                                    for p, d, q in lines])


async def test_staff_place_one_order_per_table_locking_every_table_first(world):
    placed = await world.run(staff_place, SETTINGS, OPERATOR_A, A, staff_order((12, 1, 1), (11, 2, 1), (12, 2, 2)))
    assert [(l.place_id, l.dish_id) for l in placed] == [(12, 1), (12, 2), (11, 2)]
    assert len({l.order_id for l in placed}) == 2
    assert world.locks == [("places", (11, 12))]
    assert [e.place_id for e in world.announced(PlaceActivated)] == [11, 12]
    assert sorted((e.order_id, e.dish_ids) for e in world.announced(DishActivated)) == sorted(
        [(placed[0].order_id, [1, 2]), (placed[2].order_id, [2])])
    assert [e.placed_by for e in world.announced(OrderPlaced)] == ["user2@example.com"] * 2


async def test_staff_orders_go_only_to_their_restaurants_tables_that_take_them(world):
    for lines, error in (((21, 3, 1),), PlaceNotFound), (((99, 1, 1),), PlaceNotFound), (((13, 1, 1),), AddOrderDisabled):
        with pytest.raises(error):
            await world.run(staff_place, SETTINGS, OPERATOR_A, A, staff_order(*lines))
    with pytest.raises(NotFound):
        await world.run(staff_place, SETTINGS, OWNER_B, A, staff_order((11, 1, 1)))
    with pytest.raises(FieldErrors):
        await world.run(staff_place, SETTINGS, OPERATOR_A, A, staff_order())
    assert (world.events, world.orders) == ([], {})


@pytest.mark.parametrize("line", [
    dict(quantity=0), dict(quantity=-1), dict(quantity=1, extra_commentary="x" * 101), dict(quantity=10_001),
])
def test_a_line_out_of_the_schemas_bounds_never_reaches_placing(line):
    from pydantic import ValidationError

    from ordering.order.schemas import OrderCreate

    with pytest.raises(ValidationError):
        OrderCreate.model_validate({"fk_resto": A, "ordenes": [{"fk_sit": 11, "fk_dish": 1, **line}]})
    OrderCreate.model_validate({"fk_resto": A, "ordenes": [{"fk_sit": 11, "fk_dish": 1, "quantity": 1, "extra_commentary": "x" * 100}]})


def test_the_refusals_speak_english_too():
    assert said(TooManyLines(30), "en") == {"ordenes": ["An order can have at most 30 dishes."]}
    assert said(DishUnavailable("Empanada"), "en") == {"detail": "The dish “Empanada” is not available right now.",
                                                       "code": "dish_unavailable"}
