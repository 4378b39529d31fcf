"""A correction is a reversal row: the corrected row stays as it was, and every sum leaves it out."""
from decimal import Decimal

import pytest

from billing.ledger.service import AlreadyReversed, reverse
from billing.store import Store
from tests.helpers import A, deliver, ledger, ledger_figures, line, payment, rows


async def entry_id(app, kind: str) -> int:
    [(found,)] = await rows(app, "SELECT id FROM ledger_entry WHERE kind = :kind", kind=kind)
    return found


async def test_a_reversed_commission_leaves_the_current_account_and_the_sale_stays(app, people, client):
    await deliver(app, payment(line(price="1000.00")), payment(line(price="1000.00"), method="credit"))
    first = (await rows(app, "SELECT id FROM ledger_entry WHERE kind = 'commission_accrued' ORDER BY id"))[0][0]
    async with app.state.session_factory() as session, session.begin():
        await reverse(Store(session), first, note="cargada dos veces", by="admin@resto.local")
    assert (await ledger(app))[-1][:4] == ("reversal", "commission_accrued", A, Decimal("-5.00"))
    assert await rows(app, "SELECT kind, amount FROM ledger_entry WHERE id = :id", id=first) == [
        ("commission_accrued", Decimal("5.00"))]  # untouched
    figures = await ledger_figures(app, A)
    assert figures["cta_cte_resto"] == Decimal("5.00")
    answer = await client.post("/api/obtener-balance/resto-balance/", json={"fk_resto": A}, headers=people.owner_a)
    assert answer.json()["cta_cte_resto"] == "5.00" and answer.json()["importe_resto"] == "5.00"


async def test_a_row_is_reversed_once_and_a_reversal_is_not_reversed(app, people):
    await deliver(app, payment())
    sale = await entry_id(app, "sale")
    async with app.state.session_factory() as session, session.begin():
        reversal = await reverse(Store(session), sale, note="error")
    for target in (sale, reversal):
        async with app.state.session_factory() as session, session.begin():
            with pytest.raises(AlreadyReversed):
                await reverse(Store(session), target, note="otra vez")
    assert [kind for kind, *_ in await ledger(app)] == ["sale", "commission_accrued", "reversal"]
