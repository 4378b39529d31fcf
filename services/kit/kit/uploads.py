"""Uploaded images (logos, avatars, dish images): checked by content, limited, re-encoded, stored.

Only PNG, JPEG and BMP are accepted, whatever the file is called. Decoding happens fully before
anything is written, so a decompression bomb, a truncated file or a lying extension stores
nothing. Files go under MEDIA_ROOT (a volume every replica mounts) with unique names, so they
can be cached forever.
"""
import asyncio
import io
import os
import uuid
from pathlib import Path

from PIL import Image, UnidentifiedImageError
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.datastructures import UploadFile

from kit.db import after_commit
from kit.errors import FieldErrors
from kit.i18n import Text

ACCEPTED_FORMATS = {"PNG", "JPEG", "BMP"}
MAX_BYTES = 5 * 1024 * 1024
MAX_PIXELS = 24_000_000  # decoded size limit: a 5 MB file can still claim billions of pixels
MAX_SIDE = 1600  # phones never need more; keeps menus light

NO_FILE = Text(es="Los datos enviados no contienen un archivo.", en="The submitted data was not a file.")
NOT_AN_IMAGE = Text(
    es="El archivo no es una imagen válida: se aceptan png, jpeg y bmp.",
    en="The file is not a valid image: png, jpeg and bmp are accepted.",
)
TOO_LARGE = Text(es="La imagen supera los {mb} MB.", en="The image is larger than {mb} MB.")
TOO_MANY_PIXELS = Text(
    es="La imagen tiene demasiados píxeles (máximo {pixels} millones).",
    en="The image has too many pixels (at most {pixels} million).",
)


def _decode(data: bytes, field: str) -> Image.Image:
    try:
        with Image.open(io.BytesIO(data)) as probe:
            if probe.format not in ACCEPTED_FORMATS:
                raise FieldErrors({field: [NOT_AN_IMAGE]})
            if probe.width * probe.height > MAX_PIXELS:
                raise FieldErrors({field: [TOO_MANY_PIXELS.format(pixels=MAX_PIXELS // 1_000_000)]})
            probe.load()  # a truncated or corrupt file fails here, before anything is stored
            image = probe.copy()
    except FieldErrors:
        raise
    except Image.DecompressionBombError:
        raise FieldErrors({field: [TOO_MANY_PIXELS.format(pixels=MAX_PIXELS // 1_000_000)]})
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        raise FieldErrors({field: [NOT_AN_IMAGE]})
    return image


def _reencode(image: Image.Image) -> tuple[bytes, str]:
    image.thumbnail((MAX_SIDE, MAX_SIDE))
    buffer = io.BytesIO()
    if image.mode in ("RGBA", "LA", "P") and (image.mode != "P" or "transparency" in image.info):
        image.convert("RGBA").save(buffer, "PNG", optimize=True)
        return buffer.getvalue(), "png"
    image.convert("RGB").save(buffer, "JPEG", quality=85, optimize=True, progressive=True)
    return buffer.getvalue(), "jpg"


def _write(media_root: Path, folder: str, data: bytes, extension: str) -> str:
    directory = media_root / folder
    directory.mkdir(parents=True, exist_ok=True)
    name = f"{uuid.uuid4().hex}.{extension}"
    partial = directory / f".{name}.part"
    partial.write_bytes(data)
    os.replace(partial, directory / name)  # readers never see half a file
    return f"{folder}/{name}"


async def store_image(upload: UploadFile | None, *, field: str, media_root: Path, folder: str) -> str:
    """Check, re-encode and store an uploaded image; answers its path relative to the media root."""
    if upload is None or not isinstance(upload, UploadFile) or not upload.filename:
        raise FieldErrors({field: [NO_FILE]})
    data = await upload.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise FieldErrors({field: [TOO_LARGE.format(mb=MAX_BYTES // (1024 * 1024))]})
    if not data:
        raise FieldErrors({field: [NO_FILE]})

    def work() -> str:
        encoded, extension = _reencode(_decode(data, field))
        return _write(media_root, folder, encoded, extension)

    return await asyncio.to_thread(work)  # decoding is CPU work: keep it off the event loop


def media_url(service: str, relative_path: str) -> str:
    return f"/media/{service}/{relative_path}" if relative_path else ""


def discard_after_commit(session: AsyncSession, media_root: Path, *relative_paths: str) -> None:
    """Delete replaced or deleted files once the change that dropped them has committed.

    Until then the old file must stay (a rollback keeps pointing at it); after it, nothing may
    serve it any more, so it goes from the media volume."""
    paths = [media_root / path for path in relative_paths if path]
    if not paths:
        return

    async def remove() -> None:
        for path in paths:
            path.unlink(missing_ok=True)

    after_commit(session, remove)
