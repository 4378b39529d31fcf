"""The unit layers' shared pieces (kit.testing.unit) do what their callers rely on."""
import pytest
from pydantic import BaseModel

from kit.membership import RestaurantMember
from kit.outbox import OutboxMessage
from kit.testing.unit import Session, refusal, refuse_servers


class Named(BaseModel):
    name: str


class Row:
    def __init__(self, id=None):
        self.id = id


async def test_a_flush_numbers_only_the_rows_without_an_id_and_events_are_the_outboxs():
    session = Session(first_id=7)
    kept, new, event = Row(3), Row(), OutboxMessage(event_type="a.b", payload={"x": 1})
    session.add_all([kept, new, RestaurantMember(restaurant_id=1, user_id=2, role=3)])
    session.add(event)
    await session.flush()
    assert (kept.id, new.id) == (3, 7)
    assert session.events() == [("a.b", {"x": 1})]
    assert session.rows(Row) == [kept, new]


def test_a_refusal_is_the_400_body_in_the_language_asked():
    assert set(refusal(Named, {}, "en")) == {"name"}
    with pytest.raises(AssertionError, match="fits Named"):
        refusal(Named, {"name": "x"})


def test_the_refused_fixtures_are_the_server_roots_unless_named():
    assert sorted(refuse_servers()) == ["_refused_migrated_database", "_refused_session_queues", "_refused_test_env"]
    assert list(refuse_servers("smtp_sink")) == ["_refused_smtp_sink"]
