"""Revocations as every service reads them from Redis: a copy identity keeps whole, whose loss never
lets a revoked token through (kit/auth.py RevocationStore)."""
import time

from kit.auth import MIRRORED, generation_key, revoked_key

USER = 41


def header(token: str) -> dict[str, str]:
    return {"Authorization": f"Token {token}"}


async def whole_copy(store, revoked=(), generations=()) -> None:
    """What identity does once Redis has lost its data: everything back, then the copy marked whole."""
    nonce = await store.begin_mirror()
    await store.mirror(revoked, generations)
    assert await store.finish_mirror(nonce)


async def test_a_token_whose_account_lost_its_copy_waits_with_503_until_the_copy_is_back(client, app, signer, redis):
    store = app.state.revocations
    token = signer.issue(USER, "x@example.com", [2], generation=1)
    await whole_copy(store, generations=[(USER, 1)])
    assert (await client.get("/whoami", headers=header(token))).status_code == 200

    await redis.flushdb()  # Redis restarted empty
    waiting = await client.get("/whoami", headers=header(token))
    assert waiting.status_code == 503
    assert waiting.json()["code"] == "busy" and waiting.headers["Retry-After"] == "1"

    await whole_copy(store, generations=[(USER, 1)])
    assert (await client.get("/whoami", headers=header(token))).status_code == 200


async def test_a_logged_out_token_is_never_accepted_while_redis_is_refilled(client, app, signer, redis):
    store = app.state.revocations
    logged_out = signer.issue(USER, "x@example.com", [2], generation=1)
    live = signer.issue(USER, "x@example.com", [2], generation=1)
    principal = app.state.token_verifier.verify(logged_out)
    await whole_copy(store, generations=[(USER, 1)])
    await store.revoke_token(principal)

    await redis.flushdb()
    assert (await client.get("/whoami", headers=header(logged_out))).status_code == 503
    await whole_copy(store, revoked=[(principal.token_id, principal.expires_at)], generations=[(USER, 1)])
    assert (await client.get("/whoami", headers=header(logged_out))).status_code == 401
    assert (await client.get("/whoami", headers=header(live))).status_code == 200


async def test_once_the_copy_is_whole_an_account_without_a_copy_is_refused(client, app, signer):
    await whole_copy(app.state.revocations)  # identity wrote every account it has: this one is gone
    token = signer.issue(USER, "x@example.com", [2], generation=3)
    answer = await client.get("/whoami", headers=header(token))
    assert answer.status_code == 401


async def test_a_mirror_that_redis_lost_midway_is_not_declared_whole(app, redis):
    store = app.state.revocations
    nonce = await store.begin_mirror()
    await store.mirror(generations=[(USER, 2)])
    await redis.flushdb()
    await store.mirror(generations=[(USER + 1, 2)])
    assert not await store.finish_mirror(nonce)
    assert not await store.mirror_complete()
    assert await redis.get(MIRRORED) is None


async def test_a_generation_and_the_logouts_mirrored_with_it_land_together(app, redis):
    store = app.state.revocations
    expires_at = int(time.time()) + 600
    await store.mirror([("gone", int(time.time()) - 1), ("j1", expires_at)], [(USER, 4)])
    assert await redis.get(generation_key(USER)) == "4"
    assert await redis.ttl(generation_key(USER)) == -1  # a generation never expires
    assert 590 <= await redis.ttl(revoked_key("j1")) <= 600  # a logout lives as long as its token
    assert await redis.get(revoked_key("gone")) is None  # an expired token needs no logout


async def test_a_generation_copy_only_goes_up(app, redis):
    store = app.state.revocations
    await store.mirror(generations=[(USER, 5)])
    await store.mirror(generations=[(USER, 3)])
    assert await redis.get(generation_key(USER)) == "5"
    assert await store.raise_existing_generation(USER, 6)
    assert await redis.get(generation_key(USER)) == "6"
    assert not await store.raise_existing_generation(USER + 1, 6)
    assert await redis.get(generation_key(USER + 1)) is None  # a missing copy is left for identity to restore whole


async def test_a_token_issued_without_a_generation_is_judged_by_its_own_logout(client, app, signer, redis):
    """Tokens from before identity kept generations (none is live after their 7 days)."""
    token = signer.issue(USER, "x@example.com", [2])
    assert (await client.get("/whoami", headers=header(token))).status_code == 200
    await app.state.revocations.revoke_token(app.state.token_verifier.verify(token))
    assert (await client.get("/whoami", headers=header(token))).status_code == 401


async def test_many_tokens_are_judged_in_one_read_by_the_same_rule(app, signer, redis):
    store = app.state.revocations
    verify = app.state.token_verifier.verify
    logged_out, live, stale, lost, old = (
        verify(signer.issue(user, "x@example.com", [2], generation=generation))
        for user, generation in ((USER, 2), (USER, 2), (USER, 1), (USER + 1, 1), (USER + 2, 0))
    )
    await store.mirror(generations=[(USER, 2)])
    await store.revoke_token(logged_out)
    principals = [logged_out, live, stale, lost, old]
    assert await store.revoked_many(principals) == [True, False, True, None, False]
    await whole_copy(store)
    assert await store.revoked_many(principals) == [True, False, True, True, False]
    assert [await store.is_revoked(p) for p in principals] == [True, False, True, True, False]
    assert await store.revoked_many([]) == []
