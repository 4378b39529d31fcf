from catalog import messages
from kit.errors import DetailError, NonFieldError, NotFound


class DishNotFound(NotFound):
    def __init__(self):
        super().__init__(messages.DISH_NOT_FOUND)


class DishActiveInOrder(DetailError):
    """An open order holds the dish: it cannot be disabled or removed (spec part 1 §4 'Dish')."""

    code = "dish_active_in_order"

    def __init__(self):
        super().__init__(messages.DISH_ACTIVE_IN_ORDER)


class CategoryLeftEmpty(DetailError):
    code = "category_left_empty"

    def __init__(self):
        super().__init__(messages.CATEGORY_LEFT_EMPTY)


class DishNameTaken(NonFieldError):
    def __init__(self):
        super().__init__(messages.DISH_NAME_TAKEN)
