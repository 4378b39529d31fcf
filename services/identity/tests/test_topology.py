"""identity consumes exactly what the bus topology routes to it."""
from kit.testing.topology_tests import *  # noqa: F403
