"""The nested menu editor's rules (catalog/menu/tree.py, spec part 1 §5 'Menu'): every rule is
checked on the whole tree, every problem reported at once, and a save is bounded before any work."""
import pytest

from catalog.menu.schemas import NestedMenu, NestedMenuSave
from catalog.menu.tree import check, check_size, save_all, size
from kit.errors import NonFieldError
from tests.unit.helpers import OWNER_1, answer_of, refusal

TREE = {
    "restaurant": 1,
    "name": "Carta",
    "group_menu": [
        {"name": "Entradas", "dishes": [{"name": "Empanada", "price": "950.00"}, {"name": "Provoleta", "price": "1800"}]},
        {"name": "Principales", "sub_categories": [
            {"name": "Carnes", "dishes": [{"name": "Bife", "price": "5200.50"}]},
            {"name": "Pastas", "dishes": [{"name": "Ñoquis", "price": "3100"}]},
        ]},
    ],
}


def tree(**changes) -> NestedMenu:
    return NestedMenu.model_validate({**TREE, **changes})


def problems(menu: NestedMenu, categories=(), dishes=(), lang="es") -> list[str]:
    with pytest.raises(NonFieldError) as refused:
        check(menu, set(categories), set(dishes))
    return answer_of(refused.value, lang)["non_field_errors"]


def postres(*dishes, **category) -> NestedMenu:
    return tree(group_menu=[{"name": "Postres", "dishes": list(dishes), **category}])


def test_a_whole_tree_that_keeps_every_rule_passes():
    assert check(tree(), set(), set()) is None


@pytest.mark.parametrize(("menu", "es", "en"), [
    (tree(name=" "), "El nombre del menú es requerido.", "The menu's name is required."),
    (tree(name="M" * 101), "«MMMMMMMMMMMMMMMMMMMM»: asegúrese de que el nombre no tenga más de 100 caracteres.",
     "“MMMMMMMMMMMMMMMMMMMM”: ensure the name has no more than 100 characters."),
    (tree(group_menu=[]), "El menú no puede estar vacío.", "The menu cannot be empty."),
    (tree(group_menu=[{"name": "", "dishes": [{"name": "Flan", "price": "10"}]}]),
     "El campo categoría no puede estar vacío.", "The category field cannot be empty."),
    (tree(group_menu=[{"name": "   ", "dishes": [{"name": "Flan", "price": "10"}]}]),
     "El campo categoría no puede estar vacío.", "The category field cannot be empty."),
    (postres(), "La categoría no puede estar vacía.", "The category cannot be empty."),
    (postres({"name": "  ", "price": "10"}), "El plato no puede estar vacío.", "The dish cannot be empty."),
    (postres({"name": "D" * 61, "price": "10"}), "«DDDDDDDDDDDDDDDDDDDD»: asegúrese de que el nombre no tenga más de 60 caracteres.",
     "“DDDDDDDDDDDDDDDDDDDD”: ensure the name has no more than 60 characters."),
    (postres({"name": "Flan", "price": "10"}, sub_categories=[{"name": "Helados", "dishes": [{"name": "Dulce de leche", "price": "10"}]}]),
     "Una categoría solo puede tener platos o subcategorías: los platos van en el último nivel.",
     "A category holds only dishes or only sub-categories: dishes go at the last level."),
    (postres({"name": "Flan", "price": "10"}, {"name": " flan ", "price": "12"}),
     "El plato debe ser único en la categoría.", "The dish must be unique in the category."),
    (postres({"name": "Flan", "price": "0.50"}), "«Flan»: un plato nuevo necesita un precio de al menos 1.",
     "“Flan”: a new dish needs a price of at least 1."),
    (postres({"name": "Flan"}), "«Flan»: un plato nuevo necesita un precio de al menos 1.",
     "“Flan”: a new dish needs a price of at least 1."),
    (postres({"name": "Flan", "price": "2.005"}), "«Flan»: Asegúrese de que no haya más de 2 decimales.",
     "“Flan”: Ensure that there are no more than 2 decimal places."),
    (postres({"name": "Flan", "price": "12345678901"}), "«Flan»: Asegúrese de que no haya más de 10 dígitos antes del punto decimal.",
     "“Flan”: Ensure that there are no more than 10 digits before the decimal point."),
])
def test_every_menu_rule_has_its_message_in_both_languages(menu, es, en):
    assert problems(menu) == [es]
    assert problems(menu, lang="en") == [en]


def test_the_same_dish_name_in_two_categories_is_fine():
    menu = tree(group_menu=[
        {"name": "Almuerzo", "dishes": [{"name": "Flan", "price": "10"}]},
        {"name": "Cena", "dishes": [{"name": "Flan", "price": "12"}]},
    ])
    assert check(menu, set(), set()) is None


def test_an_existing_dish_needs_no_price_and_is_one_of_this_menus():
    menu = tree(group_menu=[{"id": 5, "name": "Postres", "dishes": [{"pk": 50, "name": "Flan"}]}])
    assert check(menu, {5}, {50}) is None
    assert problems(menu, {5}, set()) == ["El plato pertenece a otro menú."]
    assert problems(menu, set(), {50}) == ["La categoría pertenece a otro menú."]


def test_a_category_or_dish_named_twice_is_refused():
    twice = tree(group_menu=[
        {"id": 5, "name": "Postres", "dishes": [{"pk": 50, "name": "Flan"}]},
        {"group_pk": 5, "name": "Otra vez", "dishes": [{"pk": 50, "name": "Flan otra vez"}]},
    ])
    assert problems(twice, {5}, {50}) == ["La categoría aparece dos veces en el menú.", "El plato aparece dos veces en el menú."]


def test_every_problem_of_the_tree_comes_at_once_each_said_once():
    menu = tree(name="", group_menu=[
        {"name": "", "dishes": [{"name": "", "price": "10"}, {"name": "Flan", "price": "0"}]},
        {"name": "Vacía"},
        {"name": "", "dishes": [{"name": "", "price": "10"}]},
    ])
    assert problems(menu) == [
        "El nombre del menú es requerido.",
        "El campo categoría no puede estar vacío.",
        "El plato no puede estar vacío.",
        "«Flan»: un plato nuevo necesita un precio de al menos 1.",
        "La categoría no puede estar vacía.",
    ]


def test_a_dish_is_named_by_its_first_twenty_characters():
    menu = postres({"name": "Milanesa a la napolitana con papas", "price": "0.5"})
    assert problems(menu) == ["«Milanesa a la napoli»: un plato nuevo necesita un precio de al menos 1."]


def wide(categories: int, dishes_each: int) -> dict:
    return {**TREE, "group_menu": [
        {"name": f"C{c}", "dishes": [{"name": f"D{d}", "price": "1"} for d in range(dishes_each)]} for c in range(categories)
    ]}


def deep(levels: int) -> dict:
    node = {"name": f"C{levels}", "dishes": [{"name": "Flan", "price": "10"}]}
    for level in range(levels - 1, 0, -1):
        node = {"name": f"C{level}", "sub_categories": [node]}
    return {**TREE, "group_menu": [node]}


@pytest.mark.parametrize(("menu", "counted"), [
    (TREE, (4, 4)), (wide(3, 5), (3, 15)), (deep(7), (7, 1)), ({**TREE, "group_menu": []}, (0, 0)),
])
def test_the_size_of_a_tree_counts_its_categories_at_every_level_and_their_dishes(menu, counted):
    assert size(NestedMenu.model_validate(menu)) == counted


@pytest.mark.parametrize(("menus", "es"), [
    ([TREE] * 11, "Se pueden guardar a lo sumo 10 menús a la vez."),
    ([wide(201, 1)], "Un menú puede tener a lo sumo 200 categorías y 2000 platos."),
    ([wide(2, 1001)], "Un menú puede tener a lo sumo 200 categorías y 2000 platos."),
    ([deep(201)], "Un menú puede tener a lo sumo 200 categorías y 2000 platos."),
    ([TREE, wide(201, 1)], "Un menú puede tener a lo sumo 200 categorías y 2000 platos."),
], ids=["eleven menus", "201 categories", "2002 dishes", "201 levels", "the second menu too large"])
def test_one_save_is_bounded_in_menus_categories_and_dishes(menus, es):
    body = NestedMenuSave.model_validate({"menus": menus})
    with pytest.raises(NonFieldError) as refused:
        check_size(body)
    assert answer_of(refused.value) == {"non_field_errors": [es]}


@pytest.mark.parametrize("menus", [[TREE] * 10, [wide(200, 10)], [deep(200)]], ids=["ten menus", "200 x 10", "200 levels"])
def test_the_largest_saves_allowed_pass_the_bound(menus):
    assert check_size(NestedMenuSave.model_validate({"menus": menus})) is None


async def test_a_save_past_the_bound_is_refused_before_any_work():
    body = NestedMenuSave.model_validate({"menus": [TREE] * 11})
    with pytest.raises(NonFieldError):
        await save_all(None, OWNER_1, body)  # no session: nothing was read or written


def test_a_save_names_at_least_one_menu():
    assert refusal(NestedMenuSave, {"menus": []}, "en") == {"menus": ["Invalid value."]}
    assert len(NestedMenuSave.model_validate({"menus": [TREE]}).menus) == 1


def test_a_tree_price_too_long_written_out_is_refused_where_it_stands():
    too_long = {**TREE, "group_menu": [{"name": "Postres", "dishes": [{"name": "Flan", "price": "1e999999999"}]}]}
    assert refusal(NestedMenuSave, {"menus": [TREE, too_long]}, "en") == {
        "menus": {"1": {"group_menu": {"0": {"dishes": {"0": {"price": ["Ensure this field has no more than 24 characters."]}}}}}}
    }
