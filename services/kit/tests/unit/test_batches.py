"""A queue's events are applied a batch at a time (`kit.consumer.Batches`): the batch grows while
the one before is in the database, and a failing event fails alone."""
import asyncio

import pytest

from kit.consumer import Batches


class Database:
    """`process_events` as the batches see it: answers each event's outcome, one call a transaction."""

    def __init__(self, fails_on: set[str] = frozenset(), hold: asyncio.Event | None = None):
        self.calls: list[list[str]] = []
        self.fails_on = fails_on
        self.hold = hold

    async def apply(self, events):
        self.calls.append(list(events))
        if self.hold is not None:
            await self.hold.wait()
        if self.fails_on & set(events):
            raise RuntimeError(f"handler failed on {sorted(self.fails_on & set(events))}")
        return [not event.startswith("dup") for event in events]


async def test_events_arriving_while_a_batch_is_in_the_database_go_together_in_the_next():
    hold = asyncio.Event()
    database = Database(hold=hold)
    batches = Batches(database.apply, asyncio.Semaphore(1), size=20)
    first = asyncio.create_task(batches.apply("e1"))
    await asyncio.sleep(0)
    later = [asyncio.create_task(batches.apply(name)) for name in ("e2", "e3", "dup4")]
    await asyncio.sleep(0)
    hold.set()
    assert await first is True
    assert await asyncio.gather(*later) == [True, True, False]
    assert database.calls == [["e1"], ["e2", "e3", "dup4"]]


async def test_a_batch_never_exceeds_its_size():
    hold = asyncio.Event()
    database = Database(hold=hold)
    batches = Batches(database.apply, asyncio.Semaphore(1), size=2)
    tasks = [asyncio.create_task(batches.apply(f"e{n}")) for n in range(5)]
    await asyncio.sleep(0)
    hold.set()
    assert await asyncio.gather(*tasks) == [True] * 5
    assert database.calls == [["e0", "e1"], ["e2", "e3"], ["e4"]]


async def test_a_failing_event_fails_alone_and_the_rest_of_its_batch_is_applied():
    hold = asyncio.Event()
    database = Database(fails_on={"bad"}, hold=hold)
    batches = Batches(database.apply, asyncio.Semaphore(1), size=20)
    tasks = [asyncio.create_task(batches.apply(name)) for name in ("e1", "bad", "e3")]
    await asyncio.sleep(0)
    hold.set()
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    assert outcomes[0] is True and outcomes[2] is True
    assert isinstance(outcomes[1], RuntimeError) and "bad" in str(outcomes[1])
    assert database.calls == [["e1", "bad", "e3"], ["e1"], ["bad"], ["e3"]]


async def test_batches_wait_their_turn_at_the_shared_pool():
    slots = asyncio.Semaphore(1)
    await slots.acquire()  # another queue's batch holds the only connection
    database = Database()
    batches = Batches(database.apply, slots, size=20)
    tasks = [asyncio.create_task(batches.apply(name)) for name in ("e1", "e2")]
    await asyncio.sleep(0.01)
    assert database.calls == []
    slots.release()
    assert await asyncio.gather(*tasks) == [True, True]
    assert database.calls == [["e1", "e2"]]


@pytest.mark.parametrize("turns", [1, 3], ids=["before-it-starts", "while-a-batch-is-in-the-database"])
async def test_stopping_the_consumers_leaves_no_event_waiting_for_an_answer_forever(turns):
    hold = asyncio.Event()
    batches = Batches(Database(hold=hold).apply, asyncio.Semaphore(1), size=1)
    tasks = [asyncio.create_task(batches.apply(name)) for name in ("e1", "e2")]
    for _ in range(turns):
        await asyncio.sleep(0)
    batches._draining.cancel()
    for task in tasks:
        with pytest.raises(asyncio.CancelledError):
            await asyncio.wait_for(task, 1)
    assert batches._draining is None


async def test_a_lingering_queue_gathers_its_events_for_a_while_before_applying_them():
    database = Database()
    batches = Batches(database.apply, asyncio.Semaphore(1), size=20, linger=0.05)
    first = asyncio.create_task(batches.apply("e1"))
    await asyncio.sleep(0.01)
    assert database.calls == []  # waiting for company
    second = asyncio.create_task(batches.apply("e2"))
    assert await asyncio.gather(first, second) == [True, True]
    assert database.calls == [["e1", "e2"]]


async def test_a_lingering_queue_applies_a_full_batch_at_once():
    database = Database()
    batches = Batches(database.apply, asyncio.Semaphore(1), size=3, linger=60)
    tasks = [asyncio.create_task(batches.apply(f"e{n}")) for n in range(4)]
    done, _ = await asyncio.wait(tasks[:3], timeout=1)
    assert len(done) == 3 and database.calls == [["e0", "e1", "e2"]]
    batches._draining.cancel()  # e3 lingers for a minute: stop, as a shutdown does
    with pytest.raises(asyncio.CancelledError):
        await tasks[3]
