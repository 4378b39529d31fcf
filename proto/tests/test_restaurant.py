"""The restaurants' time zone, defined once (contracts.restaurant): kit's setting defaults to it,
the web and the browser tests read its export."""
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from contracts import restaurant


def test_it_is_a_zone_the_standard_library_knows():
    assert ZoneInfo(restaurant.TIME_ZONE).key == "America/Argentina/Buenos_Aires"


@pytest.mark.parametrize("utc, local_day", [
    (datetime(2026, 5, 2, 2, 59, tzinfo=UTC), "2026-05-01"),  # 23:59 of the 1st in Buenos Aires (UTC-3)
    (datetime(2026, 5, 2, 3, 0, tzinfo=UTC), "2026-05-02"),
    (datetime(2026, 12, 31, 23, 30, tzinfo=UTC), "2026-12-31"),  # no summer time: still UTC-3 in December
])
def test_a_restaurants_day_is_its_day_in_buenos_aires(utc, local_day):
    assert utc.astimezone(ZoneInfo(restaurant.TIME_ZONE)).date().isoformat() == local_day
