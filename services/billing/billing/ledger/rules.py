"""The fee rules, as pure arithmetic (no database): what a sale owes the platform.

Our reading of the licence and the plans (spec part 2 §1, §2 'Legal and plan texts', §9), also in
the README:
- the commission is the restaurant's application fee, a percent (0.50 % on the full plan), of each
  sale made through the platform, at the fee in force at the moment of the sale;
- sales in the restaurant's first 30 days accrue none (the licence's free month);
- on counter sales (cash, debit, credit) the restaurant owes it: it builds the current account the
  admin collects; on online sales the marketplace retains it at source, so it is never owed twice.
Amounts are Decimal, two places, halves rounded up (away from zero).
"""
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
DEFAULT_FEE = Decimal("0.50")  # the full plan's percent, until the admin sets another
FREE_DAYS = 30

COUNTER_METHODS = frozenset({"cash", "debit", "credit"})
ONLINE = "online"

# Ledger row kinds
SALE = "sale"
COMMISSION_ACCRUED = "commission_accrued"  # counter sale: owed by the restaurant
FEE_RETAINED = "fee_retained"  # online sale: the marketplace kept it at source
COMMISSION_COLLECTED = "commission_collected"  # the admin collected from the restaurant
TIP = "tip"  # a diner's tip on an online sale: the restaurant's, not a sale, no fee on it
# money given back at the provider after the sale was recorded: negative rows that count as the
# sale, the tip and the commission they give back (commission follows the money actually kept)
REFUND = "refund"
REVERSAL = "reversal"
KINDS = (SALE, COMMISSION_ACCRUED, FEE_RETAINED, COMMISSION_COLLECTED, TIP, REFUND, REVERSAL)
COMMISSIONS = (COMMISSION_ACCRUED, FEE_RETAINED)


def money(value: Decimal | int | str) -> Decimal:
    """Two places, halves away from zero (0.005 -> 0.01)."""
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class FeeRate:
    """A fee set by the admin, in force from `effective_at` until the next one."""

    percent: Decimal
    effective_at: datetime


def fee_at(history: Sequence[FeeRate], moment: datetime, default: Decimal = DEFAULT_FEE) -> Decimal:
    """The fee in force at `moment`: the newest change made at or before it (`history` oldest
    first), or the plan's default before any change."""
    index = bisect_right([rate.effective_at for rate in history], moment)
    return history[index - 1].percent if index else default


def in_free_month(opened_at: datetime, moment: datetime) -> bool:
    """The licence's first 30 days: from the restaurant's creation, up to but excluding the same
    instant 30 days later."""
    return moment < opened_at + timedelta(days=FREE_DAYS)


@dataclass(frozen=True)
class Opening:
    """What billing knows of a restaurant's creation (`projections`): its owner (0: none known) and
    when identity created it (None: not learned yet)."""

    restaurant_id: int
    owner_id: int
    opened_at: datetime | None


def free_months(restaurants: Iterable[Opening], restaurant_ids: Iterable[int]) -> dict[int, datetime]:
    """When each of `restaurant_ids` started its free month, for those whose creation is known: the
    creation of its owner's first restaurant among `restaurants` (a deleted one included), since the
    licence's free month is the owner's, once; a restaurant of no known owner, its own creation."""
    known = list(restaurants)
    first: dict[int, datetime] = {}
    for restaurant in known:
        if restaurant.owner_id and restaurant.opened_at is not None:
            first[restaurant.owner_id] = min(first.get(restaurant.owner_id, restaurant.opened_at), restaurant.opened_at)
    wanted = set(restaurant_ids)
    return {r.restaurant_id: first.get(r.owner_id, r.opened_at) if r.owner_id else r.opened_at
            for r in known if r.restaurant_id in wanted and r.opened_at is not None}


def commission(amount: Decimal, percent: Decimal) -> Decimal:
    """`percent` of `amount`, two places, half up: 0.50 % of 1,001.00 is 5.005 -> 5.01."""
    return money(amount * percent / 100)


@dataclass(frozen=True)
class Charge:
    """The platform's share of one sale: a ledger row of `kind` for `amount`, at `percent`."""

    kind: str
    percent: Decimal
    amount: Decimal


def charge(amount: Decimal, method: str, paid_at: datetime, opened_at: datetime, history: Sequence[FeeRate]) -> Charge | None:
    """What one sale owes the platform, or None when it owes nothing (the free month, a fee of 0,
    or a share that rounds to less than a cent)."""
    if in_free_month(opened_at, paid_at):
        return None
    percent = fee_at(history, paid_at)
    share = commission(amount, percent)
    if share == 0:
        return None
    return Charge(FEE_RETAINED if method == ONLINE else COMMISSION_ACCRUED, percent, share)


# what the ledger's daily totals are summed by (`ledger_daily_total`'s key)
TOTAL_KEY = ("restaurant_id", "counts_as", "day", "method")


def daily_totals(rows: Iterable) -> list[dict]:
    """What written ledger rows add to the daily totals: per restaurant, what they count as, local
    day and method ('' for a row without one) their amount, lines and number, in key order (so
    concurrent writers lock the same totals in the same order)."""
    sums: dict[tuple, list] = defaultdict(lambda: [Decimal("0.00"), 0, 0])
    for row in rows:
        total = sums[(row.restaurant_id, row.counts_as, row.day, row.method or "")]
        total[0] += row.amount
        total[1] += row.line_count
        total[2] += 1
    return [{**dict(zip(TOTAL_KEY, key)), "amount": amount, "line_count": lines, "entries": entries}
            for key, (amount, lines, entries) in sorted(sums.items())]


def split(total: Decimal, amounts: Sequence[Decimal]) -> list[Decimal]:
    """`total` (a sale's commission) shared over its lines in proportion to their `amounts`: each
    share rounded down to the cent, the cents left over going one each to the largest remainders
    (ties: the earlier line). The shares always add up to `total`: 0.50 % of 100.01 + 100.01 + 100.01
    (1.50) is 0.50, 0.50, 0.50; of 1,001.00 in 300.00 + 701.00 (5.01) is 1.50 and 3.51."""
    whole = sum(amounts, Decimal(0))
    if not amounts or whole == 0:
        return [money(0) for _ in amounts]
    exact = [total * amount / whole for amount in amounts]
    shares = [share.quantize(CENT, rounding=ROUND_DOWN) for share in exact]
    left = int((total - sum(shares, Decimal(0))) / CENT)
    by_remainder = sorted(range(len(amounts)), key=lambda i: (-(exact[i] - shares[i]), i))
    for i in by_remainder[:left]:
        shares[i] += CENT
    return shares


def given_back(given: Decimal, paid: Decimal, tip: Decimal, retained: Decimal, owed: Decimal) -> dict[str, Decimal]:
    """What `given` (all that has been given back so far) of a payment of `paid` (its `tip`
    included) gives back, by what it counts as: the tip and the sale in proportion, and the
    commission (`retained` at source, `owed` by the restaurant) in proportion to the sale given
    back, as the marketplace returns its own fee; halves up, the sale taking the rounding. Taken
    over the running total, partial refunds add up to exactly the whole: a payment given back
    whole gives back its sale, tip and commission to the cent."""
    if paid <= 0 or given <= 0:
        return {}
    given = min(given, paid)
    tip_back = money(tip * given / paid)
    sale_back = given - tip_back
    sold = paid - tip
    share = (lambda fee: money(fee * sale_back / sold)) if sold > 0 else (lambda fee: money(0))
    return {SALE: sale_back, TIP: tip_back, FEE_RETAINED: share(retained), COMMISSION_ACCRUED: share(owed)}
