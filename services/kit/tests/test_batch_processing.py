"""`kit.consumer.process_events`: a batch of one queue's events in one transaction, each applied
once per event id, by batch handlers once and by the others once per event with its own origin."""
from sqlalchemy import select

from contracts.identity import RestaurantCreated, RestaurantUpdated
from kit.consumer import ProcessedEvent, batched, process_event, process_events
from kit.outbox import OutboxMessage, add_event

SCREEN = "3f2b6c1e-9a47-4d2e-8f1a-2b7c9d0e5a11"


def created(restaurant_id: int, origin: str | None = None) -> RestaurantCreated:
    return RestaurantCreated(restaurant_id=restaurant_id, owner_id=1, nombre_local=f"R{restaurant_id}", origin=origin)


async def test_a_batch_applies_each_new_event_once_and_answers_each_events_outcome(app):
    factory = app.state.session_factory
    seen_one_by_one: list[int] = []
    seen_together: list[list[int]] = []

    async def one(session, event) -> None:
        seen_one_by_one.append(event.restaurant_id)

    @batched()
    async def together(session, events) -> None:
        seen_together.append([event.restaurant_id for event in events])

    earlier, first, second = created(1), created(2), created(3)
    assert await process_event(factory, [one, together], earlier)
    outcomes = await process_events(factory, [one, together], [first, earlier, second, first])
    assert outcomes == [True, False, True, False]  # `earlier` was applied before; `first` twice in the batch
    assert seen_one_by_one == [1, 2, 3] and seen_together == [[1], [2, 3]]
    async with factory() as session:
        claimed = set(await session.scalars(select(ProcessedEvent.event_id)))
    assert claimed == {earlier.event_id, first.event_id, second.event_id}


async def test_a_batch_of_duplicates_only_runs_no_handler(app):
    factory = app.state.session_factory
    calls: list = []

    @batched()
    async def together(session, events) -> None:
        calls.append(events)

    event = created(4)
    assert await process_events(factory, [together], [event]) == [True]
    assert await process_events(factory, [together], [event, event]) == [False, False]
    assert len(calls) == 1


async def test_a_failing_handler_rolls_the_whole_batch_back(app):
    factory = app.state.session_factory

    async def refuse_six(session, event) -> None:
        add_event(session, RestaurantUpdated(restaurant_id=event.restaurant_id, owner_id=1, nombre_local="written"))
        if event.restaurant_id == 6:
            raise RuntimeError("no")

    try:
        await process_events(factory, [refuse_six], [created(5), created(6)])
    except RuntimeError:
        pass
    else:
        raise AssertionError("the handler's failure was swallowed")
    async with factory() as session:
        assert (await session.scalars(select(ProcessedEvent.event_id))).all() == []
        assert (await session.scalars(select(OutboxMessage.event_id))).all() == []
    assert await process_events(factory, [refuse_six], [created(5)]) == [True]  # applied alone, as Batches does


async def test_events_written_in_a_batch_carry_the_origin_of_the_event_that_caused_each(app):
    async def answer_with_another(session, event) -> None:
        add_event(session, RestaurantUpdated(restaurant_id=event.restaurant_id, owner_id=1, nombre_local=f"{event.nombre_local} again"))

    factory = app.state.session_factory
    assert await process_events(factory, [answer_with_another], [created(8, SCREEN), created(9)]) == [True, True]
    async with factory() as session:
        payloads = (await session.scalars(select(OutboxMessage.payload))).all()
    assert {payload["nombre_local"]: payload["origin"] for payload in payloads} == {"R8 again": SCREEN, "R9 again": None}
