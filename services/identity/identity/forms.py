"""Multipart forms as the spec's client sends them: nested fields flattened as `fk_user.first_name`."""
from typing import TypeVar

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ValidationError
from starlette.datastructures import FormData, UploadFile

M = TypeVar("M", bound=BaseModel)

FALSE_WORDS = {"false", "0", "no", "off", ""}


def nest(form: FormData, files: set[str] = frozenset()) -> tuple[dict, dict[str, UploadFile | str]]:
    """Split a form into a nested dict of values and a dict of file fields.

    A file field sent as text (the client's 'unchanged' marker, a URL, an empty string) is kept
    apart too, so the caller can tell 'no new file' from 'not a file'.
    """
    values: dict = {}
    uploads: dict[str, UploadFile | str] = {}
    for key, value in form.multi_items():
        if key in files or isinstance(value, UploadFile):
            uploads[key] = value
            continue
        node = values
        *parents, leaf = key.split(".")
        for parent in parents:
            node = node.setdefault(parent, {})
        node[leaf] = value
    return values, uploads


def as_bool(value) -> bool:
    return value if isinstance(value, bool) else str(value).strip().lower() not in FALSE_WORDS


async def parse_form(request: Request, model: type[M], files: set[str]) -> tuple[M, dict[str, UploadFile | str]]:
    """Validate a multipart form against `model`; errors come back in the usual field shape."""
    values, uploads = nest(await request.form(), files=files)
    try:
        return model.model_validate(values), uploads
    except ValidationError as exc:
        raise RequestValidationError(exc.errors()) from exc
