"""Errors that always say the same only name their text (and code); the body shapes stay the spec's."""
from kit import messages
from kit.errors import DetailError, NonFieldError, NotFound
from kit.i18n import Text

GONE = Text(es="Ya no está.", en="It is gone.")
TAKEN = Text(es="Ese nombre ya existe.", en="That name exists already.")


class Gone(NotFound, text=GONE): ...


class NameTaken(NonFieldError, code="name_taken", text=TAKEN): ...


class Late(DetailError, status_code=409, code="late", text=GONE): ...


def test_a_fixed_message_is_named_once_on_the_class():
    assert Gone().body == {"detail": GONE} and Gone.status_code == 404
    assert NotFound().body == {"detail": messages.NOT_FOUND}
    assert NameTaken().body == {"non_field_errors": [TAKEN], "code": "name_taken"}
    # the class line names the status too; a subclass keeps what it does not name
    assert Late().body == {"detail": GONE, "code": "late"} and Late.status_code == 409
    assert DetailError.status_code == 400 and DetailError.code is None


def test_a_message_given_when_raised_wins_over_the_class_one():
    assert Gone(TAKEN).body == {"detail": TAKEN}
    assert NonFieldError(GONE, TAKEN).body == {"non_field_errors": [GONE, TAKEN]}
    assert DetailError(GONE, status_code=409).status_code == 409
