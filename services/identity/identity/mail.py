"""Outgoing mail over SMTP (locally and in tests a real SMTP sink receives it)."""
import asyncio
import smtplib
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

import structlog

log = structlog.get_logger()


def _send(host: str, port: int, message: EmailMessage) -> None:
    with smtplib.SMTP(host, port, timeout=10) as smtp:
        smtp.send_message(message)


async def send_mail(host: str, port: int, sender: str, to: str, subject: str, body: str) -> None:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, to, subject
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain=sender.rsplit("@", 1)[-1].rstrip(">"))
    message.set_content(body)
    try:
        await asyncio.to_thread(_send, host, port, message)
        log.info("mail_sent", to=to, subject=subject)
    except (OSError, smtplib.SMTPException):
        # The caller answers success whatever happens (no account probing); the log keeps the failure.
        log.exception("mail_failed", to=to, subject=subject)
