"""Lists: one page of results, bounded paging, escaped search and allowed orderings (kit.pagination)."""
import pytest
from sqlalchemy import select

from kit import pagination
from tests.conftest import HandledEvent


@pytest.fixture
async def things(app):
    async with app.state.session_factory() as session, session.begin():
        for name in ("mesa 1", "mesa_2", "100% silla", "barra", "mesa 3"):
            session.add(HandledEvent(event_id=name))


async def test_a_page_answers_the_total_count_and_its_rows(client, things):
    answer = await client.get("/things", params={"page": 2, "size": 2})
    assert answer.json() == {"count": 5, "results": ["100% silla", "barra"]}


async def test_the_default_size_applies_and_minus_one_or_paginate_0_give_every_row(client, things):
    assert (await client.get("/things")).json()["results"] == ["mesa 1", "mesa_2"]
    assert len((await client.get("/things", params={"size": -1})).json()["results"]) == 5
    assert (await client.get("/things", params={"paginate": 0})).json() == [
        "mesa 1", "mesa_2", "100% silla", "barra", "mesa 3"
    ]


async def test_search_matches_percent_and_underscore_literally(client, things):
    assert (await client.get("/things", params={"search": "_", "size": -1})).json()["results"] == ["mesa_2"]
    assert (await client.get("/things", params={"search": "%", "size": -1})).json()["results"] == ["100% silla"]
    assert (await client.get("/things", params={"search": "MESA", "size": -1})).json()["count"] == 3


async def test_filtered_narrows_by_the_filters_given_and_ignores_those_left_out(app, things):
    query = select(HandledEvent.event_id).order_by(HandledEvent.id)
    async with app.state.session_factory() as session:
        async def rows(*filters):
            return list(await session.scalars(pagination.filtered(query, *filters)))

        assert await rows((HandledEvent.event_id, None)) == ["mesa 1", "mesa_2", "100% silla", "barra", "mesa 3"]
        assert await rows((HandledEvent.event_id, "barra"), (HandledEvent.id, None)) == ["barra"]
        # a boolean compares with IS: False keeps the rows where the condition is false
        assert await rows((HandledEvent.event_id.like("mesa%"), False)) == ["100% silla", "barra"]


async def test_ordering_goes_by_an_allowed_column_either_way_and_ignores_others(client, things):
    ascending = (await client.get("/things", params={"ordering": "name", "size": -1})).json()["results"]
    assert ascending == sorted(ascending)
    descending = (await client.get("/things", params={"ordering": "-name", "size": -1})).json()["results"]
    assert descending == sorted(ascending, reverse=True)
    unknown = (await client.get("/things", params={"ordering": "id; drop table", "size": -1})).json()["results"]
    assert unknown == ["mesa 1", "mesa_2", "100% silla", "barra", "mesa 3"]


@pytest.mark.parametrize(
    "params",
    [{"page": 0}, {"page": 10**12}, {"size": 501}, {"size": -2}, {"search": "x" * 101}, {"page": "1e9"}],
)
async def test_out_of_bounds_paging_is_a_400_not_a_500(client, params):
    answer = await client.get("/things", params=params)
    assert answer.status_code == 400


async def test_an_id_beyond_the_database_integer_is_a_400_not_a_500(client, app):
    assert (await client.get("/things/99999999999999")).status_code == 400
    assert (await client.get("/things/7")).json() == {"found": False}


async def test_every_row_stops_at_the_documented_bound(client, things, monkeypatch):
    monkeypatch.setattr(pagination, "MAX_ROWS", 2)
    for query in ("size=-1", "size=0", "paginate=0"):
        answer = (await client.get(f"/things?{query}")).json()
        rows = answer if isinstance(answer, list) else answer["results"]
        assert len(rows) == 2, query
    assert (await client.get("/things?size=-1")).json()["count"] == 5  # the count still says how many exist
