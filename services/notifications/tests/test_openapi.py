from kit.openapi import OPENAPI_DIR, document


def test_the_published_openapi_document_is_current():
    """proto/openapi/notifications.json feeds the web client's types; regenerate with `python -m kit.openapi notifications`."""
    assert (OPENAPI_DIR / "notifications.json").read_text() == document("notifications")
