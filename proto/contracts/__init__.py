"""Every event the services exchange, defined once.

An event's `type` is its routing key on the topic exchange: `<producer>.<entity>.<past verb>`.
"""
from contracts.base import Event, event_class, registered_events
from contracts import billing, catalog, floor, identity, ordering  # noqa: F401  (registers the events)

__all__ = ["Event", "event_class", "registered_events"]
