"""The server's languages (issue 43): Flask-Babel with gettext catalogs in api/translations/{lang}/LC_MESSAGES.

What the API says to people (error and validation messages, form labels, help texts and options, mails, feed
sentences, notifications) is English in the code, marked for extraction (`_()` where it is said, `N_()` where it is
declared, e.g. a form's label), and translated when it leaves: in the language of the user's profile, else the
request's Accept-Language, else the brand's default (nginx/hosts.json `language`). Field names, codes and statuses
never change.

The catalogs' .po files are the source; their .mo files are compiled when the app starts if missing or older (an
atomic replace, so workers starting together do not read half a file), and by `make` before an image is built.
"""
import logging
import os
import tempfile

from flask import has_request_context, request
from flask_babel import Babel, force_locale, get_locale, gettext, lazy_gettext, ngettext  # noqa: F401 (re-exported)

log = logging.getLogger(__name__)

LANGUAGES = ("en", "de", "fr", "it", "es", "pt")
NAMES = {"en": "English", "de": "Deutsch", "fr": "Français", "it": "Italiano", "es": "Español", "pt": "Português"}
TRANSLATIONS = os.path.join(os.path.dirname(__file__), "translations")

babel = Babel()


def _(message, **values):
    """The message in the request's language; `%(name)s` placeholders filled from `values`."""
    return gettext(message, **values)


def N_(message):
    """Marks a message for the catalogs where it is declared (a form label, a constant); translated where shown."""
    return message


def known(code):
    code = (code or "").strip().lower()[:2]
    return code if code in LANGUAGES else None


def _user_language():
    try:
        from flask_jwt_extended import get_current_user
        user = get_current_user()
        # A user row detached or expired (a subtree deleted, the database away) cannot say: the browser's then.
        return known(getattr(user, "language", None)) if user is not None else None
    except Exception:  # no verified token in this request, or the row unreadable
        return None


def brand_language():
    from . import hosts
    return known(hosts.brand(hosts.brand_of_host(request.host)).get("language")) or "en"


def select_locale():
    if not has_request_context():
        return "en"
    return _user_language() or request.accept_languages.best_match(LANGUAGES) or brand_language()


def translate(message):
    """A message made elsewhere (an ApiError's, a field error's, a form label), translated if the catalogs know it."""
    if not message or not isinstance(message, str):
        return message
    return gettext(message)


def compile_catalogs(directory=TRANSLATIONS):
    """Compile each language's messages.po to messages.mo where the .mo is missing or older."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    for lang in LANGUAGES:
        base = os.path.join(directory, lang, "LC_MESSAGES")
        po, mo = os.path.join(base, "messages.po"), os.path.join(base, "messages.mo")
        if not os.path.exists(po):
            continue
        if os.path.exists(mo) and os.path.getmtime(mo) >= os.path.getmtime(po):
            continue
        try:
            with open(po, "rb") as fh:
                catalog = read_po(fh, locale=lang)
            fd, tmp = tempfile.mkstemp(dir=base, suffix=".mo")
            with os.fdopen(fd, "wb") as fh:
                write_mo(fh, catalog)
            os.replace(tmp, mo)
        except OSError as e:  # a read-only install: the image's own .mo files stand
            log.warning("translations for %s not compiled: %s", lang, e)


def init_app(app):
    app.config.setdefault("BABEL_DEFAULT_LOCALE", "en")
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", TRANSLATIONS)
    compile_catalogs(app.config["BABEL_TRANSLATION_DIRECTORIES"])
    babel.init_app(app, locale_selector=select_locale)


def recipient_locale(user, brand_key=None):
    """The language a mail to `user` is written in: theirs, never the sender's; else the brand's default."""
    from . import hosts
    return known(getattr(user, "language", None)) or known(hosts.brand(brand_key).get("language")) or "en"


__all__ = ["LANGUAGES", "NAMES", "N_", "_", "babel", "force_locale", "get_locale", "gettext", "lazy_gettext",
           "ngettext", "translate", "select_locale", "recipient_locale", "init_app"]
