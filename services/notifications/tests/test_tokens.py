"""notifications refuses bad tokens like every other service (shared checks from the kit)."""
from kit.token_tests import *  # noqa: F403
