"""An online checkout's arithmetic, with no database: which lines may be paid, the marketplace fee,
equal shares and tips (issue 22; our reading in the README, 'Online payments').

- What a line costs and whether a payment may pay it are ordering's: its answer says both of every
  line (`amount`, from its money module; `payable`, from its transition table and whether a payment
  paid it), and billing keeps no copy of either rule. A checkout's amount is the sum of its lines'.
- A checkout takes the payable lines that no other open checkout holds (billing's own rule).
- The marketplace fee of a charge is the restaurant's fee in force now of the charge's lines amount
  (`ledger.rules.commission`: half up), nothing in its free month; a tip carries none.
- N equal shares: total / N half up for the first N - 1, the last takes what is left (the rounding
  cents), and each share's fee likewise, so the shares add up to the whole and their fees to the
  fee on the whole. If half up would leave the last share below zero (a fee of 1.50 over 20
  shares: 19 x 0.08 > 1.50), the first shares round down instead.
- A tip: 10, 15 or 20 % of the charge's lines amount (half up), or an amount above 0 and at most
  the lines amount.
"""
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal

from billing.ledger.rules import CENT, FeeRate, commission, fee_at, in_free_month, money

ZERO = Decimal("0.00")
TIP_PERCENTS = (10, 15, 20)
MIN_SHARES, MAX_SHARES = 2, 20


@dataclass(frozen=True)
class Line:
    """A line as ordering answers it (`checkout.ordering`): what the provider's page lists of it, what
    it costs and whether a payment may pay it now, both as ordering says."""

    line_id: int
    order_id: int
    title: str
    unit_price: Decimal
    quantity: int
    amount: Decimal
    payable: bool


@dataclass(frozen=True)
class Selection:
    lines: list[Line]  # what this checkout will hold
    held: list[Line]  # what it would have held, but another open checkout holds


def select_lines(lines: Iterable[Line], held_elsewhere: set[int], orders: Sequence[int] | None = None) -> Selection:
    """The payable lines (of `orders` only, when given), those another checkout holds set apart."""
    candidates = [l for l in lines if l.payable and (orders is None or l.order_id in orders)]
    return Selection([l for l in candidates if l.line_id not in held_elsewhere],
                     [l for l in candidates if l.line_id in held_elsewhere])


def total(lines: Iterable[Line]) -> Decimal:
    return sum((l.amount for l in lines), ZERO)


def fee_percent(history: Sequence[FeeRate], opened_at: datetime | None, moment: datetime) -> Decimal:
    """The restaurant's fee in force at `moment`, 0 in its free month. A restaurant whose creation
    billing has not learned yet is taken as past its free month (it was linked, so it exists)."""
    if opened_at is not None and in_free_month(opened_at, moment):
        return ZERO
    return fee_at(history, moment)


def fee_of(amount: Decimal, percent: Decimal) -> Decimal:
    return commission(amount, percent)


def equal_parts(whole: Decimal, n: int) -> list[Decimal]:
    """`whole` in `n` parts: whole / n half up for the first n - 1, the rest (the rounding cents) to
    the last; the first round down when half up would leave the last below zero."""
    if n < 1:
        raise ValueError(n)
    part = (whole / n).quantize(CENT, rounding=ROUND_HALF_UP)
    if part * (n - 1) > whole:
        part = (whole / n).quantize(CENT, rounding=ROUND_DOWN)
    return [part] * (n - 1) + [whole - part * (n - 1)]


@dataclass(frozen=True)
class ChargePlan:
    share: int  # 1..n
    amount: Decimal  # the lines' part it charges, tip aside
    fee: Decimal  # the marketplace fee on it


def plan(amount: Decimal, percent: Decimal, shares: int = 1) -> list[ChargePlan]:
    """The charges of a checkout of `amount` at `percent`: one, or `shares` equal ones whose fees
    add up to the fee on the whole."""
    fee = fee_of(amount, percent)
    if shares == 1:
        return [ChargePlan(1, amount, fee)]
    return [ChargePlan(i + 1, part, part_fee)
            for i, (part, part_fee) in enumerate(zip(equal_parts(amount, shares), equal_parts(fee, shares)))]


class TipInvalid(ValueError):
    """A tip neither 10, 15 nor 20 %, or an amount not above 0, past cents, or over the lines amount."""


def tip(amount: Decimal, percent: int | None = None, fixed: Decimal | None = None) -> Decimal:
    """The tip on a charge of `amount`: a percent of it (half up) or a fixed amount."""
    if percent is not None and fixed is not None:
        raise TipInvalid("percent or amount, not both")
    if percent is not None:
        if percent not in TIP_PERCENTS:
            raise TipInvalid(percent)
        return money(amount * percent / 100)
    if fixed is not None:
        if fixed <= 0 or fixed != fixed.quantize(CENT) or fixed > amount:
            raise TipInvalid(fixed)
        return money(fixed)
    return ZERO
