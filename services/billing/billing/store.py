"""What one transaction of billing reads and writes through: each domain's repository over the
same session, and the outbox. A request gets one (`StoreDep`), an event handler makes one of the
session the consumer gives it; service modules hold steps over a `Store`, never statements, so
tests/unit hand the same steps an in-memory one (tests/unit/fakes.py)."""
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from typing import Annotated

from fastapi import Depends
from sqlalchemy.ext.asyncio import AsyncSession

from billing.checkout.repository import CheckoutRepository
from billing.commission.repository import CommissionRepository
from billing.fee.repository import FeeRepository
from billing.ledger.repository import LedgerRepository
from billing.marketplace.repository import LinkRepository
from billing.projections.repository import ProjectionRepository
from billing.statistics.repository import StatisticsRepository
from contracts import Event
from kit import db
from kit.db import SessionDep
from kit.outbox import add_event


class Store:
    def __init__(self, session: AsyncSession):
        self.session = session
        self.checkouts = CheckoutRepository(session)
        self.commissions = CommissionRepository(session)
        self.fees = FeeRepository(session)
        self.ledger = LedgerRepository(session)
        self.links = LinkRepository(session)
        self.projections = ProjectionRepository(session)
        self.statistics = StatisticsRepository(session)

    def announce(self, event: Event) -> None:
        """Stage `event` in the outbox: it leaves only if the transaction commits."""
        add_event(self.session, event)

    def savepoint(self) -> AbstractAsyncContextManager:
        """A part of the transaction that may fail alone (rolled back to here, the rest kept)."""
        return self.session.begin_nested()

    def after_commit(self, callback: Callable[[], Awaitable[object]]) -> None:
        db.after_commit(self.session, callback)


def store(session: SessionDep) -> Store:
    return Store(session)


StoreDep = Annotated[Store, Depends(store)]
