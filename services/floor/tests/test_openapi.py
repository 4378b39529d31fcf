from kit.openapi import OPENAPI_DIR, document


def test_the_published_openapi_document_is_current():
    """proto/openapi/floor.json feeds the web client's types; regenerate with `python -m kit.openapi floor`."""
    assert (OPENAPI_DIR / "floor.json").read_text() == document("floor")
