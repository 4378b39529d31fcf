"""Nothing in the ledger is ever updated or deleted: the database itself refuses it, whoever asks."""
import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from tests.helpers import deliver, ledger, payment, rows

STATEMENTS = [
    "UPDATE ledger_entry SET amount = 0",
    "DELETE FROM ledger_entry",
    "UPDATE sale_line SET quantity = 99",
    "DELETE FROM sale_line",
    "UPDATE fee_change SET application_fee = 0",
    "DELETE FROM fee_change",
    "UPDATE ledger_entry SET amount = 0 WHERE false",  # refused as a statement, even touching no row
]


@pytest.mark.parametrize("statement", STATEMENTS)
async def test_the_database_refuses_to_change_or_remove_a_money_row(app, people, client, statement):
    await deliver(app, payment())
    assert (await client.put("/api/comision-resto/10/", json={"application_fee": "1.00"}, headers=people.admin)).status_code == 200
    before = (await ledger(app), await rows(app, "SELECT * FROM sale_line"), await rows(app, "SELECT * FROM fee_change"))
    async with app.state.session_factory() as session:
        with pytest.raises(DBAPIError, match="append-only"):
            await session.execute(text(statement))
    assert (await ledger(app), await rows(app, "SELECT * FROM sale_line"), await rows(app, "SELECT * FROM fee_change")) == before


async def test_rows_are_still_added(app, people):
    await deliver(app, payment(), payment())
    assert len(await ledger(app)) == 4
