"""The small world every service's tests start from: restaurant A (10) owned by user 1 and
operated by user 5, restaurant B (20) owned by user 2, a client (3), an admin (9), and user 77
whose token says operator but who operates nothing. A service's `tests/helpers.py` imports what
it needs from here and adds the facts only it learns (menus, places, dishes)."""
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from contracts import Event
from kit.auth import ADMIN, CLIENT, OPERATOR, OWNER
from kit.membership import RestaurantMember
from kit.consumer import process_event, process_events

A, B = 10, 20
OWNER_A, OWNER_B, OPERATOR_A, A_CLIENT, AN_ADMIN, STRANGER = 1, 2, 5, 3, 9, 77


class People:
    """Each person's request headers (`auth_header` is kit.testing's fixture)."""

    def __init__(self, auth_header):
        self.owner_a = auth_header(OWNER_A, OWNER)
        self.owner_b = auth_header(OWNER_B, OWNER)
        self.operator_a = auth_header(OPERATOR_A, OPERATOR)
        self.client = auth_header(A_CLIENT, CLIENT)
        self.admin = auth_header(AN_ADMIN, ADMIN)
        self.stranger = auth_header(STRANGER, OPERATOR)


async def seed_members(session_factory: async_sessionmaker[AsyncSession]) -> None:
    """The memberships identity would have announced, written straight into the projection."""
    async with session_factory() as session, session.begin():
        session.add_all([
            RestaurantMember(restaurant_id=A, user_id=OWNER_A, role=OWNER),
            RestaurantMember(restaurant_id=B, user_id=OWNER_B, role=OWNER),
            RestaurantMember(restaurant_id=A, user_id=OPERATOR_A, role=OPERATOR),
        ])


async def deliver(app, *events: Event) -> None:
    """Apply other services' events as the app's consumers would, one after another: its handlers,
    once per event id, in one transaction each (`kit.consumer.process_event`). Not through the
    broker: a test's world is facts, not the bus, and applying ordering's eight in place saves the
    broker's round trips and the 50 ms polls for them (about 170 against 110 ms on a loaded
    machine). The bus itself is proven by `publish` and `wait_processed` (kit's and every
    service's topology and membership tests)."""
    for event in events:
        await process_event(app.state.background_session_factory, app.state.event_handlers.get(event.type, ()), event,
                            app.state.relay.wake)


async def deliver_together(app, *events: Event) -> list[bool]:
    """Apply events of one type as one batch, as a busy queue's consumer does (`kit.consumer.Batches`):
    one transaction, batch handlers once. Answers each event's outcome (False: a duplicate)."""
    assert len({event.type for event in events}) == 1, "a batch is one queue's: events of one type"
    return await process_events(app.state.background_session_factory, app.state.event_handlers.get(events[0].type, ()),
                                list(events), app.state.relay.wake)
