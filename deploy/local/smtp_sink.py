#!/usr/bin/env python3
"""SMTP sink: accepts every mail on 127.0.0.1:1025 and writes it to .run/mail/ as an .eml file
(the raw message) plus a .txt next to it with the headers and the decoded text, so a person can
read e.g. the password-reset link (`make mail` shows the newest). Nothing is ever relayed.

    python deploy/local/smtp_sink.py --port 1025 --dir .run/mail
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import signal
import time
from email import message_from_bytes
from email.policy import default as default_policy
from pathlib import Path

from aiosmtpd.controller import Controller


class SaveToFolder:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.counter = itertools.count(1)

    async def handle_DATA(self, server, session, envelope) -> str:  # noqa: N802 (aiosmtpd API)
        self.folder.mkdir(parents=True, exist_ok=True)
        data = envelope.original_content or envelope.content
        if isinstance(data, str):
            data = data.encode()
        name = f"{time.strftime('%Y%m%d-%H%M%S')}-{time.time_ns() % 10**9:09d}-{next(self.counter)}.eml"
        msg = message_from_bytes(data, policy=default_policy)
        readable = self.folder / (name[:-4] + ".txt.part")
        readable.write_text(self.readable(msg, envelope))
        readable.rename(self.folder / (name[:-4] + ".txt"))
        tmp = self.folder / (name + ".part")
        tmp.write_bytes(data)
        tmp.rename(self.folder / name)  # readers never see half a mail; the .eml comes last
        print(f"mail from={envelope.mail_from} to={','.join(envelope.rcpt_tos)} "
              f"subject={msg.get('Subject', '')!r} file={name}", flush=True)
        return "250 Message accepted for delivery"

    @staticmethod
    def readable(msg, envelope) -> str:
        lines = [f"{h}: {msg.get(h, '')}" for h in ("Date", "From", "To", "Subject")]
        lines.append(f"Envelope-To: {', '.join(envelope.rcpt_tos)}")
        for part in msg.walk():
            if part.get_content_maintype() == "text" and not part.is_attachment():
                try:
                    body = part.get_content()
                except (LookupError, ValueError):
                    body = part.get_payload(decode=True).decode("utf-8", "replace")
                lines += ["", f"----- {part.get_content_type()}", body.replace("\r\n", "\n").rstrip()]
        return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=1025)
    ap.add_argument("--dir", type=Path, default=Path(__file__).resolve().parents[2] / ".run" / "mail")
    args = ap.parse_args()
    controller = Controller(SaveToFolder(args.dir), hostname=args.host, port=args.port)
    controller.start()
    print(f"smtp sink on {args.host}:{args.port}, writing to {args.dir}", flush=True)

    loop = asyncio.new_event_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    try:
        loop.run_until_complete(stop.wait())
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
