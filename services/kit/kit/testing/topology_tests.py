"""The bus check every service's suite runs: `from kit.testing.topology_tests import *`.

A service's handler map consumes exactly its entry of `contracts.topology.CONSUMES`: the producers
declare the queues that entry names, so a handler missing from it would never get its events and
an entry without a handler would fill a queue nobody reads.
"""
from contracts.topology import CONSUMES

__all__ = ["test_the_service_handles_exactly_the_events_the_topology_routes_to_it"]


def test_the_service_handles_exactly_the_events_the_topology_routes_to_it(build_app, service_name):
    handled = build_app().state.event_types
    expected = set(CONSUMES[service_name])
    assert handled == expected, f"handled but not in the topology: {sorted(handled - expected)}; in the topology but not handled: {sorted(expected - handled)}"
