"""Multipart forms as the spec's client sends them: nested fields flattened as `fk_user.first_name`."""
from typing import TypeVar

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ValidationError
from starlette.datastructures import FormData, UploadFile

from identity import messages
from kit import messages as kit_messages
from kit.errors import FieldErrors, merge_field_error
from kit.i18n import Text

M = TypeVar("M", bound=BaseModel)

FALSE_WORDS = {"false", "0", "no", "off", ""}


def nest(form: FormData, files: set[str] = frozenset()) -> tuple[dict, dict[str, UploadFile | str]]:
    """Split a form into a nested dict of values and a dict of file fields.

    A file field sent as text (the client's 'unchanged' marker, a URL, an empty string) is kept
    apart too, so the caller can tell 'no new file' from 'not a file'. A field sent both whole and
    in parts (`fk_user=x` with `fk_user.first_name=y`, in either order) is a field error: neither
    form can be chosen for the sender. So is a NUL character in a text field: PostgreSQL cannot
    store one, and the kit's refusal of them leaves multipart bodies (images) alone.
    """
    values: dict = {}
    uploads: dict[str, UploadFile | str] = {}
    errors: dict = {}
    for key, value in form.multi_items():
        if key in files or isinstance(value, UploadFile):
            uploads[key] = value
            continue
        node = values
        *parents, leaf = key.split(".")
        for depth, parent in enumerate(parents):
            node = node.setdefault(parent, {})
            if not isinstance(node, dict):
                raise _field_error(parents[: depth + 1], messages.FIELD_WHOLE_AND_IN_PARTS)
        if isinstance(node.get(leaf), dict):
            raise _field_error([*parents, leaf], messages.FIELD_WHOLE_AND_IN_PARTS)
        if "\x00" in value:
            merge_field_error(errors, [*parents, leaf], kit_messages.NUL_CHARACTER)
        node[leaf] = value
    if errors:
        raise FieldErrors(errors)
    return values, uploads


def _field_error(path: list[str], text: Text) -> FieldErrors:
    tree: dict = {}
    merge_field_error(tree, path, text)
    return FieldErrors(tree)


def as_bool(value) -> bool:
    return value if isinstance(value, bool) else str(value).strip().lower() not in FALSE_WORDS


async def parse_form(request: Request, model: type[M], files: set[str]) -> tuple[M, dict[str, UploadFile | str]]:
    """Validate a multipart form against `model`; errors come back in the usual field shape."""
    values, uploads = nest(await request.form(), files=files)
    try:
        return model.model_validate(values), uploads
    except ValidationError as exc:
        raise RequestValidationError(exc.errors()) from exc
