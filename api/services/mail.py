"""Outgoing mail: SMTP when MAIL_SERVER is set, otherwise an .eml file per message in the outbox."""
import os
import re
import smtplib
import time
from email.message import EmailMessage
from email.utils import make_msgid

from flask import current_app


# What an outbox file's name keeps of the address: an address may hold '/' and other characters a file name must
# not (RFC 5322 allows them before the '@'), so the message never lands outside the outbox or fails to be written.
_UNSAFE_IN_NAME = re.compile(r"[^A-Za-z0-9._+-]")


def outbox_name(to):
    """The outbox file name of a message to `to`: the time, then the address with anything but letters, digits
    and . _ + - as '_' ('@' as '_at_'), cut to a length every file system takes."""
    return f"{time.time():.6f}-{_UNSAFE_IN_NAME.sub('_', to.replace('@', '_at_'))[:120]}.eml"


def write_outbox(folder, name, data):
    """An outbox file, readable by the service user alone whatever the umask: mails carry reset, invitation and
    unsubscribe links."""
    os.makedirs(folder, mode=0o700, exist_ok=True)
    fd = os.open(os.path.join(folder, name), os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0),
                 0o600)
    with os.fdopen(fd, "wb") as fh:
        os.fchmod(fd, 0o600)  # a file of that name made earlier keeps its mode through O_CREAT
        fh.write(data)


def one_line(text, limit=200):
    """A header value: no line breaks (they would start another header), at most `limit` characters."""
    return " ".join(str(text or "").split())[:limit]


def send(to, subject, text, html=None, headers=None):
    """Send a mail: plain text, and an HTML alternative when given (its user-supplied strings escaped by its
    template); `headers` such as List-Unsubscribe are added as given (single lines)."""
    cfg = current_app.config
    msg = EmailMessage()
    msg["From"] = cfg["MAIL_FROM"]
    msg["To"] = to
    msg["Subject"] = one_line(subject)
    msg["Message-ID"] = make_msgid()
    for name, value in (headers or {}).items():
        msg[name] = one_line(value, 2000)
    msg.set_content(text)
    if html is not None:
        msg.add_alternative(html, subtype="html")
    if not cfg["MAIL_SERVER"]:
        write_outbox(cfg["MAIL_OUTBOX_DIR"], outbox_name(to), bytes(msg))
        return
    smtp_cls = smtplib.SMTP_SSL if cfg["MAIL_USE_SSL"] else smtplib.SMTP
    with smtp_cls(cfg["MAIL_SERVER"], cfg["MAIL_PORT"], timeout=20) as smtp:
        if cfg["MAIL_USE_TLS"] and not cfg["MAIL_USE_SSL"]:
            smtp.starttls()
        if cfg["MAIL_USERNAME"]:
            smtp.login(cfg["MAIL_USERNAME"], cfg["MAIL_PASSWORD"])
        smtp.send_message(msg)
