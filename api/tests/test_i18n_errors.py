"""The API's own words in the reader's language (issue 43): errors, marshmallow's messages, forms, links and messages
filled with values; field names, codes, values and statuses unchanged."""
import json

from api.tests.conftest import element, form_of, login_headers, submit

DE, FR, IT, ES, PT = ({"Accept-Language": lang} for lang in ("de", "fr", "it", "es", "pt"))


def test_a_404_in_the_language_asked_for(client, make_user):
    h = login_headers(client, make_user())
    res = client.get("/api/module/view/999999", headers={**h, **DE})
    assert res.status_code == 404 and res.get_json() == {"error": "Modul nicht gefunden"}
    res = client.get("/api/no-such-route", headers=FR)
    assert res.status_code == 404 and res.get_json() == {"error": "Introuvable"}
    assert client.get("/api/module/view/999999", headers=h).get_json() == {"error": "Module not found"}


def test_a_401_and_a_403_in_the_language_asked_for(client, tree, people, token_for):
    res = client.get("/api/profile/currentuser", headers=ES)
    assert res.status_code == 401 and res.get_json() == {"error": "Autenticación requerida"}
    viewer = token_for(people[1])
    res = client.get(f"/api/module/edit/{tree.project.id}", headers={**viewer, **IT})
    assert res.status_code == 403 and res.get_json() == {"error": "Non ha il permesso di farlo"}
    res = client.get(f"/api/module/edit/{tree.project.id}", headers=viewer)
    assert res.get_json() == {"error": "You do not have the right to do this"}


def test_marshmallows_own_message_is_translated_and_the_field_name_kept(client, tree, people, token_for):
    h = {**token_for(people[0]), **ES}
    res = client.post(f"/api/article/add/{tree.project.id}", headers=h,
                      data={"title": "A", "content": json.dumps({"blocks": [], "entityMap": {}}),
                            "parentArticleId": "abc"}, content_type="multipart/form-data")
    assert res.status_code == 422
    assert res.get_json() == {"error": "El formulario tiene errores",
                              "errors": {"parentArticleId": ["Número entero no válido."]}}


def test_a_forms_labels_help_and_options_in_another_language_values_unchanged(client, tree, people, token_for,
                                                                              make_user):
    h = {**token_for(people[0]), **DE}
    form = form_of(client, h, f"/api/deliverable/add/{tree.task.id}")
    labels = {e["name"]: e["label"] for e in form["elements"]}
    assert labels["status"] == "Status" and labels["startDate"] == "Startdatum" and labels["deadline"] == "Frist"
    assert labels["ownerId"] == "Verantwortlich" and labels["milestone"] == "Meilenstein"
    status = element(form, "status")
    assert [(o["value"], o["label"]) for o in status["options"]] == [
        ("NOT_STARTED", "Nicht begonnen"), ("IN_PROGRESS", "In Bearbeitung"), ("BLOCKED", "Blockiert"),
        ("COMPLETED", "Abgeschlossen"), ("VERIFIED_COMPLETE", "Geprüft abgeschlossen")]
    clone = form_of(client, {**token_for(make_user(superuser=True)), **FR}, f"/api/clone/module/{tree.task.id}")
    flag = element(clone, "children")
    assert flag["label"] == "Enfants (toute la sous-arborescence)"
    assert [(o["value"], o["label"]) for o in flag["options"]] == [("1", "Oui"), ("0", "Non")]
    assert element(clone, "shiftDays")["help"] == \
        "Les dates des livrables sont décalées d’autant de jours (négatif : plus tôt)"


def test_messages_filled_with_values_in_another_language(client, tree, people, token_for):
    h = token_for(people[2])
    res = client.get(f"/api/membership/list/{tree.project.id}?perPage=0", headers={**h, **PT})
    assert res.status_code == 400
    assert res.get_json() == {"error": "Parâmetros de lista inválidos",
                              "errors": {"perPage": ["Tem de ser um número inteiro de 1 a 500"]}}
    res = client.delete(f"/api/module/delete/{tree.task.id}", headers={**h, **DE})
    assert res.status_code == 200 and res.get_json() == {"message": "„Task 1“ wurde gelöscht"}
    res = submit(client, {**token_for(people[0]), **FR}, f"/api/relation/add/{tree.phase.id}",
                 {"other": str(tree.other.id), "kind": "FS", "lag": "99999"})
    assert res.status_code == 422
    assert res.get_json()["errors"]["lag"] == ["Un nombre entier de jours ouvrés de -3650 à 3650"]


def test_a_plural_made_by_hand_in_english_has_its_forms_in_another_language(client, tree, people, token_for):
    h = token_for(people[2])
    for title in ("One", "Two"):
        client.post(f"/api/article/add/{tree.project.id}", headers=h, content_type="multipart/form-data",
                    data={"title": title, "content": json.dumps({"blocks": [], "entityMap": {}})})
    first, second = client.get(f"/api/article/list/{tree.project.id}", headers=h).get_json()["list"]
    res = client.delete(f"/api/article/delete/{tree.project.id}/{first['id']}", headers={**h, **FR})
    assert res.get_json() == {"message": "1 article supprimé"}
    res = client.delete(f"/api/article/delete/{tree.project.id}/{second['id']}", headers=h)
    assert res.get_json() == {"message": "Deleted 1 article(s)"}


def test_link_and_status_labels_in_the_readers_language_and_a_tag_per_language(client, tree, people, token_for):
    h = token_for(people[0])
    submit(client, h, f"/api/deliverable/add/{tree.task.id}", {"status": "IN_PROGRESS"})
    english = client.get(f"/api/module/view/{tree.task.id}", headers=h)
    german = client.get(f"/api/module/view/{tree.task.id}", headers={**h, **DE})
    item, item_de = english.get_json()["item"], german.get_json()["item"]
    assert item["links"]["edit"]["label"] == "Edit" and item_de["links"]["edit"]["label"] == "Bearbeiten"
    assert item_de["links"]["edit"]["url"] == item["links"]["edit"]["url"]
    assert item_de["deliverable"]["status"] == {"name": "IN_PROGRESS", "label": "In Bearbeitung"}
    assert item["deliverable"]["status"] == {"name": "IN_PROGRESS", "label": "In Progress"}
    assert english.headers["ETag"] != german.headers["ETag"]
    url = f"/api/module/view/{tree.task.id}"
    assert client.get(url, headers={**h, **DE, "If-None-Match": german.headers["ETag"]}).status_code == 304
    assert client.get(url, headers={**h, **DE, "If-None-Match": english.headers["ETag"]}).status_code == 200
