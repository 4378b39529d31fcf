"""notifications refuses bad tokens like every other service (shared checks from the kit)."""
from kit.testing.token_tests import *  # noqa: F403
