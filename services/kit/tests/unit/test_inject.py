"""Event handlers are given what they name (`kit.consumer.inject`), checked when consumers start."""
import pytest

from kit.consumer import CollaboratorMissing, batched, inject, linger_of, takes_batches


async def plain(session, event):
    return ("plain", session, event)


async def with_clock(session, event, *, clock, checkouts):
    return (session, event, clock(), checkouts)


async def test_a_handler_naming_nothing_is_run_as_it_is():
    assert inject(plain, {"clock": lambda: 1}) is plain


async def test_a_handler_is_given_the_collaborators_it_names_and_only_those():
    bound = inject(with_clock, {"clock": lambda: "noon", "checkouts": "the checkouts", "redis": "unused"})
    assert await bound("session", "event") == ("session", "event", "noon", "the checkouts")


def test_a_collaborator_nobody_provides_stops_the_start_up_naming_it():
    with pytest.raises(CollaboratorMissing, match=r"with_clock needs checkouts"):
        inject(with_clock, {"clock": lambda: "noon"})


async def test_a_batch_handler_stays_one_once_given_its_collaborators():
    @batched(linger_seconds=0.5)
    async def counted(session, events, *, clock):
        return [clock()] * len(events)

    bound = inject(counted, {"clock": lambda: "noon"})
    assert takes_batches(bound) and not takes_batches(inject(with_clock, {"clock": 1, "checkouts": 2}))
    assert await bound("session", ["a", "b"]) == ["noon", "noon"]
    assert linger_of([bound, plain]) == 0.5 and linger_of([plain]) == 0.0
