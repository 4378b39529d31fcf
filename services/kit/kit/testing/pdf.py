"""Read a served PDF back as a person or a phone would: its text (pdftotext) and its pages as
images (pdftoppm), with Debian's poppler-utils (installed by `make test`'s set-up); and which
documents were rendered (`record_renders`)."""
import io
import subprocess
import tempfile
from pathlib import Path

from PIL import Image

import kit.pdf


def pdf_text(pdf: bytes) -> str:
    """The document's text in reading order, pages separated by form feeds."""
    return subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()


def pdf_pages(pdf: bytes, dpi: int = 150) -> list[Image.Image]:
    """Every page rasterized, in order."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "document.pdf"
        source.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(source), f"{folder}/page"], check=True)
        return [Image.open(io.BytesIO(page.read_bytes())) for page in sorted(Path(folder).glob("page-*.png"))]


def record_renders(monkeypatch) -> list:
    """The documents `kit.pdf` renders from now on, in order; each is still rendered. The test's
    `monkeypatch` undoes it. For proving that a cache spares a render."""
    renders = []
    render = kit.pdf.run_render

    async def recorded(document, *args):
        renders.append(document)
        return await render(document, *args)

    monkeypatch.setattr(kit.pdf, "run_render", recorded)
    return renders
