from contracts import Event, event_class, registered_events
from contracts.export import SCHEMA_DIR, schemas
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


def test_exported_json_schemas_are_current():
    """proto/schemas is generated; regenerate with `python -m contracts.export`."""
    for name, text in schemas().items():
        assert (SCHEMA_DIR / name).read_text() == text, f"{name} is stale"
    exported = {p.name for p in SCHEMA_DIR.glob("*.json")}
    assert exported == set(schemas())
