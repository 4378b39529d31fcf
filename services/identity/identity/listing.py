"""identity's lists on the kit's one pagination (kit/pagination.py).

The published query parameters stay as the spec's client knows them (proto/openapi/identity.json);
this turns them into the kit's `Paging`, with the kit's bounds: a page number past
`kit.pagination.MAX_PAGE` is a 400 on `page`, not an OFFSET that overflows into a 500.
"""
from fastapi.exceptions import RequestValidationError

from kit.pagination import DB_INT_MAX, MAX_PAGE, Paging


def listing(page: int, size: int, paginate: bool = True) -> Paging:
    if page > MAX_PAGE:
        raise RequestValidationError(
            [{"type": "less_than_equal", "loc": ("query", "page"), "msg": f"Input should be less than or equal to {MAX_PAGE}", "input": page, "ctx": {"le": MAX_PAGE}}]
        )
    every_row = not paginate or size in (-1, 0)
    return Paging(page=page, size=None if every_row else size, paginate=paginate)


def real_id(value: int) -> bool:
    """Whether `value` can be a database id at all (larger ones would make asyncpg raise)."""
    return 1 <= value <= DB_INT_MAX
