"""The admin's fee table (every restaurant with its sums over the ledger's daily totals) and the
turns collections of one restaurant take."""
from sqlalchemy import Row, Select, func, literal, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from billing.fee.repository import latest_changes
from billing.filters import Period
from billing.ledger.models import DailyTotal
from billing.ledger.repository import owed, total
from billing.ledger.rules import COMMISSION_COLLECTED, COMMISSIONS, DEFAULT_FEE, SALE
from billing.projections.models import RestaurantFacts, UserFacts
from kit.pagination import Paging, contains, fetch_page, ordered

COLLECTION_LOCK = 0x42494C4C  # advisory lock namespace ('BILL'): one restaurant's collections take turns


def fee_rows(period: Period, search: str | None) -> tuple[Select, dict]:
    """The rows, and the columns the table may be ordered by (its field names)."""
    in_period = period.over(DailyTotal.day)
    money = (
        select(
            DailyTotal.restaurant_id,
            total(DailyTotal.counts_as == SALE, *in_period, column=DailyTotal.line_count).label("total_orders"),
            total(DailyTotal.counts_as == SALE, *in_period).label("importe_total"),
            total(DailyTotal.counts_as.in_(COMMISSIONS), *in_period).label("importe_resto"),
            total(DailyTotal.counts_as == COMMISSION_COLLECTED, *in_period).label("saldo_pagado"),
            owed().label("cta_cte_resto"),
        )
        .group_by(DailyTotal.restaurant_id)
        .subquery()
    )
    fees = latest_changes().subquery()
    columns = {
        "id_resto": RestaurantFacts.restaurant_id,
        "nombre_local": RestaurantFacts.nombre_local,
        "username": func.coalesce(UserFacts.username, literal("")),
        "total_orders": func.coalesce(money.c.total_orders, 0),
        "application_fee": func.coalesce(fees.c.application_fee, DEFAULT_FEE),
        **{name: func.coalesce(money.c[name], 0) for name in ("importe_total", "importe_resto", "saldo_pagado", "cta_cte_resto")},
    }
    query = (
        select(*(column.label(name) for name, column in columns.items()))
        .select_from(RestaurantFacts)
        .outerjoin(money, money.c.restaurant_id == RestaurantFacts.restaurant_id)
        .outerjoin(fees, fees.c.restaurant_id == RestaurantFacts.restaurant_id)
        .outerjoin(UserFacts, UserFacts.user_id == RestaurantFacts.owner_id)
        # a deleted restaurant stays listed while it owes
        .where(or_(RestaurantFacts.deleted.is_(False), func.coalesce(money.c.cta_cte_resto, 0) != 0))
        .where(contains(search, RestaurantFacts.nombre_local, UserFacts.username))
    )
    return query, columns


class CommissionRepository:
    def __init__(self, session: AsyncSession):
        self.session = session

    async def fee_table(self, period: Period, search: str | None, ordering: str | None,
                        listing: Paging) -> tuple[int, list[Row]]:
        """The page of `fee_rows` asked for, ordered by `ordering` (a field name; the restaurant's
        name by default), and how many rows there are."""
        query, columns = fee_rows(period, search)
        query = ordered(query, ordering, columns, default=columns["nombre_local"], tiebreak=columns["id_resto"])
        return await fetch_page(self.session, query, listing)

    async def take_turn(self, restaurant_id: int) -> None:
        """Wait for the restaurant's other collections to commit (a transaction-scoped advisory lock)."""
        await self.session.execute(select(func.pg_advisory_xact_lock(COLLECTION_LOCK, restaurant_id)))
