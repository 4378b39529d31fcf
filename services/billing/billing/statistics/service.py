"""What a restaurant sold, per dish, for a period and payment type (spec part 2 §2 'Statistics
screen', §7 'Statistics'): the owner's screen, from the read model."""
from billing.filters import payment_method, period
from billing.ledger.rules import money
from billing.statistics.schemas import StatisticsPage, StatisticsRow
from billing.store import Store
from kit.auth import OWNER
from kit.pagination import MAX_ROWS, Paging
from kit.tokens import Principal


async def statistics(
    store: Store, principal: Principal, restaurant_id: int, listing: Paging,
    payment_type: str | None, start_date: str | None, end_date: str | None,
) -> StatisticsPage:
    await store.projections.ensure_restaurant(principal, restaurant_id, roles=(OWNER,))
    method, days = payment_method(payment_type), period(start_date, end_date)
    count, amount = await store.statistics.summary(restaurant_id, days, method)
    # every row (the chart) stops at MAX_ROWS, as every list does
    page = await store.statistics.page(restaurant_id, days, method, listing.offset, listing.size or MAX_ROWS)
    return StatisticsPage(
        results=[StatisticsRow(group_menu=g, dish_name=d, quantity=q, amount=money(a)) for g, d, q, a in page],
        count=count,
        total_amount=money(amount),
    )
