"""Event handlers are given what they name (`kit.consumer.inject`), checked when consumers start."""
import pytest

from kit.consumer import CollaboratorMissing, inject


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
