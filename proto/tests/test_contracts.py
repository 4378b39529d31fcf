import json

from contracts import Event, event_class, registered_events
from contracts.export import CONSTANTS_FILE, SCHEMA_DIR, files, schemas
from contracts.identity import RestaurantCreated


def test_every_event_type_follows_producer_entity_verb():
    for event_type in registered_events():
        producer, entity, verb = event_type.split(".")
        assert producer and entity and verb.endswith("ed") or verb in {"placed", "paid"}, event_type


def test_an_event_round_trips_through_json():
    event = RestaurantCreated(restaurant_id=7, owner_id=3, nombre_local="Pampa", request_id="r-1")
    again = event_class(event.type).model_validate_json(event.model_dump_json())
    assert again == event
    assert isinstance(again, Event)


def test_exported_files_are_current():
    """proto/schemas is generated (the events' schemas, the live frames, the shared constants);
    regenerate with `python -m contracts.export`."""
    for path, text in files().items():
        assert path.read_text() == text, f"{path.relative_to(SCHEMA_DIR)} is stale"
    exported = {p.name for p in SCHEMA_DIR.glob("*.json")}
    assert exported == {*schemas(), CONSTANTS_FILE.name}  # nothing left over that no contract writes
    assert {p.relative_to(SCHEMA_DIR).as_posix() for p in SCHEMA_DIR.glob("*/*.json")} == {"live/frames.json"}


def test_the_shared_constants_are_exported_as_the_web_reads_them():
    exported = json.loads(CONSTANTS_FILE.read_text())
    assert exported["restaurant"] == {"time_zone": "America/Argentina/Buenos_Aires"}
    assert exported["live"]["reconnect_delays_ms"] == [1000, 2000, 4000, 8000, 16000, 30000]
    codes = exported["live"]["close_codes"]
    assert {name: (c["code"], c["final"]) for name, c in codes.items()} == {
        "BAD_AUTH": (4400, True), "UNAUTHORIZED": (4401, True), "FORBIDDEN": (4403, True), "NOT_FOUND": (4404, True),
        "AUTH_TIMEOUT": (4408, False), "TOO_MANY": (4429, True), "MESSAGE_TOO_BIG": (1009, False), "SERVER_ERROR": (1011, False),
        "TRY_AGAIN_LATER": (1013, False),
    }
    assert all(bool(c["why_final"]) is c["final"] for c in codes.values())  # a final code says why, the others say nothing
