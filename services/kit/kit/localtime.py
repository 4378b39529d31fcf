"""The restaurants' local time, from one setting for every service (`restaurant_timezone`,
RESTAURANT_TIMEZONE): ordering reads opening hours and prints tickets in it, billing files each
sale under the restaurant's day. Two services with two copies of the zone would disagree about
what 'today' is around midnight. `kit.app.create_app` applies the setting at start-up."""
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

from kit.settings import ServiceSettings

_zone = ZoneInfo(ServiceSettings.model_fields["restaurant_timezone"].default)


def configure(name: str) -> None:
    global _zone
    _zone = ZoneInfo(name)


def zone() -> ZoneInfo:
    return _zone


def now() -> datetime:
    return datetime.now(_zone)


def utc_now() -> datetime:
    """The server's moment: the `clock` every event handler may name (`kit.consumer.inject`), so a
    unit test hands it a fixed one instead."""
    return datetime.now(UTC)


def day_of(moment: datetime) -> date:
    """The restaurant's day `moment` (aware) falls on: 23:30 local is that day, though the next in UTC."""
    return moment.astimezone(_zone).date()
