"""Every text catalog sends to a person, in Spanish and English (spec part 1 §5 and §8)."""
from kit.i18n import Text

# Menu tree (spec part 1 §5 'Menu')
MENU_EMPTY = Text(es="El menú no puede estar vacío.", en="The menu cannot be empty.")
CATEGORY_NAME_EMPTY = Text(es="El campo categoría no puede estar vacío.", en="The category field cannot be empty.")
CATEGORY_EMPTY = Text(es="La categoría no puede estar vacía.", en="The category cannot be empty.")
DISH_NAME_EMPTY = Text(es="El plato no puede estar vacío.", en="The dish cannot be empty.")
CATEGORY_ONLY_DISHES = Text(
    es="Una categoría solo puede tener platos o subcategorías: los platos van en el último nivel.",
    en="A category holds only dishes or only sub-categories: dishes go at the last level.",
)
CATEGORY_OTHER_MENU = Text(
    es="La categoría pertenece a otro menú.", en="The category belongs to another menu."
)
CATEGORY_CYCLE = Text(
    es="Una categoría no puede estar dentro de sí misma.", en="A category cannot be inside itself."
)
DISH_OTHER_MENU = Text(es="El plato pertenece a otro menú.", en="The dish belongs to another menu.")
DISH_TWICE = Text(es="El plato aparece dos veces en el menú.", en="The dish appears twice in the menu.")
CATEGORY_TWICE = Text(
    es="La categoría aparece dos veces en el menú.", en="The category appears twice in the menu."
)

# Menus and dishes (spec part 1 §8)
SELECT_MENU = Text(es="Debe seleccionar un menú.", en="You must select a menu.")
MENU_NOT_FOUND = Text(es="Menu no encontrado", en="Menu not found")
CATEGORY_NOT_FOUND = Text(es="Categoría no encontrada.", en="Category not found.")
DISH_NOT_FOUND = Text(es="Plato no encontrado.", en="Dish not found.")
DISH_NAME_TAKEN = Text(es="El plato debe ser único en la categoría.", en="The dish must be unique in the category.")
CATEGORY_LEFT_EMPTY = Text(es="La categoría no puede quedar vacía.", en="The category cannot be left empty.")
DISH_ACTIVE_IN_ORDER = Text(es="El plato está activo en una orden.", en="The dish is active in an order.")
PRICE_TOO_LOW = Text(es="El precio no puede ser menor a 1.", en="The price cannot be less than 1.")
PRICE_DECIMALS = Text(
    es="Asegúrese de que no haya más de 2 decimales.", en="Ensure that there are no more than 2 decimal places."
)
PRICE_DIGITS = Text(
    es="Asegúrese de que no haya más de 10 dígitos antes del punto decimal.",
    en="Ensure that there are no more than 10 digits before the decimal point.",
)
TOO_MANY_IMAGES = Text(
    es="Un plato puede tener a lo sumo {max_images} imágenes.", en="A dish can have at most {max_images} images."
)

# Answers (spec part 1 §8 'Success messages')
CATEGORY_REGISTERED = Text(es="Categoría registrada.", en="Category registered.")

# Bulk price update (spec part 1 §5 'Bulk price update')
BULK_TYPE_INVALID = Text(es="Elija Precio o Porcentaje.", en="Choose Precio or Porcentaje.")
BULK_DIRECTION_INVALID = Text(
    es="Elija 1 (aumentar) o 0 (disminuir).", en="Choose 1 (increase) or 0 (decrease)."
)
BULK_VALUE_POSITIVE = Text(es="El valor debe ser mayor a 0.", en="The value must be greater than 0.")
BULK_DONE = Text(es="Precios actualizados.", en="Prices updated.")
BULK_PARTIAL = Text(
    es="Algunos platos no se actualizaron: su precio quedaría por debajo de 1.",
    en="Some dishes were not updated: their price would fall below 1.",
)
MENU_NAME_REQUIRED = Text(es="El nombre del menú es requerido.", en="The menu's name is required.")
NAME_TOO_LONG = Text(
    es="«{name}»: asegúrese de que el nombre no tenga más de {max_length} caracteres.",
    en="“{name}”: ensure the name has no more than {max_length} characters.",
)
TOO_MANY_MENUS = Text(
    es="Se pueden guardar a lo sumo {max_menus} menús a la vez.", en="At most {max_menus} menus can be saved at once."
)
MENU_TOO_LARGE = Text(
    es="Un menú puede tener a lo sumo {max_categories} categorías y {max_dishes} platos.",
    en="A menu can have at most {max_categories} categories and {max_dishes} dishes.",
)
PRICE_REQUIRED_FOR_NEW_DISH = Text(
    es="«{name}»: un plato nuevo necesita un precio de al menos 1.",
    en="“{name}”: a new dish needs a price of at least 1.",
)

# One dish's problem in the nested editor's tree, the dish named as the editor shows it.
DISH_PROBLEM = Text(es="«{name}»: {problem}", en="“{name}”: {problem}")
