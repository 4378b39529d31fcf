from kit.openapi import OPENAPI_DIR, document


def test_the_published_openapi_document_is_current():
    """proto/openapi/identity.json feeds the web client's types; regenerate with `python -m kit.openapi`."""
    assert (OPENAPI_DIR / "identity.json").read_text() == document("identity")
