from catalog import messages
from kit.errors import NonFieldError, NotFound


class CategoryNotFound(NotFound):
    def __init__(self):
        super().__init__(messages.CATEGORY_NOT_FOUND)


class CategoryOnlyDishes(NonFieldError):
    """Dishes only at the last level: a category holds dishes or sub-categories, never both."""

    def __init__(self):
        super().__init__(messages.CATEGORY_ONLY_DISHES)


class CategoryMisplaced(NonFieldError):
    pass
