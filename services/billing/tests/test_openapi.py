from kit.openapi import OPENAPI_DIR, document


def test_the_published_openapi_document_is_current():
    """proto/openapi/billing.json feeds the web client's types; regenerate with `python -m kit.openapi billing`."""
    assert (OPENAPI_DIR / "billing.json").read_text() == document("billing")
