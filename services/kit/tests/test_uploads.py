"""Uploaded images are judged by their content, limited, re-encoded, and nothing bad is stored."""
import io
import struct
import zlib
from pathlib import Path

import pytest
from starlette.datastructures import UploadFile
from PIL import Image

from kit.errors import FieldErrors
from kit.uploads import MAX_BYTES, store_image


def image_bytes(fmt: str, size=(40, 30), mode="RGB") -> bytes:
    buffer = io.BytesIO()
    Image.new(mode, size, (200, 30, 30) if mode == "RGB" else (200, 30, 30, 128)).save(buffer, fmt)
    return buffer.getvalue()


def png_claiming(width: int, height: int) -> bytes:
    """A tiny PNG whose header claims a huge canvas: a decompression bomb."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00" * 10)) + chunk(b"IEND", b"")


def upload(data: bytes, name="logo.png") -> UploadFile:
    return UploadFile(io.BytesIO(data), filename=name)


def stored_files(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file()]


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "BMP"])
async def test_png_jpeg_and_bmp_are_accepted_and_re_encoded(tmp_path, fmt):
    path = await store_image(upload(image_bytes(fmt), "whatever.gif"), field="logo", media_root=tmp_path, folder="logos")
    stored = tmp_path / path
    assert stored.exists() and path.startswith("logos/")
    with Image.open(stored) as again:
        assert again.format in {"JPEG", "PNG"}
        assert again.size == (40, 30)


async def test_transparency_is_kept_as_png(tmp_path):
    path = await store_image(upload(image_bytes("PNG", mode="RGBA")), field="logo", media_root=tmp_path, folder="logos")
    assert path.endswith(".png")


async def test_large_images_are_scaled_down_for_phones(tmp_path):
    path = await store_image(upload(image_bytes("JPEG", size=(4000, 2000))), field="logo", media_root=tmp_path, folder="x")
    with Image.open(tmp_path / path) as again:
        assert max(again.size) == 1600


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"GIF89a" + b"\x00" * 100, "no es una imagen válida"),
        (b"<svg xmlns='http://www.w3.org/2000/svg'></svg>", "no es una imagen válida"),
        (image_bytes("PNG")[:-40], "no es una imagen válida"),  # truncated
        (image_bytes("GIF"), "no es una imagen válida"),  # a real image of a refused type
        (png_claiming(100_000, 100_000), "demasiados píxeles"),
        (b"", "no contienen un archivo"),
    ],
    ids=["garbage-named-png", "svg", "truncated", "gif", "decompression-bomb", "empty"],
)
async def test_bad_files_get_a_clear_error_and_store_nothing(tmp_path, data, message):
    with pytest.raises(FieldErrors) as refused:
        await store_image(upload(data, "photo.png"), field="logo", media_root=tmp_path, folder="logos")
    assert any(message in text.es for text in refused.value.body["logo"])
    assert stored_files(tmp_path) == []


async def test_a_file_over_the_size_limit_is_refused_unread(tmp_path):
    with pytest.raises(FieldErrors) as refused:
        await store_image(upload(b"\x89PNG" + b"\x00" * MAX_BYTES), field="imagen", media_root=tmp_path, folder="a")
    assert "supera los 5 MB" in refused.value.body["imagen"][0].es
    assert stored_files(tmp_path) == []


async def test_a_missing_file_says_the_data_contained_no_file(tmp_path):
    with pytest.raises(FieldErrors) as refused:
        await store_image(None, field="logo", media_root=tmp_path, folder="a")
    assert refused.value.body["logo"][0].en == "The submitted data was not a file."


async def test_stored_files_are_served_with_long_cache_headers(client, app):
    media_dir = app.state.settings.media_dir
    path = await store_image(upload(image_bytes("PNG")), field="logo", media_root=media_dir, folder="logos")
    answer = await client.get(f"/media/kit/{path}")
    assert answer.status_code == 200
    assert "immutable" in answer.headers["Cache-Control"]
