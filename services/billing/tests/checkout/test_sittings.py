"""An online checkout belongs to the sitting it was opened in (issue 38): once staff free the table,
the next diners' phones see nothing of the previous group's checkout and can take no share of it
from the table's QR; what the previous group left stays with staff."""
from tests.checkout.steps import EMPANADA, MILANESA, PAY, T11, key


async def free(world, place: int = 11) -> None:
    freed = await world.ordering.post(f"/api/ordenes/mesa/{place}/liberar/", headers=world.staff_a)
    assert freed.status_code == 200, freed.text


async def test_after_the_table_is_freed_the_next_diners_see_and_take_nothing_of_the_last_groups_checkout(world):
    await world.delivered(11, (EMPANADA, 2))
    split = await world.pay(mode="share", shares=3)
    assert [c["checkout"] for c in (await world.client.get(f"{PAY}?t={T11}")).json()["checkouts"]] == [split["checkout"]]
    await free(world)

    assert (await world.client.get(f"{PAY}?t={T11}")).json()["checkouts"] == []
    taken = await world.client.post(f"{PAY}{split['checkout']}/parte/", json={"t": T11}, headers=key())
    assert (taken.status_code, taken.json()) == (404, {"detail": "No encontrado."})

    # the new group orders and pays its own tab: none of the last group's lines is on it
    mine = await world.delivered(11, (MILANESA, 1))
    charge = await world.pay()
    assert (charge["lines"], charge["amount"]) == (mine, "250.50")
    assert [c["checkout"] for c in (await world.client.get(f"{PAY}?t={T11}")).json()["checkouts"]] == [charge["checkout"]]


async def test_while_the_sitting_lasts_a_share_is_still_taken(world):
    await world.delivered(11, (EMPANADA, 1))
    split = await world.pay(mode="share", shares=2)
    second = await world.share(split["checkout"])
    assert second["share"] == {"n": 2, "of": 2}
