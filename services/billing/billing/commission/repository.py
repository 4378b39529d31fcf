"""The admin's fee table: every restaurant with its sums over the ledger (its daily totals)."""
from sqlalchemy import Select, func, literal, or_, select

from billing.fee.repository import latest_changes
from billing.filters import Period
from billing.ledger.models import DailyTotal
from billing.ledger.repository import owed, total
from billing.ledger.rules import COMMISSION_COLLECTED, COMMISSIONS, DEFAULT_FEE, SALE
from billing.projections.models import RestaurantFacts, UserFacts
from kit.pagination import contains


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
