from catalog import messages
from kit.errors import NonFieldError, NotFound


class CategoryNotFound(NotFound, text=messages.CATEGORY_NOT_FOUND): ...


class CategoryOnlyDishes(NonFieldError, text=messages.CATEGORY_ONLY_DISHES):
    """Dishes only at the last level: a category holds dishes or sub-categories, never both."""


class CategoryMisplaced(NonFieldError):
    pass
