"""Each user's preference per kind of notification (in the app and by e-mail immediately, in a daily digest or
never, or not at all: `MODES`; files, locks and unlocks are off until asked for), and e-mail: mails rendered
from templates (api/templates/mail: the HTML one escapes every string) in the brand of the host the user signs in
on, links built on that brand's public URL (hosts.json), and a one-click unsubscribe per kind (a signed token;
List-Unsubscribe and List-Unsubscribe-Post headers, RFC 8058). The right to view is checked when a mail leaves.
A mail is written in its recipient's language (`languages_of`: their profile's, else their brand's), never the
sender's nor a request's: its subject, its template and the notifications' texts (written in that language when
they were made, events/notifications.deliver)."""
from datetime import datetime, time, timedelta
from types import SimpleNamespace

from flask import current_app, render_template
from itsdangerous import BadSignature, URLSafeSerializer
from sqlalchemy import select

from ... import hosts
from ... import permissions as perm
from ...errors import NotFound
from ...extensions import db
from ...i18n import N_, _, force_locale, ngettext, recipient_locale, translate
from ...models import MailState, Module, Notification, NotificationPreference, User
from ...models.base import utcnow
from .. import mail
from .notifications import CHOSEN

# Where a kind reaches its user. 'never' is never by e-mail: still in the app (the name kept from when every kind
# was in the app); 'off' is not at all.
MODES = (("immediate", N_("In the app, and by e-mail at once")), ("digest", N_("In the app, and in the daily digest")),
         ("never", N_("In the app only")), ("off", N_("Not at all")))
# Quiet by default: what speaks to the user in person, comments and other changes on what they watch; the busy
# kinds (uploads, new versions, locks and unlocks) only for those who ask.
DEFAULTS = {"mention": "immediate", "reply": "immediate", "task": "immediate", "comment": "digest",
            "activity": "never", "file": "off", "lock": "off"}
DIGEST = "*digest"  # the unsubscribe token of a digest: every kind mailed in digests
BASES = {"peb": "peb", "calibr": "calibr"}


# --- preferences ---------------------------------------------------------------------------------------------

def preferences(user_id):
    """{kind: mode} for every kind one chooses (defaults where the user chose nothing)."""
    rows = dict(db.session.execute(select(NotificationPreference.kind, NotificationPreference.mode)
                                   .where(NotificationPreference.user_id == user_id)).all())
    return {k: rows.get(k, DEFAULTS[k]) for k in CHOSEN}


def modes_of(user_ids):
    """{user_id: {kind: mode}} for many users in one query."""
    out = {uid: dict(DEFAULTS) for uid in user_ids}
    if user_ids:
        for uid, kind, mode in db.session.execute(select(
                NotificationPreference.user_id, NotificationPreference.kind, NotificationPreference.mode)
                .where(NotificationPreference.user_id.in_(list(user_ids)))).all():
            if kind in DEFAULTS:
                out[uid][kind] = mode
    return out


def _set(user_id, kind, mode):
    row = db.session.get(NotificationPreference, (user_id, kind))
    if row is None:
        db.session.add(NotificationPreference(user_id=user_id, kind=kind, mode=mode))
    else:
        row.mode = mode


def save_preferences(user, data):
    """Each kind the form sent (one left out keeps its setting: a client that knows fewer kinds)."""
    for kind in CHOSEN:
        if data.get(kind):
            _set(user.id, kind, data[kind])
    db.session.commit()
    return preferences(user.id)


def remember_brand(user, host):
    """The brand of the host the user signs in on: their mails wear it."""
    key = hosts.brand_of_host(host)
    state = db.session.get(MailState, user.id)
    if state is None:
        db.session.add(MailState(user_id=user.id, brand=key))
    elif state.brand != key:
        state.brand = key
    else:
        return
    db.session.commit()


# --- unsubscribing -------------------------------------------------------------------------------------------

def _serializer():
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt="unsubscribe")


def unsubscribe_token(user_id, kind):
    return _serializer().dumps({"u": user_id, "k": kind})


def read_token(token):
    try:
        data = _serializer().loads(token or "")
    except BadSignature:
        raise NotFound(_("This unsubscribe link is not valid")) from None
    user = db.session.get(User, data.get("u")) if isinstance(data, dict) else None
    kind = data.get("k") if isinstance(data, dict) else None
    if user is None or (kind not in CHOSEN and kind != DIGEST):
        raise NotFound(_("This unsubscribe link is not valid"))
    return user, kind


def describe_token(token):
    user, kind = read_token(token)
    return {"kind": kind, "label": _label(kind), "email": user.email}


def _label(kind):
    return _("Daily digests") if kind == DIGEST else translate(CHOSEN[kind])


def unsubscribe(token):
    """Never mail this kind again (a digest's token: every kind now in digests): in the app only. A kind no longer
    mailed keeps its setting (an old link never turns one switched off back on). Returns what was stopped."""
    user, kind = read_token(token)
    prefs = preferences(user.id)
    kinds = [k for k, m in prefs.items() if m == "digest"] if kind == DIGEST \
        else [kind] if prefs[kind] in ("immediate", "digest") else []
    for k in kinds:
        _set(user.id, k, "never")
    db.session.commit()
    return {"kind": kind, "label": _label(kind), "email": user.email}


# --- rendering and sending -----------------------------------------------------------------------------------

def _brand_of(user_id):
    state = db.session.get(MailState, user_id)
    return hosts.brand(state.brand if state else None)


def languages_of(user_ids):
    """{user_id: the language written to them} (i18n.recipient_locale: their profile's, else the brand they sign
    in on's) for many users in one query."""
    ids = list(user_ids)
    if not ids:
        return {}
    rows = db.session.execute(select(User.id, User.language, MailState.brand)
                              .outerjoin(MailState, MailState.user_id == User.id).where(User.id.in_(ids))).all()
    return {uid: recipient_locale(SimpleNamespace(language=language), brand) for uid, language, brand in rows}


def open_url(brand, n, user):
    """The page of the notification's item as `user` reaches it, on the brand's public URL (never the request's
    host)."""
    module = db.session.get(Module, n.module_id) if n.module_id else None
    if module is None:
        return f"{brand['publicUrl']}/notifications"
    from .notifications import entry_of, tab_of
    base = BASES.get(module.platform, "portal")
    if n.kind == "webhook":
        return f"{brand['publicUrl']}/{base}/{module.id}/settings/webhooks"
    tab = tab_of(n.category)
    return f"{brand['publicUrl']}/{base}/{entry_of(user, module.path)}/module/{module.id}" + (f"/{tab}" if tab else "")


def _links(brand, user_id, kind):
    token = unsubscribe_token(user_id, kind)
    return {"unsubscribe_url": f"{brand['publicUrl']}/unsubscribe?token={token}",
            "one_click": f"{brand['publicUrl']}/api/notification/unsubscribe?token={token}",
            "settings_url": f"{brand['publicUrl']}/profile"}


def _headers(links):
    return {"List-Unsubscribe": f"<{links['one_click']}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}


def _visible(n):
    if n.kind == "webhook" or not n.module_id:
        return True
    return n.user_id in perm.viewers_among([n.user_id], SimpleNamespace(id=n.module_id))


def _actor(n):
    return n.actor.name if n.actor else _("Someone")


def send_immediate(notification_id):
    """Mail one notification now, if it still waits for it and its user may still view its module."""
    n = db.session.get(Notification, notification_id)
    if n is None or n.mail != "immediate":
        return False
    user = db.session.get(User, n.user_id)
    if user is None or not user.is_active or not _visible(n):
        n.mail = "skipped"
        db.session.commit()
        return False
    brand = _brand_of(user.id)
    links = _links(brand, user.id, n.kind)
    with force_locale(recipient_locale(user, brand["key"])):
        values = dict(user_name=user.name, actor=_actor(n), text=n.text, open_url=open_url(brand, n, user),
                      brand=brand, kind_label=translate(CHOSEN.get(n.kind, n.kind)), **links)
        letter = (user.email, f"[{brand['name']}] {values['actor']} {n.text}",
                  render_template("mail/notification.txt", **values),
                  render_template("mail/notification.html", **values), _headers(links))
    n.mail = "sent"
    # Marked first: a crash while sending loses a mail rather than sending it twice. The mail is made before the
    # commit ends the transaction, so none is open while it leaves (api/tasks.py).
    db.session.commit()
    mail.send(*letter)
    return True


def last_digest_due(now, hour):
    """The most recent moment a digest fell due (every day at `hour`, UTC)."""
    today = datetime.combine(now.date(), time(hour))
    return today if now >= today else today - timedelta(days=1)


def send_digests(now=None):
    """Send each user whose daily digest fell due (DIGEST_HOUR, UTC) and has waiting notifications one mail with
    those they may still see. `now`: the tests' clock. Returns how many mails left."""
    now = now or utcnow()
    due = last_digest_due(now, current_app.config["DIGEST_HOUR"])
    user_ids = db.session.scalars(select(Notification.user_id).where(Notification.mail == "digest")
                                  .distinct()).all()
    sent = 0
    for uid in user_ids:
        state = db.session.get(MailState, uid)
        if state is not None and state.digest_sent is not None and state.digest_sent >= due:
            continue
        sent += _send_digest(uid, now, state)
    return sent


def _send_digest(uid, now, state):
    user = db.session.get(User, uid)
    waiting = db.session.scalars(select(Notification).where(Notification.user_id == uid,
                                                           Notification.mail == "digest")
                                 .order_by(Notification.id)).all()
    shown = [n for n in waiting if user is not None and user.is_active and _visible(n)]
    letter = _digest_letter(user, shown) if shown else None
    for n in waiting:
        n.mail = "sent" if n in shown else "skipped"
    if state is None:
        state = MailState(user_id=uid)
        db.session.add(state)
    state.digest_sent = now
    db.session.commit()  # as in send_immediate: marked first, and no transaction open while the mail leaves
    if letter is None:
        return 0
    mail.send(*letter)
    return 1


def _digest_letter(user, shown):
    brand = _brand_of(user.id)
    with force_locale(recipient_locale(user, brand["key"])):
        return _digest_in_locale(user, shown, brand)


def when(moment):
    """A notification's time in a mail, in the current locale: '05 Nov 2026 10:00 UTC'."""
    from flask_babel import get_locale
    locale = get_locale()
    if locale is None or locale.language == "en":
        return moment.strftime("%d %b %Y %H:%M UTC")
    from babel.dates import format_datetime
    return format_datetime(moment, "dd MMM yyyy HH:mm", locale=locale) + " UTC"


def digest_subject(brand_name, count):
    return ngettext("[%(brand)s] Your daily digest: %(num)d notification",
                    "[%(brand)s] Your daily digest: %(num)d notifications", count, brand=brand_name)


def _digest_in_locale(user, shown, brand):
    links = _links(brand, user.id, DIGEST)
    groups = []
    for kind, label in CHOSEN.items():
        items = [{"actor": _actor(n), "text": n.text, "when": when(n.created),
                  "open_url": open_url(brand, n, user)} for n in shown if n.kind == kind]
        if items:
            groups.append({"label": translate(label), "entries": items})
    values = dict(user_name=user.name, count=len(shown), groups=groups, brand=brand, **links)
    subject = digest_subject(brand["name"], len(shown))
    return (user.email, subject, render_template("mail/digest.txt", **values),
            render_template("mail/digest.html", **values), _headers(links))
