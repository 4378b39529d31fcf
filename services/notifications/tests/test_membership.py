"""notifications learns who owns and operates each restaurant from identity's events."""
from kit.testing.membership_tests import *  # noqa: F403
