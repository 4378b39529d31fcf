"""Every service's event map is built by `with_membership`: membership first where both react."""
from contracts.identity import OperatorAdded, RestaurantCreated, RestaurantDeleted, RestaurantUpdated
from kit.membership import MEMBERSHIP_HANDLERS, restaurant_profile, with_membership


async def own_profile(session, event) -> None: ...


async def own_cleanup(session, event) -> None: ...


async def own_other(session, event) -> None: ...


def test_membership_runs_before_the_services_own_handlers_of_the_same_event():
    handlers = with_membership({
        RestaurantCreated.type: own_profile,
        RestaurantDeleted.type: [own_cleanup, own_other],
        RestaurantUpdated.type: own_profile,
        "catalog.dish.changed": own_other,
    })
    assert handlers[RestaurantCreated.type] == [MEMBERSHIP_HANDLERS[RestaurantCreated.type], own_profile]
    assert handlers[RestaurantDeleted.type] == [MEMBERSHIP_HANDLERS[RestaurantDeleted.type], own_cleanup, own_other]
    # events membership ignores, and membership's own events, stay as they are
    assert handlers[RestaurantUpdated.type] is own_profile
    assert handlers["catalog.dish.changed"] is own_other
    assert handlers[OperatorAdded.type] is MEMBERSHIP_HANDLERS[OperatorAdded.type]


def test_a_service_without_handlers_of_its_own_still_keeps_membership():
    assert with_membership({}) == MEMBERSHIP_HANDLERS


def test_a_restaurant_profile_copy_is_written_on_create_and_update_and_dropped_on_delete():
    handlers = with_membership(restaurant_profile(own_profile, own_cleanup))
    assert handlers[RestaurantCreated.type] == [MEMBERSHIP_HANDLERS[RestaurantCreated.type], own_profile]
    assert handlers[RestaurantUpdated.type] is own_profile
    assert handlers[RestaurantDeleted.type] == [MEMBERSHIP_HANDLERS[RestaurantDeleted.type], own_cleanup]
