"""Text a person typed, in fields that reach the database.

JSON and url-encoded bodies and query strings are refused whole when they hold a NUL character
(`kit.app.RefuseNulCharacters`); multipart bodies carry files, so their text fields are checked
field by field: annotate them with `NoNul` (`Annotated[str, ..., NoNul]`). PostgreSQL can neither
store nor compare text holding a NUL."""
from pydantic import AfterValidator
from pydantic_core import PydanticCustomError

NUL_CHARACTER = "nul_character"  # the error type; kit.messages.VALIDATION holds its text


def refuse_nul(value: str) -> str:
    if "\x00" in value:
        raise PydanticCustomError(NUL_CHARACTER, "the text contains a NUL character")
    return value


NoNul = AfterValidator(refuse_nul)
