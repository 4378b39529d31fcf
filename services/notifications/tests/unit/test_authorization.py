"""Who may listen to what (live/service.py), with the repositories in memory: a staff token is let in
to the restaurants its user works in (an admin names one), a phone by its place's token, a tracking
page by its order's token until a day after the order closed; the checks of open sockets close or
move them; and what a reconnecting socket missed (bounded, or a reload)."""
from datetime import UTC, datetime, timedelta

import pytest

from contracts.live import DinerAuth, StaffAuth, TrackingAuth
from contracts.ordering import tracking_hash
from kit.auth import ADMIN, CLIENT, OPERATOR, OWNER
from kit.i18n import Text
from notifications.delivery.service import live as tracking_works
from notifications.live import errors
from notifications.live import service
from notifications.live.errors import Refused
from notifications.live.scope import DinerScope, StaffScope, TrackingScope
from notifications.notification.message import Message
from notifications.place.service import token_hash
from tests.unit.fakes import NOW, InMemoryAudiences, Revocations, Session, Verifier, principal

A, B, C = 1, 2, 3
OWNER_A, OPERATOR_A, AN_ADMIN = 10, 11, 12


@pytest.fixture
def members(monkeypatch) -> dict[int, list[int]]:
    """Who works where (kit.membership's projection), in memory: user -> restaurants."""
    works: dict[int, list[int]] = {OWNER_A: [A, C], OPERATOR_A: [A]}

    async def member_restaurant_ids(session, who):
        return works.get(who.user_id, [])

    async def memberships(session, user_ids):
        return {user: works[user] for user in user_ids if user in works}

    monkeypatch.setattr(service, "member_restaurant_ids", member_restaurant_ids)
    monkeypatch.setattr(service, "_memberships", memberships)
    return works


async def staff(token: str, fk_resto: int | None = None, revoked: dict | None = None, **tokens) -> StaffScope:
    verifier = Verifier(**tokens)
    return await service.staff_scope(Session(), verifier, Revocations(revoked), StaffAuth(type="auth", token=token, fk_resto=fk_resto))


async def refused_staff(*args, **kwargs) -> str:
    with pytest.raises(Refused) as refused:
        await staff(*args, **kwargs)
    return refused.value.closure.code


# ---------------------------------------------------------------------------------- staff at connection
@pytest.mark.parametrize("user, group, chosen, restaurants", [
    (OWNER_A, OWNER, None, {A, C}),  # every restaurant they work in
    (OWNER_A, OWNER, C, {C}),  # the one they chose
    (OPERATOR_A, OPERATOR, None, {A}),
    (AN_ADMIN, ADMIN, B, {B}),  # an admin hears any one restaurant, named
])
async def test_staff_hear_the_restaurants_they_work_in(members, user, group, chosen, restaurants):
    scope = await staff("tok", chosen, tok=principal(user, group))
    assert (scope.restaurants, scope.chosen) == (frozenset(restaurants), chosen)


@pytest.mark.parametrize("user, group, chosen, code", [
    (OWNER_A, OWNER, B, "permission_denied"),  # not theirs
    (OPERATOR_A, OPERATOR, C, "permission_denied"),
    (77, OPERATOR, None, "permission_denied"),  # works nowhere
    (3, CLIENT, None, "permission_denied"),  # not staff
    (AN_ADMIN, ADMIN, None, "restaurant_required"),  # an admin must choose
])
async def test_staff_are_refused_a_restaurant_they_do_not_work_in(members, user, group, chosen, code):
    assert await refused_staff("tok", chosen, tok=principal(user, group)) == code


async def test_a_bad_or_revoked_token_is_refused(members):
    assert await refused_staff("not.a.jwt", tok=principal(OWNER_A, OWNER)) == "invalid_token"
    assert await refused_staff("tok", revoked={"t10": True}, tok=principal(OWNER_A, OWNER)) == "invalid_token"


# ---------------------------------------------------------------------------------- staff, checked again
async def test_open_staff_sockets_are_checked_again_in_one_round(members):
    expired = principal(OWNER_A, OWNER, token_id="old", expires_at=1)  # 1970
    scopes = [
        StaffScope(principal(OWNER_A, OWNER), None, frozenset({A, C})),  # unchanged
        StaffScope(expired, None, frozenset({A, C})),
        StaffScope(principal(OWNER_A, OWNER, token_id="gone"), None, frozenset({A, C})),
        StaffScope(principal(OPERATOR_A, OPERATOR), None, frozenset({A})),  # removed from A below
        StaffScope(principal(OWNER_A, OWNER, token_id="chose"), A, frozenset({A})),
        StaffScope(principal(AN_ADMIN, ADMIN), B, frozenset({B})),
        StaffScope(principal(OWNER_A, OWNER, token_id="unknown"), None, frozenset({A, C})),  # Redis cannot say yet: kept
    ]
    members[OPERATOR_A] = []
    members[OWNER_A] = [A, C, 4]  # gained a restaurant
    revocations = Revocations({"gone": True, "unknown": None})
    verdicts = await service.recheck_staff(Session(), revocations, scopes)
    assert [v.code if isinstance(v, errors.Closure) else sorted(v.restaurants) for v in verdicts] == [
        [A, C, 4], "token_expired", "token_revoked", "permission_denied", [A], [B], [A, C, 4]]
    assert verdicts[4] is scopes[4] and verdicts[5] is scopes[5]  # unchanged scopes stay the same object
    assert revocations.calls == 1  # one round trip for every socket


# ---------------------------------------------------------------------------------- phones
async def test_a_phone_is_let_in_by_its_places_token_into_its_current_sitting(places):
    places.put(1, A, "M1", menu_id=30, token_hash=token_hash("token-m1"))
    places.sittings[1] = NOW
    scope = await service.diner_scope(Session(), DinerAuth(type="auth", place_token="token-m1"))
    assert scope == DinerScope(A, 1, 30, token_hash("token-m1"), since=NOW, joined=NOW)


@pytest.mark.parametrize("token", ["not-a-table", "token-gone"])
async def test_an_unknown_or_removed_places_token_is_refused(places, token):
    places.put(2, A, "M2", token_hash=token_hash("token-gone"), removed=True)
    with pytest.raises(Refused) as refused:
        await service.diner_scope(Session(), DinerAuth(type="auth", place_token=token))
    assert refused.value.closure is errors.PLACE_UNKNOWN


async def test_open_phones_follow_their_places_menu_and_sitting_and_close_once_its_token_is_replaced(places):
    h1, h2, h5 = token_hash("m1"), token_hash("m2"), token_hash("s5")
    places.put(1, A, menu_id=31, token_hash=h1)  # its menu changed
    places.put(2, A, token_hash=token_hash("m2-new"))  # its token replaced
    places.put(5, A, token_hash=h5)
    places.sittings[5] = NOW - timedelta(minutes=5)  # the read is older than what the stream said
    scopes = [DinerScope(A, 1, 30, h1), DinerScope(A, 2, 30, h2), DinerScope(A, 5, 30, h5, since=NOW, joined=None),
              DinerScope(A, 6, 30, token_hash("m6"))]
    verdicts = await service.recheck_diners(Session(), scopes)
    assert verdicts == [DinerScope(A, 1, 31, h1), errors.PLACE_CLOSED, scopes[2], errors.PLACE_CLOSED]
    assert verdicts[2].since == NOW  # a sitting never moves back


async def test_a_token_now_of_another_place_closes_the_phone(places):
    places.put(9, A, token_hash=token_hash("m1"))  # the token is another place's now
    assert await service.recheck_diners(Session(), [DinerScope(A, 1, 30, token_hash("m1"))]) == [errors.PLACE_CLOSED]


# ---------------------------------------------------------------------------------- tracking pages
@pytest.mark.parametrize("closed_ago, works", [
    (None, True), (timedelta(hours=23, minutes=59), True), (timedelta(hours=24), False), (timedelta(hours=30), False),
])
def test_a_tracking_link_works_until_a_day_after_its_order_closed(deliveries, closed_ago, works):
    deliveries.put("h", 9, A, closed_at=None if closed_ago is None else NOW - closed_ago)
    assert tracking_works(deliveries.rows["h"], 24, NOW) is works
    assert tracking_works(None, 24, NOW) is False


async def test_a_tracking_page_is_let_in_to_its_order_or_refused_alike(deliveries):
    deliveries.put(tracking_hash("tok-ana"), 9, A)
    deliveries.put(tracking_hash("tok-old"), 10, A, closed_at=datetime.now(UTC) - timedelta(hours=25))
    scope = await service.tracking_scope(Session(), TrackingAuth(type="auth", tracking_token="tok-ana"), 24)
    assert scope == TrackingScope(A, 9, tracking_hash("tok-ana"), None)
    for token in ("tok-old", "tok-nobody"):
        with pytest.raises(Refused) as refused:
            await service.tracking_scope(Session(), TrackingAuth(type="auth", tracking_token=token), 24)
        assert refused.value.closure is errors.TRACKING_UNKNOWN


async def test_open_tracking_pages_close_once_their_time_ran_out(deliveries):
    now = datetime.now(UTC)
    deliveries.put("open", 9, A)
    deliveries.put("late", 10, A, closed_at=now - timedelta(hours=24, seconds=1))
    deliveries.put("closing", 11, A, closed_at=now - timedelta(hours=1))
    scopes = [TrackingScope(A, 9, "open"), TrackingScope(A, 10, "late"), TrackingScope(A, 11, "closing"), TrackingScope(A, 12, "forgotten")]
    verdicts = await service.recheck_tracking(Session(), scopes, 24)
    assert verdicts == [TrackingScope(A, 9, "open"), errors.TRACKING_CLOSED, TrackingScope(A, 11, "closing", now - timedelta(hours=1)),
                        errors.TRACKING_CLOSED]


# ---------------------------------------------------------------------------------- the catch-up
def call(restaurant: int, place_id: int = 1) -> Message:
    return Message(restaurant_id=restaurant, type="waiter_call", description=f"M{place_id}", msg=Text(es="x", en="x"), created_at=NOW,
                   place_id=place_id, for_diners=True)


def hello(last_id=None, last_ids=None) -> StaffAuth:
    return StaffAuth(type="auth", token="t", last_id=last_id, last_ids=last_ids)


TABLET = StaffScope(principal(OWNER_A, OWNER), None, frozenset({A, B}))


async def caught_up(scope, auth, limit=5) -> tuple[list[int], dict, bool]:
    missed, heads, resync = await service.catch_up(Session(), scope, auth, limit)
    return [m.id for m in missed], heads, resync


@pytest.fixture
async def history(stream):
    """A's ids 1, 2, 4, 5, 6; B's 3; C's 7."""
    for restaurant in (A, A, B, A, A, A, C):
        stream.add(call(restaurant))
    return stream


async def test_a_first_connection_gets_no_history_but_the_ids_to_resume_from(history):
    assert await caught_up(InMemoryAudiences(TABLET), hello()) == ([], {A: 6, B: 3}, False)


@pytest.mark.parametrize("auth, missed, resync", [
    (hello(last_id=2), [3, 4, 5, 6], False),  # each restaurant after the one id
    (hello(last_id=6), [], False),  # nothing newer
    (hello(last_ids={"1": 4, "2": 3}), [5, 6], False),  # each restaurant after its own
    (hello(last_id=0, last_ids={"1": 5}), [3, 6], False),  # `last_id` for the restaurants `last_ids` leaves out
    (hello(last_id=0), [2, 3, 4, 5, 6], True),  # 6 missed, 5 sent (the newest), and told to reload
    (hello(last_id=999), [], True),  # an id this server never gave (a reset database)
    (hello(last_ids={"1": 999, "2": 0}), [3], True),  # ... above its restaurant's newest
], ids=["one last id", "up to date", "per restaurant", "both", "too much missed", "unknown id", "unknown id of one"])
async def test_a_reconnecting_tablet_gets_what_it_missed_bounded_or_is_told_to_reload(history, auth, missed, resync):
    assert await caught_up(InMemoryAudiences(TABLET), auth) == (missed, {A: 6, B: 3}, resync)


async def test_a_phone_catches_up_on_its_place_only(history, stream):
    stream.add(call(A, place_id=2))  # 8: another table's
    phone = DinerScope(A, 1, 30, "h")
    assert await caught_up(InMemoryAudiences(phone), DinerAuth(type="auth", place_token="p", last_id=4)) == ([5, 6], {A: 8}, False)


async def test_a_tracking_page_is_replayed_nothing_and_told_whether_to_read_its_order_again(history):
    page = TrackingScope(A, 9, "t")
    assert await caught_up(page, TrackingAuth(type="auth", tracking_token="t", last_id=5)) == ([], {A: 6}, True)
    assert await caught_up(page, TrackingAuth(type="auth", tracking_token="t", last_id=6)) == ([], {A: 6}, False)
    assert await caught_up(page, TrackingAuth(type="auth", tracking_token="t")) == ([], {A: 6}, False)
