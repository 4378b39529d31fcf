from kit.openapi import OPENAPI_DIR, document


def test_the_published_openapi_document_is_current():
    """proto/openapi/ordering.json feeds the web client's types; regenerate with `python -m kit.openapi ordering`."""
    assert (OPENAPI_DIR / "ordering.json").read_text() == document("ordering")
