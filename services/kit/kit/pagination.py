"""Lists: one page of results, paging parameters, escaped search and allowed orderings.

Every list endpoint of every service goes through here, so paging bounds, the `size=-1` (all)
convention, `paginate=0` and search escaping behave the same everywhere (`Listing`: 20 a page):

    @router.get("/things/", response_model=Page[ThingPublic] | list[ThingPublic])
    async def list_things(session: SessionDep, listing: Listing, search: Search = None, ordering: Ordering = None):
        query = select(Thing).where(contains(search, Thing.name))
        query = ordered(query, ordering, THING_ORDERING, default=Thing.id)
        count, rows = await fetch_page(session, query, listing, scalars=True)
        return listing.answer(count, [public(row) for row in rows])
"""
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Generic, TypeVar

from fastapi import Depends, Query
from pydantic import BaseModel, Field
from sqlalchemy import ColumnElement, Select, func, or_, select, true
from sqlalchemy.ext.asyncio import AsyncSession

MAX_PAGE = 100_000  # a page number past this is a mistake or an attack (OFFSET cost), not a user
MAX_SIZE = 500  # the largest page any screen asks for (the new-order dish list)
# 'Every row' (`size=-1`, `size=0`, `paginate=0`) still stops here: ten times the largest page a
# screen asks for, so one request can never read (and serialize) a tenant's whole history.
MAX_ROWS = 5_000
MAX_SEARCH = 100
DB_INT_MAX = 2**31 - 1  # PostgreSQL `integer`: larger ids cannot exist and would make asyncpg raise

# A database id taken from a path, query or body: bounded so a huge value is a 400/404, not a 500.
DbId = Annotated[int, Field(ge=1, le=DB_INT_MAX)]
Search = Annotated[str | None, Query(max_length=MAX_SEARCH, description="text to look for")]
Ordering = Annotated[str | None, Query(max_length=40, description="a column name, '-' first for descending")]


T = TypeVar("T")


class Page(BaseModel, Generic[T]):
    """`{count, results}`: the spec's paged answer."""

    count: int
    results: list[T]


@dataclass(frozen=True)
class Paging:
    page: int
    size: int | None  # None: every row (at most MAX_ROWS)
    paginate: bool = True  # False: answer the plain list instead of `{count, results}`

    @property
    def offset(self) -> int:
        return 0 if self.size is None else (self.page - 1) * self.size

    def answer(self, count: int, results: list[Any]) -> dict | list:
        return {"count": count, "results": results} if self.paginate else results


def paging(default_size: int, max_size: int = MAX_SIZE):
    """Dependency: `page`, `size` (-1 or 0: all, up to MAX_ROWS) and `paginate` from the query string."""

    async def dependency(
        page: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 1,
        size: Annotated[int, Query(ge=-1, le=max_size, description="-1 (or 0) for every row")] = default_size,
        paginate: bool = True,
    ) -> Paging:
        every_row = not paginate or size in (-1, 0)
        return Paging(page=page, size=None if every_row else size, paginate=paginate)

    return dependency


# The spec's tables: 20 rows a page, with 10, 20, 40 and all to choose from (spec part 2 §9). A list
# with another default page declares its own `Annotated[Paging, Depends(paging(default_size=N))]`.
Listing = Annotated[Paging, Depends(paging(default_size=20))]


def escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def contains(text: str | None, *columns: ColumnElement) -> ColumnElement[bool]:
    """Case-insensitive 'contains' over `columns`; `%` and `_` in `text` match themselves."""
    text = (text or "").strip()
    if not text:
        return true()
    pattern = f"%{escape_like(text)}%"
    return or_(*(column.ilike(pattern, escape="\\") for column in columns))


def filtered(query: Select, *filters: tuple[ColumnElement, Any]) -> Select:
    """`query` narrowed to `column = value` for each `(column, value)` filter the caller gave: a
    list's optional query parameters, where None means 'not filtered'. Booleans compare with IS."""
    for column, value in filters:
        if value is not None:
            query = query.where(column.is_(value) if isinstance(value, bool) else column == value)
    return query


def ordered(
    query: Select,
    ordering: str | None,
    allowed: Mapping[str, ColumnElement],
    default: ColumnElement | Sequence[ColumnElement],
    tiebreak: ColumnElement | None = None,
) -> Select:
    """Order by `ordering` (`name` or `-name`) when it is in `allowed`, else by `default`.

    `tiebreak` (usually the primary key) keeps pages stable when the column has equal values.
    """
    key = (ordering or "").strip()
    column = allowed.get(key.lstrip("-"))
    if column is None:
        clauses = list(default) if isinstance(default, Sequence) else [default]
    else:
        clauses = [column.desc().nulls_last() if key.startswith("-") else column.asc().nulls_first()]
    if tiebreak is not None:
        clauses.append(tiebreak)
    return query.order_by(*clauses)


async def fetch_page(
    session: AsyncSession, query: Select, paging: Paging, *, scalars: bool = False
) -> tuple[int, list]:
    """The total count of `query` and the rows of the requested page ('every row' stops at MAX_ROWS)."""
    total = await session.scalar(select(func.count()).select_from(query.order_by(None).subquery()))
    query = query.offset(paging.offset).limit(MAX_ROWS if paging.size is None else paging.size)
    result = await session.execute(query)
    rows = list(result.scalars().unique()) if scalars else list(result.all())
    return total or 0, rows
