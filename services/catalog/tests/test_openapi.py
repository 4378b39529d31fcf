from kit.openapi import OPENAPI_DIR, document


def test_the_published_openapi_document_is_current():
    """proto/openapi/catalog.json feeds the web client's types; regenerate with `python -m kit.openapi catalog`."""
    assert (OPENAPI_DIR / "catalog.json").read_text() == document("catalog")
