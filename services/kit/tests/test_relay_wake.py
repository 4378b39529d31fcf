"""A consumed event wakes the outbox relay only when its handlers staged events of their own: the
relay's round (a transaction and a locking read) is not paid for every event a service takes in."""
from contracts.identity import RestaurantCreated
from kit.outbox import OutboxRelay, add_event
from tests.conftest import eventually, handled, record_event
from tests.test_bus import empty_other_takers, published, stage


async def test_a_handler_that_stages_an_event_wakes_the_relay_and_one_that_stages_none_does_not(start_service, monkeypatch):
    wakes: list[str] = []
    wake = OutboxRelay.wake

    def counted(relay: OutboxRelay) -> None:
        wakes.append("wake")
        wake(relay)

    monkeypatch.setattr(OutboxRelay, "wake", counted)  # before start-up, where the consumers take it
    answer = RestaurantCreated(restaurant_id=902, owner_id=1, nombre_local="Eco")

    async def react(session, event: RestaurantCreated) -> None:
        await record_event(session, event)
        if event.nombre_local == "Llamado":
            add_event(session, answer)

    # Nothing polls: an event leaves only when something wakes the relay.
    async with start_service({RestaurantCreated.type: react}, service_name="identity", outbox_poll_seconds=3600) as app:
        quiet = RestaurantCreated(restaurant_id=900, owner_id=1, nombre_local="Quieto")
        await stage(app, quiet)  # one wake: the test's own
        await eventually(lambda: handled(app, quiet))
        assert wakes == ["wake"]

        call = RestaurantCreated(restaurant_id=901, owner_id=1, nombre_local="Llamado")
        await stage(app, call)
        await eventually(lambda: handled(app, call))
        await eventually(lambda: published(app, answer))  # woken by the handler's commit
        assert len(wakes) == 3
        await empty_other_takers(app, [RestaurantCreated.type])


async def test_a_relay_round_logs_one_line_naming_every_event_it_published(start_service, capsys):
    import json

    events = [RestaurantCreated(restaurant_id=910 + n, owner_id=1, nombre_local=f"Ronda {n}") for n in range(3)]

    async def react(session, event: RestaurantCreated) -> None:
        await record_event(session, event)

    async with start_service({RestaurantCreated.type: react}, service_name="identity", outbox_poll_seconds=3600) as app:
        async with app.state.session_factory() as session, session.begin():
            for event in events:
                add_event(session, event)
        app.state.relay.wake()
        for event in events:
            await eventually(lambda event=event: published(app, event))
        await empty_other_takers(app, [RestaurantCreated.type])
    logged = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    rounds = [line for line in logged if line["event"] == "events_published"]
    assert [line["event"] for line in logged].count("event_published") == 0  # no line an event any more
    assert sorted(i for line in rounds for i in line["event_ids"]) == sorted(str(e.event_id) for e in events)
    assert sum(line["count"] for line in rounds) == 3 and all(line["event_types"] == [RestaurantCreated.type] for line in rounds)
