"""The restaurants' local time comes from one setting, which every service's app applies."""
from datetime import UTC, datetime

import pytest
from pydantic import ValidationError

from contracts.restaurant import TIME_ZONE
from kit import localtime
from kit.app import create_app
from kit.settings import ServiceSettings


@pytest.fixture
def restore_zone():
    before = localtime.zone()
    yield
    localtime.configure(before.key)


def test_a_restaurants_day_is_its_local_day_in_buenos_aires_by_default(restore_zone):
    create_app(ServiceSettings(service_name="kit"))
    assert localtime.zone().key == TIME_ZONE  # proto's, which the web reads too
    # 02:30 UTC on the 2nd is 23:30 of the 1st in Buenos Aires (UTC-3)
    assert str(localtime.day_of(datetime(2026, 5, 2, 2, 30, tzinfo=UTC))) == "2026-05-01"
    assert str(localtime.day_of(datetime(2026, 5, 2, 3, 0, tzinfo=UTC))) == "2026-05-02"


def test_the_app_applies_the_setting_from_the_environment(restore_zone, monkeypatch):
    monkeypatch.setenv("RESTAURANT_TIMEZONE", "Europe/Madrid")
    create_app(ServiceSettings(service_name="kit"))
    assert localtime.zone().key == "Europe/Madrid"
    # 22:30 UTC on 1 May is already the 2nd in Madrid (UTC+2 in summer), and the clock reads it
    assert str(localtime.day_of(datetime(2026, 5, 1, 22, 30, tzinfo=UTC))) == "2026-05-02"
    assert localtime.now().utcoffset() == datetime.now(localtime.zone()).utcoffset()


@pytest.mark.parametrize("name", ["Mars/Olympus", "America/../etc/passwd", ""])
def test_an_unknown_zone_stops_the_service_at_start_up(name):
    with pytest.raises(ValidationError, match="unknown time zone"):
        ServiceSettings(service_name="kit", restaurant_timezone=name)
