"""The server speaks the user's language (issue 43): the profile's, else Accept-Language, else the brand's."""
import os
import subprocess
import sys

from api.tests.conftest import login_headers

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_every_message_is_translated_in_every_language_and_every_entry_is_said():
    out = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "i18n.py"), "check"], capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stdout[-4000:]


def _profile_put(client, headers, **values):
    form = client.get("/api/profile/edit", headers=headers).get_json()
    body = {e["name"]: e["value"] for e in form["elements"] if not e["disabled"]}
    body.update(values)
    return client.put("/api/profile/edit", json=body, headers=headers)


def test_a_refusal_in_the_language_asked_for_the_field_names_unchanged(client, make_user):
    user = make_user()
    headers = login_headers(client, user)
    res = _profile_put(client, {**headers, "Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}, name="")
    assert res.status_code == 400
    assert res.get_json()["errors"] == {"name": ["Name ist erforderlich"]}
    res = _profile_put(client, {**headers, "Accept-Language": "en"}, name="")
    assert res.get_json()["errors"] == {"name": ["Name is required"]}


def test_the_profile_language_wins_over_the_browser_and_applies_everywhere(client, make_user):
    user = make_user()
    headers = login_headers(client, user)
    res = _profile_put(client, headers, language="fr")
    assert res.status_code == 200, res.get_json()
    assert client.get("/api/profile/currentuser", headers=headers).get_json()["item"]["language"] == "fr"
    form = client.get("/api/profile/edit", headers={**headers, "Accept-Language": "de"}).get_json()
    labels = {e["name"]: e["label"] for e in form["elements"]}
    assert labels["language"] == "Langue"
    options = next(e["options"] for e in form["elements"] if e["name"] == "language")
    assert [o["label"] for o in options][1:] == ["English", "Deutsch", "Français", "Italiano", "Español", "Português"]
    res = _profile_put(client, headers, language="xx")
    assert res.status_code == 400
    assert res.get_json()["errors"]["language"] == ["Veuillez choisir l’une des options"]
    assert _profile_put(client, headers, language="").status_code == 200
    assert client.get("/api/profile/currentuser", headers=headers).get_json()["item"]["language"] is None


def test_without_a_choice_or_a_browser_language_the_brand_default(app, client, make_user, tmp_path):
    import json
    hosts = json.load(open(os.path.join(ROOT, "nginx", "hosts.json")))
    hosts["brands"]["calibr"]["language"] = "it"
    path = tmp_path / "hosts.json"
    path.write_text(json.dumps(hosts))
    before = app.config.get("HOSTS_FILE")
    app.config["HOSTS_FILE"] = str(path)
    try:
        user = make_user()
        headers = login_headers(client, user)
        res = _profile_put(client, {**headers, "Host": "data.calibr.eu"}, name="")
        assert res.get_json()["errors"] == {"name": ["Nome è obbligatorio"]}
        res = _profile_put(client, {**headers, "Host": "portal.4rineu.eu"}, name="")
        assert res.get_json()["errors"] == {"name": ["Name is required"]}
    finally:
        app.config["HOSTS_FILE"] = before


def test_type_labels_are_said_in_the_language_their_tabs_stay_the_same_paths(client, tree, make_user, grant):
    user = make_user()
    grant(tree.portal, user)
    headers = login_headers(client, user)
    en = client.get(f"/api/module/view/{tree.project.id}", headers=headers).get_json()["item"]
    de = client.get(f"/api/module/view/{tree.project.id}", headers={**headers, "Accept-Language": "de"}).get_json()["item"]
    assert [(c["label"], c["labelPlural"], c["tab"]) for c in en["childTypes"]][0] == ("Phase", "Phases", "phases")
    assert [(c["label"], c["labelPlural"], c["tab"]) for c in de["childTypes"]][0] == ("Phase", "Phasen", "phases")
    assert (en["typeLabel"], de["typeLabel"], de["tab"]) == ("Project", "Projekt", en["tab"])
