"""Upload bombs and files that lie about their type, at every upload endpoint (dish picture, the
dish form, a restaurant's logo, a client's avatar). Each must be refused with a 400 and store
nothing; a real image carrying something else after its data may be accepted only re-encoded
(the stored file holds no trace of the passenger). A burst of images just under the pixel limit,
decoded at once, must not take the service's memory past a bound."""
from __future__ import annotations

import asyncio
import functools
import io
import struct
import uuid
import zlib

import httpx
import pytest
from PIL import Image

import processes
from tenants import World, png

PASSENGER = b"<script>alert('polyglot')</script>"
MEMORY_BOUND = 1024 ** 3


def png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_declaring(width: int, height: int) -> bytes:
    """A valid PNG header claiming `width` x `height` pixels, with a few bytes of data."""
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + png_chunk(b"IDAT", zlib.compress(b"\0" * 1024)) + png_chunk(b"IEND", b""))


def compressed_bomb(side: int) -> bytes:
    """A real, fully valid one-colour PNG of side x side pixels: tiny on the wire, huge decoded."""
    out = io.BytesIO()
    Image.new("L", (side, side), 0).save(out, "PNG", optimize=True)
    return out.getvalue()


def jpeg_declaring(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (16, 16), "#c2410c").save(out, "JPEG")
    data = bytearray(out.getvalue())
    sof = data.find(b"\xff\xc0")
    data[sof + 5:sof + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def gif() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (16, 16), "#1864ab").save(out, "GIF")
    return out.getvalue()


@functools.cache
def liars() -> dict[str, tuple[str, bytes, str]]:
    """name -> (file name, content, declared type); built once, when first attacked."""
    return {
        "pixel bomb: a PNG header claiming 60000x60000": ("plato.png", png_declaring(60000, 60000), "image/png"),
        "compression bomb: a valid 8000x8000 PNG": ("plato.png", compressed_bomb(8000), "image/png"),
        "pixel bomb: a JPEG claiming 30000x30000": ("plato.jpg", jpeg_declaring(30000, 30000), "image/jpeg"),
        "HTML named .png, sent as image/png": ("plato.png", b"<html><body onload=alert(1)>hola</body></html>", "image/png"),
        "SVG with a script, sent as image/png": ("plato.png", b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "image/png"),
        "SVG with a script, sent as image/svg+xml": ("plato.svg", b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "image/svg+xml"),
        "PHP named .jpg": ("plato.jpg", b"<?php system($_GET['c']); ?>", "image/jpeg"),
        "PDF sent as image/png": ("plato.png", b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF", "image/png"),
        "a GIF (an image of a refused type)": ("plato.gif", gif(), "image/gif"),
        "a truncated PNG": ("plato.png", png(64)[:60], "image/png"),
        "an empty file": ("plato.png", b"", "image/png"),
    }


def upload_targets(world: World):
    """(name, send(filename, content, type) -> answer, where the stored picture's URL is found)."""
    stack, a, http = world.stack, world.a, world.stack.http

    def dish_image(name, content, kind):
        dish = stack.new_dish(a)
        return http.post("/api/dish-image/", headers=a.owner.headers, data={"dish": str(dish)},
                         files={"image": (name, content, kind)})

    def dish_form(name, content, kind):
        return http.post("/api/dish/", headers=a.owner.headers, files=[("dish_dimage", (name, content, kind))],
                         data={"name": f"Plato {uuid.uuid4().hex[:8]}", "price": "10.00", "menu_group": str(a.category)})

    def logo(name, content, kind):
        return http.put(f"/api/restaurant-atributes/{a.id}/", headers=a.owner.headers, files={"logo": (name, content, kind)})

    def avatar(name, content, kind):
        return http.put("/api/cliente/actualizar/", headers=world.client.headers, data={"first_name": "Cliente Curioso"},
                        files={"imagen": (name, content, kind)})

    return {"dish picture": dish_image, "dish form": dish_form, "restaurant logo": logo, "client avatar": avatar}


def stored_urls(body) -> list[str]:
    """Every URL under /media/ an answer names."""
    found = []
    if isinstance(body, dict):
        for value in body.values():
            found += stored_urls(value)
    elif isinstance(body, list):
        for item in body:
            found += stored_urls(item)
    elif isinstance(body, str) and "/media/" in body:
        found.append(body)
    return found


def test_lying_files_and_bombs_are_refused_everywhere(world, ledger):
    through, tried = [], 0
    for target, send in upload_targets(world).items():
        for what, (name, content, kind) in liars().items():
            answer = send(name, content, kind)
            tried += 1
            if answer.status_code != 400:
                through.append(f"{what} to the {target} ({answer.request.method} {answer.request.url.path}) -> "
                               f"{answer.status_code} {answer.text[:100]} (expected 400)")
    ledger.add("uploads: bombs and lying types", tried=tried, through=through,
               note=f"{len(liars())} files x {len(upload_targets(world))} upload endpoints")
    assert not through, "\n".join(through)


def test_a_passenger_after_real_image_data_is_never_stored(world, http, ledger):
    """A real PNG with HTML appended: accepted only as a re-encoded picture, served as an image."""
    polyglot = png(64) + PASSENGER
    through, tried = [], 0
    for target, send in upload_targets(world).items():
        answer = send("plato.png", polyglot, "image/png")
        tried += 1
        if answer.status_code >= 500:
            through.append(f"polyglot to the {target} -> {answer.status_code}")
            continue
        if answer.status_code >= 400:
            continue
        for url in stored_urls(answer.json()):
            stored = http.get(httpx.URL(url).path)
            if PASSENGER in stored.content:
                through.append(f"polyglot to the {target}: {url} still carries the appended script")
            if not stored.headers.get("content-type", "").startswith("image/") or stored.headers.get("x-content-type-options") != "nosniff":
                through.append(f"polyglot to the {target}: {url} served as {stored.headers.get('content-type')} "
                               f"(nosniff: {stored.headers.get('x-content-type-options')})")
    ledger.add("uploads: polyglot re-encoded", tried=tried, through=through)
    assert not through, "\n".join(through)


def test_a_burst_of_images_under_the_pixel_limit_keeps_catalog_bounded(world, short, ledger):
    """Pictures of 23.9 million pixels (a few KB each on the wire) uploaded at once: the service
    decodes each one whole; it must answer and stay under 1 GB."""
    if processes.pid("catalog") is None:
        pytest.skip("catalog's pid file is not readable here")
    side = 4880  # 23.8 million pixels, under kit.uploads.MAX_PIXELS (24 million)
    content = compressed_bomb(side)
    burst = 4 if short else 12
    stack, a = world.stack, world.a
    dishes = [stack.new_dish(a) for _ in range(burst)]
    peak = processes.rss_bytes("catalog")

    async def run() -> list[int]:
        async with httpx.AsyncClient(base_url=stack.base_url, timeout=120) as http:
            async def one(dish):
                answer = await http.post("/api/dish-image/", headers=a.owner.headers, data={"dish": str(dish)},
                                         files={"image": ("grande.png", content, "image/png")})
                return answer.status_code

            async def watch(done: asyncio.Event):
                nonlocal peak
                while not done.is_set():
                    peak = max(peak, processes.rss_bytes("catalog"))
                    await asyncio.sleep(0.05)

            done = asyncio.Event()
            watcher = asyncio.create_task(watch(done))
            statuses = await asyncio.gather(*(one(d) for d in dishes))
            done.set()
            await watcher
            return statuses

    statuses = asyncio.run(run())
    through = [f"{len(content)} B PNG of {side}x{side} -> {s}" for s in statuses if s >= 500 and s != 503]
    if peak > MEMORY_BOUND:
        through.append(f"catalog reached {peak / 1024 ** 2:.0f} MiB decoding {burst} pictures of {side}x{side} at once (bound 1024 MiB)")
    ledger.add("uploads: decode burst", tried=burst, through=through,
               note=f"{burst} uploads of a {len(content) // 1024} KiB {side}x{side} PNG at once: catalog peaked at "
                    f"{peak / 1024 ** 2:.0f} MiB; answers {sorted(set(statuses))}")
    assert not through, "\n".join(through)
