"""catalog learns who owns and operates each restaurant from identity's events."""
from kit.membership_tests import *  # noqa: F403
