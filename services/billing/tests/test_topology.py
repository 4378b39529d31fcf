"""billing handles exactly the events the bus routes to it (shared check from the kit)."""
from kit.testing.topology_tests import *  # noqa: F403
