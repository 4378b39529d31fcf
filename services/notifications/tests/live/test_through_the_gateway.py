"""Through the running stack's gateway (ws://127.0.0.1:$GATEWAY_PORT/ws/…): a first frame past 4 KiB
is closed with 1009 by uvicorn itself (`--ws-max-size 4096` in every deployment's command), before
the app reads or buffers it: no `error` frame comes first, as it would from the app's own check.

Skipped when the gateway does not answer or does not open the socket (no stack running, or
starting)."""
import os
import socket

import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import connect

GATEWAY = ("127.0.0.1", int(os.environ.get("GATEWAY_PORT", "8080")))


def gateway_answers() -> bool:
    with socket.socket() as probe:
        probe.settimeout(1)
        return probe.connect_ex(GATEWAY) == 0


@pytest.mark.skipif(not gateway_answers(), reason="no stack running behind the gateway")
@pytest.mark.parametrize("path", ["/ws/notificaciones/", "/ws/notificaciones/mesa/"])
def test_a_first_frame_past_4_kib_is_closed_with_1009_before_the_app_reads_it(path):
    try:
        ws = connect(f"ws://{GATEWAY[0]}:{GATEWAY[1]}{path}", open_timeout=5)
    except (InvalidHandshake, OSError) as exc:
        pytest.skip(f"the gateway did not open the socket: {exc!r}")
    with ws:
        ws.send('{"type": "auth", "place_token": "' + "x" * 5000 + '"}')
        received = []
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                received.append(ws.recv(timeout=10))
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    assert received == []
