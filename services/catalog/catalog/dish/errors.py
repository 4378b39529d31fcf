from catalog import messages
from kit.errors import DetailError, NonFieldError, NotFound


class DishNotFound(NotFound, text=messages.DISH_NOT_FOUND): ...


class DishActiveInOrder(DetailError, code="dish_active_in_order", text=messages.DISH_ACTIVE_IN_ORDER):
    """An open order holds the dish: it cannot be disabled or removed (spec part 1 §4 'Dish')."""


class CategoryLeftEmpty(DetailError, code="category_left_empty", text=messages.CATEGORY_LEFT_EMPTY): ...


class DishNameTaken(NonFieldError, code="dish_name_taken", text=messages.DISH_NAME_TAKEN):
    """`{"non_field_errors": [...], "code": "dish_name_taken"}`: the dish dialog tells it apart by the code."""
