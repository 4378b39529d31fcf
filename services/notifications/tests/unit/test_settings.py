"""The service's bounds (notifications/settings.py) against the protocol's frames and a busy night:
the largest auth message the protocol allows fits the frame limit uvicorn enforces, and the default
caps stand well above a busy restaurant."""
import json

from contracts.live import LAST_IDS_MAX, DinerAuth, StaffAuth, TrackingAuth
from kit.auth import ADMIN, OPERATOR, OWNER
from kit.tokens import TokenSigner, generate_key_pair
from notifications.settings import Settings


def longest(model, field: str) -> int:
    return next(rule.max_length for rule in model.model_fields[field].metadata if getattr(rule, "max_length", None))


def test_the_largest_valid_auth_message_fits_in_one_small_frame(tmp_path):
    """Nothing the app accepts needs a frame past the limit uvicorn enforces (`--ws-max-size 4096`),
    and a real token, even for a 254-character e-mail, is far under the token's own limit."""
    limit = Settings().socket_max_frame_bytes
    assert limit == 4096
    last_ids = {str(2**31 - 1 - i): 2**63 - 1 for i in range(LAST_IDS_MAX)}
    largest = [
        {"type": "auth", "token": "x" * longest(StaffAuth, "token"), "last_id": 2**63 - 1, "fk_resto": 2**31 - 1, "lang": "es", "last_ids": last_ids},
        {"type": "auth", "place_token": "x" * longest(DinerAuth, "place_token"), "last_id": 2**63 - 1, "lang": "es"},
        {"type": "auth", "tracking_token": "x" * longest(TrackingAuth, "tracking_token"), "last_id": 2**63 - 1, "lang": "es"},
    ]
    for model, hello in zip((StaffAuth, DinerAuth, TrackingAuth), largest):
        assert model.model_validate(hello)
        assert len(json.dumps(hello).encode()) <= limit
    generate_key_pair(tmp_path)
    signer = TokenSigner((tmp_path / "jwt_private.pem").read_text(), issuer="identity", lifetime_seconds=3600)
    real = signer.issue(10, "o" * 242 + "@example.com", [OWNER, OPERATOR, ADMIN])
    assert len(real) < longest(StaffAuth, "token") / 2


def test_the_default_caps_stand_well_above_a_busy_restaurant():
    """10 tablets and 60 tables of 6 phones, every one behind the restaurant's one Wi-Fi address."""
    settings, busy = Settings(), 10 + 60 * 6
    assert (settings.sockets_per_address, settings.sockets_per_restaurant, settings.sockets_per_place) == (1000, 2000, 100)
    assert settings.sockets_per_address >= 2 * busy and settings.sockets_per_restaurant >= 4 * busy
    assert settings.sockets_per_place >= 10 * 6


def test_every_process_of_one_deployment_listens_on_one_channel_of_its_own():
    assert Settings(broker_namespace="").live_channel == "notifications.live"
    assert Settings(broker_namespace="test-1f2e.").live_channel == "test-1f2e.notifications.live"
