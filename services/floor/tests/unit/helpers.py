"""What floor's unit tests share beyond kit.testing.unit: a place as the sketch holds it."""
from floor.place.models import Place
from kit.testing.unit import Session, answer_of, read, refusal, speaking  # noqa: F401  (the unit tests' one import)


def place(**fields) -> Place:
    values = dict(id=7, restaurant_id=10, menu_id=100, name="M1", kind="mesa", x=0, y=0, w=2, h=2, blocked=False, admin=True,
                  details="", token="T" * 24, call_waiter=False, call_kind=None, called_at=None, active=False)
    return Place(**{**values, **fields})
