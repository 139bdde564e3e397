"""Mails, notifications and feed sentences in their reader's language (issue 43): a mail is written in its
recipient's language, never its sender's nor the request's; a notification's text in its recipient's; a feed
sentence, written once in English, is read in each reader's (services/sentences.py). English stays as it was.

The catalogs are api/translations (I18N_DIR: a copy, as scripts/i18n.py works on, for a translator's run)."""
import os
from datetime import datetime

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.i18n import compile_catalogs, force_locale
from api.models import Notification
from api.services.demo import draft
from api.services.events import dispatch, mailing

from .conftest import login_headers, new_grant, submit

ALL = ("de", "fr", "it", "es", "pt")


@pytest.fixture(autouse=True)
def catalogs(app):
    """The catalogs of I18N_DIR when it is set (a translator's copy), else the app's own; Flask-Babel's cache of
    loaded catalogs is emptied before and after, so no other test reads them."""
    from flask_babel import get_babel
    config = get_babel(app)
    before = config.translation_directories
    folder = os.environ.get("I18N_DIR")
    if folder:
        compile_catalogs(folder)
        config.translation_directories = [folder]
    config.instance.domain_instance.cache.clear()
    yield
    config.translation_directories = before
    config.instance.domain_instance.cache.clear()


def parts(msg):
    return msg.get_body(("plain",)).get_content(), msg.get_body(("html",)).get_content()


def comment(client, headers, module_id, text):
    r = client.post(f"/api/comment/add/{module_id}", headers=headers, data={"content": text})
    assert r.status_code == 200, r.get_json()


def watch(client, headers, module_id):
    assert client.post(f"/api/watch/watch/{module_id}", headers=headers).status_code == 200


def prefer(client, headers, **modes):
    form = client.get("/api/notification/preferences", headers=headers).get_json()
    values = {e["name"]: e["value"] for e in form["elements"]}
    r = client.put("/api/notification/preferences", headers=headers, data={**values, **modes})
    assert r.status_code == 200, r.get_json()


def test_a_notification_mail_is_in_its_recipients_language_not_the_senders(client, tree, make_user, outbox):
    sofia, anna = make_user(name="Sofia", language="en"), make_user(name="Anna", language="de")
    new_grant(tree.portal, sofia)
    new_grant(tree.portal, anna)
    ah, sh = login_headers(client, anna), login_headers(client, sofia)
    prefer(client, ah, comment="immediate")
    watch(client, ah, tree.task.id)
    # The sender writes in English, and asks for French: neither is the recipient's.
    comment(client, {**sh, "Accept-Language": "fr"}, tree.task.id, "Ready <for> review")
    dispatch.run()
    (msg,) = outbox()
    assert msg["To"] == anna.email
    assert msg["Subject"] == "[4RinEU] Sofia hat „Task 1“ kommentiert: „Ready <for> review“"
    text, html = parts(msg)
    assert text.startswith("Hallo Anna,\n\nSofia hat „Task 1“ kommentiert")
    assert "Öffnen: http" in text and "Diese E-Mails abbestellen: http" in text
    assert "(Kommentare zu Modulen, die ich beobachte: sofort)" in text
    assert "<p>Hallo Anna,</p>" in html and "In 4RinEU öffnen</a>" in html
    assert "Ready &lt;for&gt; review" in html and "<for>" not in html  # values are escaped in the HTML part
    # In the app she reads the same text; the sender's own English reader reads English.
    r = client.get("/api/notification/list", headers=ah).get_json()
    assert r["list"][0]["text"] == "hat „Task 1“ kommentiert: „Ready <for> review“"
    eli = make_user(name="Eli", language="en")
    new_grant(tree.portal, eli)
    eh = login_headers(client, eli)
    prefer(client, eh, comment="immediate")
    watch(client, eh, tree.task.id)
    comment(client, sh, tree.task.id, "Second")
    dispatch.run()
    # Anna is told too (in German): the mails' order in the outbox is not the test's business.
    (to_eli,) = [m for m in outbox() if m["To"] == eli.email]
    assert to_eli["Subject"] == "[4RinEU] Sofia commented on 'Task 1': “Second”"


def test_a_digest_is_in_its_recipients_language(app, client, tree, make_user, outbox, monkeypatch):
    monkeypatch.setitem(app.config, "DIGEST_HOUR", 7)
    sofia, jean = make_user(name="Sofia", language="de"), make_user(name="Jean", language="fr")
    new_grant(tree.portal, sofia)
    new_grant(tree.portal, jean)
    jh, sh = login_headers(client, jean), login_headers(client, sofia)
    prefer(client, jh, comment="digest", mention="digest")
    watch(client, jh, tree.project.id)
    comment(client, sh, tree.project.id, "Plan")
    comment(client, sh, tree.task.id, f"cc @[Jean](user:{jean.id})")
    dispatch.run()
    assert mailing.send_digests(now=datetime(2031, 11, 4, 7, 30)) == 1
    (msg,) = outbox()
    assert msg["Subject"] == "[4RinEU] Votre récapitulatif quotidien : 2 notifications"
    text, html = parts(msg)
    assert text.startswith("Bonjour Jean,\n\nCe qui s’est passé depuis votre dernier récapitulatif "
                           "(2 notifications) :")
    assert "Mentions de mon nom" in text and "Commentaires sur les modules que je suis" in text
    assert "- Sofia vous a mentionné dans « Task 1 » : « cc @Jean »" in text
    assert "- Sofia a commenté « Project A » : « Plan »" in text
    assert "Arrêter les récapitulatifs : http" in text
    assert "nov." in text and "UTC)" in text  # the date in French
    assert ">ouvrir</a>" in html and "Arrêter les récapitulatifs</a>" in html


# The digest's subject, each language's plural: German and Italian, Spanish one for 1 only; French and Portuguese
# (as Babel's CLDR rules have them) one for 0 and 1.
PLURALS = {
    "de": ({1}, "[B] Ihre tägliche Zusammenfassung: %d Benachrichtigung",
           "[B] Ihre tägliche Zusammenfassung: %d Benachrichtigungen"),
    "fr": ({0, 1}, "[B] Votre récapitulatif quotidien : %d notification",
           "[B] Votre récapitulatif quotidien : %d notifications"),
    "it": ({1}, "[B] Il suo riepilogo giornaliero: %d notifica", "[B] Il suo riepilogo giornaliero: %d notifiche"),
    "es": ({1}, "[B] Su resumen diario: %d notificación", "[B] Su resumen diario: %d notificaciones"),
    "pt": ({0, 1}, "[B] O seu resumo diário: %d notificação", "[B] O seu resumo diário: %d notificações"),
    "en": ({1}, "[B] Your daily digest: %d notification", "[B] Your daily digest: %d notifications"),
}


@pytest.mark.parametrize("lang", sorted(PLURALS))
def test_the_digest_subject_has_each_languages_plural(app, lang):
    one, singular, plural = PLURALS[lang]
    with app.test_request_context(), force_locale(lang):
        for n in (0, 1, 2, 5, 21):
            assert mailing.digest_subject("B", n) == (singular if n in one else plural) % n, (lang, n)


def test_notification_texts_are_each_in_their_readers_language(client, tree, make_user):
    actor = make_user(name="Marco", language="it")
    readers = {lang: make_user(name=f"Reader {lang}", language=lang) for lang in ("de", "fr", "es", "pt", "en")}
    new_grant(tree.portal, actor, edit=True)
    for user in readers.values():
        new_grant(tree.portal, user)
        watch(client, login_headers(client, user), tree.task.id)
    ah = login_headers(client, actor)
    comment(client, ah, tree.task.id, f"Look @[Reader de](user:{readers['de'].id})")
    dispatch.run()
    texts = dict(_db.session.execute(sa.select(Notification.user_id, Notification.text)
                                     .where(Notification.kind.in_(("mention", "comment")))).all())
    excerpt = "Look @Reader de"  # a mention's token reads as its name
    assert texts[readers["de"].id] == f"hat Sie in „Task 1“ erwähnt: „{excerpt}“"
    assert texts[readers["fr"].id] == f"a commenté « Task 1 » : « {excerpt} »"
    assert texts[readers["es"].id] == f"ha comentado en «Task 1»: «{excerpt}»"
    assert texts[readers["pt"].id] == f"comentou em «Task 1»: «{excerpt}»"
    assert texts[readers["en"].id] == f"commented on 'Task 1': “{excerpt}”"


def test_a_feed_sentence_is_read_in_the_readers_language(client, tree, make_user):
    su = login_headers(client, make_user(name="Admin", superuser=True, language="en"))
    r = submit(client, su, f"/api/deliverable/add/{tree.task.id}", {"status": "IN_PROGRESS"})
    assert r.status_code == 200, r.get_json()
    r = client.post(f"/api/article/add/{tree.task.id}", headers=su, content_type="multipart/form-data",
                    data={"title": "Site rules", "content": draft(("unstyled", "Helmets"))})
    assert r.status_code == 200, r.get_json()
    readers = {lang: make_user(name=f"Feed {lang}", language=lang) for lang in ("de", "fr", "en")}

    def feed(lang, **headers):
        user = readers[lang]
        new_grant(tree.portal, user)
        r = client.get(f"/api/feed/list/{tree.task.id}", headers={**login_headers(client, user), **headers})
        assert r.status_code == 200, r.get_json()
        return {e["category"]: e for e in r.get_json()["list"]}

    english = feed("en", **{"Accept-Language": "de"})  # the profile's language wins over the browser's
    assert english["deliverable"]["description"] == "Set the status of 'Task 1' to IN_PROGRESS"
    german = feed("de")
    assert german["deliverable"]["description"] == "hat den Status von „Task 1“ auf In Bearbeitung gesetzt"
    labels = {c["field"]: c["label"] for c in german["deliverable"]["changes"]}
    assert labels["status"] == "Status"  # a field's label in the reader's language too
    french = feed("fr")
    assert french["deliverable"]["description"] == "a défini le statut de « Task 1 » sur En cours"
    assert english["article"]["description"] == "Added the article 'Site rules'"
    assert german["article"]["description"] == "hat den Artikel „Site rules“ hinzugefügt"
    assert french["article"]["description"] == "a ajouté l’article « Site rules »"
