"""In-memory fakes of billing's repositories, of the `Store` that bundles them (billing/store.py)
and of the marketplace provider, for the unit layer. Each fake keeps what the real one keeps in
PostgreSQL, with the same answers for what the steps ask: the unique keys that make a write happen
once, the order rows come back in, which rows a lock takes (noted in `locks`, in order). What the
database proves by itself (races, locks actually held, SQL) stays with the infrastructure suites."""
import itertools
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from types import SimpleNamespace

from billing.checkout.models import HOLDING, OPEN, UNASSIGNED, Checkout, CheckoutCharge, CheckoutPayment
from billing.fee.models import FeeChange
from billing.filters import Period
from billing.ledger.repository import Sales
from billing.ledger.rules import COMMISSION_ACCRUED, COMMISSION_COLLECTED, COMMISSIONS, SALE, TOTAL_KEY, FeeRate, Opening, free_months, money
from billing.marketplace.provider import Refused
from billing.statistics.rules import KEY as SOLD_KEY
from kit.auth import ADMIN, OPERATOR, OWNER
from kit.errors import NotFound, PermissionDenied
from kit.tokens import Principal

D = Decimal
ZERO = D("0.00")


def in_period(day, period: Period) -> bool:
    return (period.start is None or day >= period.start) and (period.end is None or day <= period.end)


# ------------------------------------------------------------------------------- checkouts
def written(row, **defaults):
    """A row as the database gives it back once written: its columns' defaults filled in."""
    for name, value in defaults.items():
        if getattr(row, name) is None:
            setattr(row, name, value)
    return row


class FakeCheckouts:
    def __init__(self, locks: list):
        self.locks = locks
        self.rows: dict[int, Checkout] = {}
        self.charge_rows: list[CheckoutCharge] = []
        self.lines: list[SimpleNamespace] = []  # checkout_id, line_id, amount, held
        self.payment_rows: dict[str, CheckoutPayment] = {}
        self.keys: dict[str, SimpleNamespace] = {}
        self._ids = itertools.count(1)
        self._charge_ids = itertools.count(101)

    # writing
    async def add(self, checkout: Checkout) -> None:
        checkout.id = next(self._ids)
        self.rows[checkout.id] = written(checkout, shares=1, state=OPEN)

    async def add_charges(self, charges) -> None:
        for charge in charges:
            charge.id = next(self._charge_ids)
            self.charge_rows.append(written(charge, tip=ZERO, state=UNASSIGNED))

    def add_payment(self, row: CheckoutPayment) -> None:
        self.payment_rows[row.provider_payment_id] = written(row, application_fee=ZERO, undone="", refunded=ZERO)

    async def hold(self, checkout_id: int, lines) -> set[int]:
        held = {line.line_id for line in self.lines if line.held}
        got = set()
        for line_id, amount in lines:
            if line_id not in held:
                self.lines.append(SimpleNamespace(checkout_id=checkout_id, line_id=line_id, amount=amount, held=True))
                got.add(line_id)
        return got

    async def release(self, checkout_id: int) -> None:
        for line in self.lines:
            if line.checkout_id == checkout_id:
                line.held = False

    async def claim_key(self, key: str, request_hash: str):
        if key in self.keys:
            return self.keys[key]
        self.keys[key] = SimpleNamespace(key=key, request_hash=request_hash, charge_id=None)
        return None

    async def settle_key(self, key: str, charge_id: int) -> None:
        self.keys[key].charge_id = charge_id

    async def flush(self) -> None:
        pass

    # reading
    async def held_elsewhere(self, line_ids) -> set[int]:
        wanted = set(line_ids)
        return {line.line_id for line in self.lines if line.held and line.line_id in wanted}

    async def line_ids(self, checkout_id: int) -> list[int]:
        return sorted(line.line_id for line in self.lines if line.checkout_id == checkout_id)

    async def lines_of(self, checkout_ids) -> dict[int, list[int]]:
        return {checkout_id: await self.line_ids(checkout_id) for checkout_id in checkout_ids}

    async def checkout(self, checkout_id: int, lock: bool = False) -> Checkout | None:
        if lock:
            self.locks.append(("checkout", checkout_id))
        return self.rows.get(checkout_id)

    async def holding(self, line_id: int, lock: bool = False) -> Checkout | None:
        for line in self.lines:
            if line.line_id == line_id and line.held:
                return await self.checkout(line.checkout_id, lock=lock)
        return None

    async def holding_at(self, place_id: int) -> list[Checkout]:
        return [c for _, c in sorted(self.rows.items()) if c.place_id == place_id and c.state in HOLDING]

    async def charges(self, checkout_id: int, lock: bool = False) -> list[CheckoutCharge]:
        if lock:
            self.locks.append(("charges", checkout_id))
        return sorted((c for c in self.charge_rows if c.checkout_id == checkout_id), key=lambda c: c.share)

    async def charges_of(self, checkout_ids) -> dict[int, list[CheckoutCharge]]:
        return {checkout_id: await self.charges(checkout_id) for checkout_id in checkout_ids}

    async def charge(self, charge_id: int) -> CheckoutCharge | None:
        return next((c for c in self.charge_rows if c.id == charge_id), None)

    async def charge_by_reference(self, reference: str) -> CheckoutCharge | None:
        return next((c for c in self.charge_rows if c.reference == reference), None)

    async def next_unassigned(self, checkout_id: int) -> CheckoutCharge | None:
        return next((c for c in await self.charges(checkout_id) if c.state == UNASSIGNED), None)

    async def payments(self, charge_ids) -> list[CheckoutPayment]:
        wanted = set(charge_ids)
        return sorted((p for p in self.payment_rows.values() if p.charge_id in wanted), key=lambda p: p.updated_at)

    async def payment(self, provider_payment_id: str) -> CheckoutPayment | None:
        return self.payment_rows.get(provider_payment_id)

    async def expired(self, before: datetime, limit: int) -> list[Checkout]:
        due = sorted((c for c in self.rows.values() if c.state == OPEN and c.created_at < before), key=lambda c: c.created_at)
        for checkout in due[:limit]:
            self.locks.append(("checkout", checkout.id))
        return due[:limit]

    async def retained(self, checkout_ids) -> dict[int, Checkout]:
        return {i: self.rows[i] for i in set(checkout_ids) if i in self.rows}

    async def tips_and_fees(self, checkout_ids) -> dict[int, tuple]:
        found = {}
        for checkout_id in set(checkout_ids):
            approved = [c for c in self.charge_rows if c.checkout_id == checkout_id and c.approved_at is not None]
            if approved:
                found[checkout_id] = (sum((c.tip for c in approved), ZERO), sum((c.fee_retained or ZERO for c in approved), ZERO))
        return found


# ------------------------------------------------------------------------------- the ledger
class FakeLedger:
    def __init__(self):
        self.rows: list[dict] = []
        self.totals: dict[tuple, dict] = {}
        self.sale_lines: list[dict] = []
        self._ids = itertools.count(1)

    def _taken(self, row: dict) -> bool:
        """What the ledger's unique indexes refuse (models.LedgerEntry)."""
        for held in self.rows:
            if row.get("event_id") is not None and (held.get("event_id"), held["kind"]) == (row["event_id"], row["kind"]):
                return True
            if row["kind"] == SALE and held["kind"] == SALE and held.get("payment_id") == row.get("payment_id"):
                return True
            if row.get("idempotency_key") is not None and held.get("idempotency_key") == row["idempotency_key"]:
                return True
            if row.get("reverses_id") is not None and held.get("reverses_id") == row["reverses_id"]:
                return True
        return False

    async def insert(self, rows) -> list[SimpleNamespace]:
        written = []
        for row in rows:
            if self._taken(row):
                continue
            kept = {"line_count": 0, "method": None, "owed_after": None, "event_id": None, **row, "id": next(self._ids)}
            self.rows.append(kept)
            written.append(SimpleNamespace(**kept))
        return written

    async def add_to_totals(self, totals) -> None:
        for total in totals:
            key = tuple(total[name] for name in TOTAL_KEY)
            held = self.totals.setdefault(key, {"amount": ZERO, "line_count": 0, "entries": 0})
            for name in ("amount", "line_count", "entries"):
                held[name] += total[name]

    async def add_sale_lines(self, lines) -> None:
        self.sale_lines.extend(lines)

    async def entry(self, entry_id: int):
        row = next((r for r in self.rows if r["id"] == entry_id), None)
        return SimpleNamespace(**row) if row else None

    async def sale_of(self, payment_id: int) -> int | None:
        return next((r["id"] for r in self.rows if r["kind"] == SALE and r.get("payment_id") == payment_id), None)

    async def collection(self, key: str):
        row = next((r for r in self.rows if r.get("idempotency_key") == key), None)
        return SimpleNamespace(**row) if row else None

    def _sum(self, restaurant_id: int, kinds, period: Period = Period(), method: str | None = None, column: str = "amount"):
        return sum((t[column] for (restaurant, counts_as, day, row_method), t in self.totals.items()
                    if restaurant == restaurant_id and counts_as in kinds and in_period(day, period)
                    and (method is None or row_method == method)), ZERO if column == "amount" else 0)

    async def sales(self, restaurant_id: int, period: Period, method: str | None) -> Sales:
        return Sales(self._sum(restaurant_id, (SALE,), period, method, "entries"), money(self._sum(restaurant_id, (SALE,), period, method)),
                     money(self._sum(restaurant_id, COMMISSIONS, period, method)))

    async def owed_by(self, restaurant_id: int) -> Decimal:
        return money(self._sum(restaurant_id, (COMMISSION_ACCRUED,)) - self._sum(restaurant_id, (COMMISSION_COLLECTED,)))

    def of(self, restaurant_id: int | None = None) -> list[tuple]:
        """(kind, counts_as, amount, fee_percent) of every row, oldest first."""
        return [(r["kind"], r["counts_as"], r["amount"], r.get("fee_percent")) for r in self.rows
                if restaurant_id is None or r["restaurant_id"] == restaurant_id]


# ------------------------------------------------------------------------------- what billing knows of identity
class FakeProjections:
    def __init__(self):
        self.facts: dict[int, SimpleNamespace] = {}
        self.members: dict[tuple[int, int], set[int]] = {}  # (restaurant, user) -> roles

    def restaurant(self, restaurant_id: int, owner_id: int, opened_at: datetime | None, tips: bool = False,
                   name: str = "", deleted: bool = False) -> None:
        self.facts[restaurant_id] = SimpleNamespace(restaurant_id=restaurant_id, owner_id=owner_id, opened_at=opened_at,
                                                    tips=tips, nombre_local=name, deleted=deleted)
        self.members.setdefault((restaurant_id, owner_id), set()).add(OWNER)

    async def openings(self, restaurant_ids) -> dict[int, datetime]:
        return free_months((Opening(f.restaurant_id, f.owner_id, f.opened_at) for f in self.facts.values()), restaurant_ids)

    async def restaurant_facts(self, restaurant_id: int):
        return self.facts.get(restaurant_id)

    async def ensure_restaurant(self, principal: Principal, restaurant_id: int, roles=(OWNER, OPERATOR)) -> None:
        if principal.in_group(ADMIN):
            await self.ensure_known(restaurant_id)
            return
        held = self.members.get((restaurant_id, principal.user_id), set())
        if not held:
            raise NotFound()
        if not held & set(roles):
            raise PermissionDenied()

    async def ensure_known(self, restaurant_id: int) -> None:
        if restaurant_id not in self.facts:
            raise NotFound()


# ------------------------------------------------------------------------------- fees, statistics, links
class FakeFees:
    def __init__(self, projections: FakeProjections):
        self.projections = projections
        self.changes: list[FeeChange] = []

    async def add(self, change: FeeChange) -> None:
        change.id = len(self.changes) + 1
        self.changes.append(change)

    def _newest_first(self, changes):
        return sorted(changes, key=lambda c: (c.effective_at, c.id), reverse=True)

    async def histories(self, restaurant_ids) -> dict[int, list[FeeRate]]:
        found: dict[int, list[FeeRate]] = {}
        for change in sorted(self.changes, key=lambda c: (c.effective_at, c.id)):
            if change.restaurant_id in set(restaurant_ids):
                found.setdefault(change.restaurant_id, []).append(FeeRate(change.application_fee, change.effective_at))
        return found

    async def latest(self, restaurant_id: int) -> FeeChange | None:
        return next(iter(self._newest_first(c for c in self.changes if c.restaurant_id == restaurant_id)), None)

    async def owners_newest(self, owner_id: int, other_than: int) -> FeeChange | None:
        owned = {r for r, f in self.projections.facts.items() if f.owner_id == owner_id}
        return next(iter(self._newest_first(c for c in self.changes if c.restaurant_id in owned - {other_than})), None)


class FakeStatistics:
    def __init__(self):
        self.rows: dict[tuple, list] = {}

    async def add(self, rows) -> None:
        for row in rows:
            held = self.rows.setdefault(tuple(row[name] for name in SOLD_KEY), [0, ZERO])
            held[0] += row["quantity"]
            held[1] += row["amount"]


class FakeCommissions:
    def __init__(self, locks: list):
        self.locks = locks

    async def take_turn(self, restaurant_id: int) -> None:
        self.locks.append(("collections", restaurant_id))


class FakeLinks:
    def __init__(self):
        self.links: dict[int, SimpleNamespace] = {}
        self.accounts: set[int] = set()

    def link(self, restaurant_id: int, account_id: int) -> None:
        self.links[restaurant_id] = SimpleNamespace(restaurant_id=restaurant_id, account_id=account_id)
        self.accounts.add(account_id)

    async def link_of(self, restaurant_id: int):
        return self.links.get(restaurant_id)

    async def account(self, account_id: int, lock: bool = False, skip_locked: bool = False):
        return SimpleNamespace(user_id=account_id) if account_id in self.accounts else None


# ------------------------------------------------------------------------------- the store
class FakeStore:
    """billing.store.Store over the fakes: `announced` is the outbox (events in the order staged)."""

    def __init__(self):
        self.session = None  # what the marketplace's token custody would read: the fake provider needs none
        self.locks: list[tuple[str, int]] = []
        self.checkouts = FakeCheckouts(self.locks)
        self.ledger = FakeLedger()
        self.projections = FakeProjections()
        self.fees = FakeFees(self.projections)
        self.statistics = FakeStatistics()
        self.commissions = FakeCommissions(self.locks)
        self.links = FakeLinks()
        self.announced: list = []
        self.committed: list = []

    def announce(self, event) -> None:
        self.announced.append(event)

    @asynccontextmanager
    async def savepoint(self):
        yield

    def after_commit(self, callback) -> None:
        self.committed.append(callback)

    def events(self, *types: str) -> list:
        return [e for e in self.announced if not types or e.type in types]


# ------------------------------------------------------------------------------- the marketplace
@dataclass
class FakeProvider:
    """The provider's records of one seller: payments and merchant orders by id, and what it was asked."""

    payments: dict[str, dict] = field(default_factory=dict)
    orders: dict[str, dict] = field(default_factory=dict)
    asked: list[tuple] = field(default_factory=list)

    async def payment(self, token: str, payment_id: str) -> dict:
        self.asked.append(("payment", payment_id))
        if payment_id not in self.payments:
            raise Refused(404, {"message": "not found"})
        return dict(self.payments[payment_id])

    async def merchant_order(self, token: str, order_id: str) -> dict:
        self.asked.append(("merchant_order", order_id))
        if order_id not in self.orders:
            raise Refused(404, {"message": "not found"})
        return dict(self.orders[order_id])

    async def refund(self, token: str, payment_id: str) -> dict:
        self.asked.append(("refund", payment_id))
        self.payments[payment_id]["status"] = "refunded"
        return {"status": "approved"}

    async def cancel_payment(self, token: str, payment_id: str) -> dict:
        self.asked.append(("cancel", payment_id))
        self.payments[payment_id]["status"] = "cancelled"
        return {"status": "cancelled"}


class FakeAccounts:
    """Token custody: every call is made with the seller's token."""

    async def call(self, session, account_id: int, request):
        return await request(f"token-{account_id}")


class FakeMarketplace:
    def __init__(self):
        self.api = FakeProvider()
        self.accounts = FakeAccounts()
