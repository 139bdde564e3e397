"""Search across the tree (GET /api/search): each kind found after its write, changed after an edit, gone after a
delete (a module's subtree included) and copied by a clone; the query syntax (phrases, -word, or, a prefix as the
user types, accents), rights decided in the query (counts and facets included), paging, facets, bad queries, the
highlights, a fixed number of queries, and the migration's backfill. On SQLite (FTS5) and PostgreSQL."""
import io
import json
import os
from datetime import date, timedelta

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.forms import make_token
from api.models import Article, Comment, CustomField, Module, PicklistOption, SearchDoc
from api.services.demo import draft
from api.services.search import CAP, MARK, UNMARK, Term, fts5_match, parse

from .conftest import new_grant, new_module, new_tree


def find(client, headers, q, status=200, **params):
    r = client.get("/api/search", query_string={"q": q, **params}, headers=headers)
    assert r.status_code == status, (q, params, r.status_code, r.get_json())
    return r.get_json()


def found(client, headers, q, **params):
    """{(kind, id)} of every hit (one page of up to 500)."""
    body = find(client, headers, q, perPage=500, **params)
    assert body["meta"]["total"] == len(body["list"]), body["meta"]
    return {(h["kind"], h["id"]) for h in body["list"]}


def send(client, user, headers, url, data, method="POST", **kw):
    """A form submission with the form token a GET of the form would give."""
    path = url.split("?")[0]
    return client.open(url, method=method, headers=headers, data={**data, "_token": make_token(user.id, path)}, **kw)


def ok(r):
    assert r.status_code == 200, (r.status_code, r.get_json())
    return r.get_json()


def plain(text):
    return text.replace(MARK, "").replace(UNMARK, "")


@pytest.fixture
def su(make_user):
    return make_user(name="Sue Super", superuser=True)


@pytest.fixture
def h(su, token_for):
    return token_for(su)


# --- each kind: found, changed, gone -----------------------------------------------------------------------------

def test_modules_by_name_and_description(client, tree, su, h):
    r = send(client, su, h, f"/api/module/add/{tree.project.id}/4rineu_phase",
             {"name": "Zebrafish phase", "description": "Breeding of the tetra"})
    mid = ok(r)["item"]["id"]
    assert found(client, h, "zebrafish") == {("module", mid)}
    # The document has the module's path (a new module gets it after its insert): rights read it.
    doc = _db.session.scalar(sa.select(SearchDoc).where(SearchDoc.kind == "module", SearchDoc.item_id == mid))
    assert doc.path == _db.session.get(Module, mid).path == f"{tree.project.path}{mid}/"
    assert found(client, h, "tetra") == {("module", mid)}
    ok(send(client, su, h, f"/api/module/edit/{mid}", {"name": "Guppy phase", "description": ""}, method="PUT"))
    assert found(client, h, "zebrafish") == set() and found(client, h, "tetra") == set()
    assert found(client, h, "guppy") == {("module", mid)}
    ok(client.delete(f"/api/module/delete/{mid}", headers=h))
    assert found(client, h, "guppy") == set()


def test_articles_by_title_and_plain_text_not_json(client, tree, su, h):
    content = draft(("header-two", "Marsupials"), ("unstyled", "The quokka smiles", [("BOLD", "quokka")]),
                    links=[(1, "smiles", "https://example.org/wallaby")])
    parent = ok(client.post(f"/api/article/add/{tree.project.id}", headers=h,
                            data={"title": "Island fauna", "content": content}))["item"]
    child = ok(client.post(f"/api/article/add/{tree.project.id}", headers=h,
                           data={"title": "Rottnest notes", "content": draft(("unstyled", "quokka colony")),
                                 "parentArticleId": parent["id"]}))["item"]
    assert found(client, h, "quokka") == {("article", parent["id"]), ("article", child["id"])}
    assert found(client, h, "island") == {("article", parent["id"])}
    # The JSON around the text is not indexed: keys, block types, styles, entity data.
    for word in ("blocks", "unstyled", "entityMap", "BOLD", "inlineStyleRanges", "wallaby", "header"):
        assert found(client, h, word) == set(), word
    hit = find(client, h, "smiles")["list"][0]
    assert hit["kind"] == "article" and MARK + "smiles" + UNMARK in hit["snippet"]
    # Blocks stay apart on the snippet's one line.
    assert plain(hit["snippet"]) == "Marsupials · The quokka smiles"
    assert hit["links"]["view"]["url"] == f"/api/article/view/{tree.project.id}/{parent['id']}"
    ok(client.post(f"/api/article/edit/{tree.project.id}/{parent['id']}", headers=h,
                   data={"_method": "PUT", "title": "Mainland fauna", "content": draft(("unstyled", "A numbat"))}))
    assert found(client, h, "quokka") == {("article", child["id"])}
    assert found(client, h, "numbat mainland") == {("article", parent["id"])}
    ok(client.delete(f"/api/article/delete/{tree.project.id}/{parent['id']}", headers=h))  # the child goes too
    assert found(client, h, "quokka") == set() and found(client, h, "numbat") == set()


def test_files_by_title_and_file_name(client, tree, su, h):
    r = client.post(f"/api/vault/upload/{tree.project.id}", headers=h, content_type="multipart/form-data",
                    data={"file": (io.BytesIO(b"x"), "wombat-burrow_survey.pdf"), "title": "Budget sheet"})
    fid = ok(r)["item"]["id"]
    for q in ("wombat", "burrow", "survey", "pdf", "budget", "wombat-burrow", "wombat burrow_survey.pdf"):
        assert found(client, h, q) == {("file", fid)}, q
    hit = find(client, h, "wombat")["list"][0]
    assert hit["links"]["download"]["url"] == f"/api/vault/download/{tree.project.id}/{fid}"
    # Highlighted: the word (SQLite) or the whole file name it is part of (PostgreSQL's ts_headline).
    assert plain(hit["snippet"]) == "wombat-burrow_survey.pdf"
    assert any("wombat" in part for part in hit["snippet"].split(MARK)[1:])
    ok(send(client, su, h, f"/api/vault/edit/{tree.project.id}/{fid}", {"title": "Expenses"}, method="PUT"))
    assert found(client, h, "budget") == set() and found(client, h, "expenses") == {("file", fid)}
    ok(client.delete(f"/api/vault/delete/{tree.project.id}/{fid}", headers=h))
    assert found(client, h, "wombat") == set()


def test_references_by_title_description_and_url(client, tree, su, h):
    url = f"/api/reference/add/{tree.project.id}"
    rid = ok(send(client, su, h, url, {"title": "Sea guide", "description": "Arctic whales",
                                       "url": "https://example.org/narwhal-tusks", "resourceType": "LINK"}))["item"]["id"]
    for q in ("sea", "arctic", "narwhal", "tusks", "example"):
        assert found(client, h, q) == {("reference", rid)}, q
    ok(send(client, su, h, f"/api/reference/edit/{tree.project.id}/{rid}",
            {"title": "Lake guide", "description": "", "url": "https://example.org/pike", "resourceType": "LINK"},
            method="PUT"))
    assert found(client, h, "narwhal") == set() and found(client, h, "arctic") == set()
    assert found(client, h, "pike lake") == {("reference", rid)}
    ok(client.delete(f"/api/reference/delete/{tree.project.id}/{rid}", headers=h))
    assert found(client, h, "pike") == set()


def test_comments_edit_delete_and_tombstones(client, tree, su, h):
    mid = tree.project.id
    top = ok(client.post(f"/api/comment/add/{mid}", headers=h, data={"content": "An axolotl in the pond"}))["item"]
    reply = ok(client.post(f"/api/comment/reply/{mid}/{top['id']}", headers=h,
                           data={"content": "And a newt"}))["item"]
    assert found(client, h, "axolotl") == {("comment", top["id"])}
    ok(send(client, su, h, f"/api/comment/edit/{mid}/{top['id']}", {"content": "A salamander"}, method="PUT"))
    assert found(client, h, "axolotl") == set() and found(client, h, "salamander") == {("comment", top["id"])}
    ok(client.delete(f"/api/comment/delete/{mid}/{top['id']}", headers=h))  # has a reply: a tombstone
    assert _db.session.get(Comment, top["id"]).deleted
    assert found(client, h, "salamander") == set() and found(client, h, "newt") == {("comment", reply["id"])}
    ok(client.delete(f"/api/comment/delete/{mid}/{reply['id']}", headers=h))
    assert found(client, h, "newt") == set()


def _field(module, type_, label, options=()):
    f = CustomField(module_id=module.id, attribute=label.lower().replace(" ", "_"), label=label, type=type_)
    _db.session.add(f)
    _db.session.flush()
    for i, (v, lbl) in enumerate(options):
        _db.session.add(PicklistOption(field_id=f.id, value=v, label=lbl, idx=i))
    _db.session.commit()
    return f


def test_text_and_picklist_values(client, tree, su, h):
    mid = tree.project.id
    text_field = _field(tree.portal, "TEXT", "Site contact")
    pick = _field(tree.portal, "PICKLIST", "Habitat", [("h1", "Okapi forest"), ("h2", "Tapir swamp")])
    number = _field(tree.portal, "NUMERIC", "Count")
    ok(send(client, su, h, f"/api/custom-field/value/add/{mid}/{text_field.id}", {"stringval": "Pangolin keeper"}))
    ok(send(client, su, h, f"/api/custom-field/value/add/{mid}/{pick.id}", {"option": "h1"}))
    ok(send(client, su, h, f"/api/custom-field/value/add/{mid}/{number.id}", {"numval": "4242"}))
    hits = find(client, h, "pangolin")["list"]
    assert [(x["kind"], x["label"], plain(x["snippet"])) for x in hits] == [("value", "Site contact", "Pangolin keeper")]
    value_id = hits[0]["id"]
    pick_hit = find(client, h, "okapi")["list"]
    assert [(x["kind"], x["label"]) for x in pick_hit] == [("value", "Habitat")]
    assert found(client, h, "h1") == set() and found(client, h, "4242") == set()  # option values, numbers: no
    ok(send(client, su, h, f"/api/custom-field/value/edit/{mid}/{value_id}", {"stringval": "Aardvark keeper"},
            method="PUT"))
    assert found(client, h, "pangolin") == set() and found(client, h, "aardvark") == {("value", value_id)}
    # A renamed option and a renamed field follow (their values' documents are written again).
    ok(send(client, su, h, f"/api/custom-field/edit/{tree.portal.id}/{pick.id}",
            {"label": "Biome", "attribute": "habitat", "type": "PICKLIST", "targetType": "all",
             "options": "h1|Bongo forest\nh2|Tapir swamp"}, method="PUT"))
    bongo = find(client, h, "bongo")["list"]
    assert [(x["id"], x["label"]) for x in bongo] == [(pick_hit[0]["id"], "Biome")] and not found(client, h, "okapi")
    ok(client.delete(f"/api/custom-field/value/delete/{mid}/{value_id}", headers=h))
    assert found(client, h, "aardvark") == set()
    ok(client.delete(f"/api/custom-field/delete/{tree.portal.id}/{pick.id}", headers=h))  # its values go too
    assert found(client, h, "bongo") == set()


def test_the_checklist_is_not_text(client, tree, su, h):
    check = _db.session.scalar(sa.select(CustomField).where(CustomField.module_id == tree.portal.id))
    ok(send(client, su, h, f"/api/custom-field/value/add/{tree.task.id}/{check.id}", {"option": "completed"}))
    assert found(client, h, "completed") == set()


def test_deleting_a_module_takes_its_subtree_documents(client, tree, su, h):
    ok(client.post(f"/api/article/add/{tree.task.id}", headers=h,
                   data={"title": "Ocelot", "content": draft(("unstyled", "spotted"))}))
    ok(client.post(f"/api/comment/add/{tree.subtask.id}", headers=h, data={"content": "ocelot tracks"}))
    ok(client.post(f"/api/comment/add/{tree.other.id}", headers=h, data={"content": "ocelot elsewhere"}))
    assert len(found(client, h, "ocelot")) == 3
    subtree = sa.select(Module.id).where(Module.path.like(tree.project.path + "%")).scalar_subquery()
    assert _db.session.scalar(sa.select(sa.func.count()).where(SearchDoc.module_id.in_(subtree))) == 6  # 4 modules
    ok(client.delete(f"/api/module/delete/{tree.project.id}", headers=h))
    assert {k for k, _ in found(client, h, "ocelot")} == {"comment"} and len(found(client, h, "ocelot")) == 1
    assert found(client, h, "phase") == set() and found(client, h, "subtask") == set()
    left = _db.session.scalars(sa.select(SearchDoc.module_id)).all()
    assert set(left) <= set(_db.session.scalars(sa.select(Module.id)).all())
    if _db.engine.dialect.name == "sqlite":  # the FTS index follows its content table
        n = _db.session.execute(sa.text("SELECT count(*) FROM search_fts WHERE search_fts MATCH '\"ocelot\"'")).scalar()
        assert n == 1


def test_a_clone_brings_the_copies(client, tree, su, h):
    a = ok(client.post(f"/api/article/add/{tree.project.id}", headers=h,
                       data={"title": "Lynx manual", "content": draft(("unstyled", "lynx"))}))["item"]
    ok(send(client, su, h, f"/api/reference/add/{tree.phase.id}",
            {"title": "Lynx map", "url": "https://example.org/lynx", "resourceType": "LINK"}))
    form = ok(client.get(f"/api/clone/module/{tree.project.id}", headers=h))
    values = {e["name"]: e["value"] for e in form["elements"]}
    for e in form["elements"]:
        values.update({e["name"]: o["value"] for o in e["options"] if o["selected"]})
    values.update(name="Lynx project copy", parentId=str(tree.portal.id))
    new_id = ok(client.post(f"/api/clone/module/{tree.project.id}", headers=h, data=values))["item"]["id"]
    hits = find(client, h, "lynx", perPage=50)["list"]
    assert sorted(x["kind"] for x in hits) == ["article", "article", "module", "reference", "reference"]
    copies = [x for x in hits if x["breadcrumb"][1] == "Lynx project copy"]
    assert len(copies) == 3 and all(x["id"] != a["id"] or x["kind"] != "article" for x in copies)
    assert {x["module"]["id"] for x in copies if x["kind"] != "reference"} == {new_id}


# --- the query -----------------------------------------------------------------------------------------------------

@pytest.fixture
def texts(client, tree, su, h):
    """Comments on the project: {key: id}."""
    out = {}
    for key, text in (("st", "solar thermal collector"), ("ts", "thermal solar panel"),
                      ("es", "La energía renovable"), ("en", "Energia eolica"), ("mk", "<b>bold</b> & <i>hippo</i>"),
                      ("hy", "see heat-pump.pdf")):
        out[key] = ok(client.post(f"/api/comment/add/{tree.project.id}", headers=h, data={"content": text}))["item"]["id"]
    return out


def c(*ids):
    return {("comment", i) for i in ids}


def test_phrases_negation_or_and_prefixes(client, h, texts):
    t = texts
    assert found(client, h, "solar thermal") == c(t["st"], t["ts"])
    assert found(client, h, '"solar thermal"') == c(t["st"])
    assert found(client, h, "solar -collector") == c(t["ts"])
    assert found(client, h, 'thermal -"solar panel"') == c(t["st"])
    assert found(client, h, "collector or panel") == c(t["st"], t["ts"])
    assert found(client, h, "collector OR hippo") == c(t["st"], t["mk"])
    # The last word is a beginning, as it is typed; the words before it are whole.
    assert found(client, h, "coll") == c(t["st"])
    assert found(client, h, "sol therm") == set()
    assert found(client, h, "solar therm") == c(t["st"], t["ts"])
    assert found(client, h, '"solar therm"') == set()  # a closed phrase is whole
    assert found(client, h, "heat-pump") == c(t["hy"]) and found(client, h, "pump pdf") == c(t["hy"])


def test_accents_and_case_do_not_matter(client, h, texts):
    both = c(texts["es"], texts["en"])
    for q in ("energia", "energía", "ENERGÍA", "Energi", "énergie renovable -x"[:6]):
        assert found(client, h, q) == both, q
    assert found(client, h, "eólica") == found(client, h, "EOLICA") == c(texts["en"])
    assert found(client, h, '"la energia"') == c(texts["es"])
    hit = next(x for x in find(client, h, "energia")["list"] if x["id"] == texts["es"])
    assert MARK + "energía" + UNMARK in hit["snippet"]


def test_markup_comes_out_as_text(client, h, texts):
    hit = find(client, h, "hippo")["list"][0]
    # Kept as written (PostgreSQL's snippet starts and ends at a word: 'bold</b> & <i>hippo').
    assert f"bold</b> & <i>{MARK}hippo{UNMARK}" in hit["snippet"]


@pytest.mark.parametrize("q", ['"', '"unbalanced', "*", "solar*", "NEAR(", "NEAR(solar thermal)", ":", "title:solar",
                               "a AND", "AND", "OR", "or", "-", "- -", "--solar", "(", ")", "^solar", "\\", "'", "%",
                               "_", "'; DROP TABLE module; --", "solar +", '""', "\u00ad", "ß", "日本語", "x" * 200,
                               "solar -", '"solar" "', "🙂", "²", "x²", "e\u0301nergia"])
def test_any_query_is_answered(client, h, texts, q):
    body = find(client, h, q)
    assert body["meta"]["total"] == len(body["list"]) >= 0


def test_what_the_engines_are_given():
    q = '"solar thermal" -panel or hippo co'
    assert parse(q) == [[Term(("solar", "thermal")), Term(("panel",), negated=True)],
                        [Term(("hippo",)), Term(("co",), prefix=True)]]
    assert fts5_match(parse(q)) == '(("solar thermal") NOT "panel") OR (("hippo" AND "co"*))'
    assert parse("-only -negations") == [] and parse("or or") == [] and parse('NEAR( "a') == parse('near "a"')
    assert fts5_match(parse('say "Hi" x:y*')) == '(("say" AND "hi" AND "x y"*))'


@pytest.mark.parametrize("params,field", [
    ({"q": ""}, "q"), ({"q": "   "}, "q"), ({}, "q"), ({"q": "x" * 201}, "q"),
    ({"q": "a", "page": "0"}, "page"), ({"q": "a", "perPage": "501"}, "perPage"), ({"q": "a", "perPage": "x"}, "perPage"),
    ({"q": "a", "kind": "article,poem"}, "kind"), ({"q": "a", "module": "x"}, "module"), ({"q": "a", "portal": "-1"}, "portal"),
    ({"q": "a", "author": "1.5"}, "author"), ({"q": "a", "from": "2026-02-30"}, "from"), ({"q": "a", "sort": "title"}, "sort"),
    ({"q": "a", "to": "20260102"}, "to"), ({"q": "a", "from": "2026-W01-5"}, "from"),
])
def test_bad_parameters_are_400_naming_them(client, h, params, field):
    r = client.get("/api/search", query_string=params, headers=h)
    assert r.status_code == 400 and field in r.get_json()["errors"], r.get_json()


def test_signed_in_only(client):
    assert client.get("/api/search?q=a").status_code == 401


# --- rights, paging, facets -------------------------------------------------------------------------------------

@pytest.fixture
def two_portals(client, su, h, make_user):
    """Portal A (projects P and Q) and portal B, each with 'kiwi' in a comment; people of each."""
    a = new_tree(name="Portal A")
    b = new_tree(name="Portal B")
    w = {"A": a, "B": b}
    for key, module in (("p", a.project), ("q", a.other), ("b", b.project)):
        w[key] = ok(client.post(f"/api/comment/add/{module.id}", headers=h, data={"content": f"kiwi {key}"}))["item"]["id"]
    w["only_b"] = ok(client.post(f"/api/comment/add/{b.task.id}", headers=h, data={"content": "cassowary"}))["item"]["id"]
    w["outsider"], w["viewer"], w["member_a"] = make_user(name="Out"), make_user(name="View P"), make_user(name="Mem A")
    new_grant(b.portal, w["outsider"])
    new_grant(a.project, w["viewer"])
    new_grant(a.portal, w["member_a"])
    return w


def test_rights_are_decided_in_the_query(client, h, token_for, two_portals):
    w = two_portals
    outsider = token_for(w["outsider"])  # member of portal B only
    # A word that exists only in another portal: nothing, counts and facets included.
    for who in (token_for(w["viewer"]), token_for(w["member_a"])):
        body = find(client, who, "cassowary")
        assert body["list"] == [] and body["meta"]["total"] == 0
        assert body["facets"] == {"kind": {}, "portal": [], "author": []}
    body = find(client, outsider, "kiwi")
    assert {x["id"] for x in body["list"]} == {w["b"]} and body["meta"]["total"] == 1
    assert body["facets"]["kind"] == {"comment": 1}
    assert body["facets"]["portal"] == [{"id": w["B"].portal.id, "name": "Portal B", "count": 1}]
    assert found(client, token_for(w["viewer"]), "kiwi") == c(w["p"])  # a viewer of one project
    assert found(client, token_for(w["member_a"]), "kiwi") == c(w["p"], w["q"])
    assert found(client, h, "kiwi") == c(w["p"], w["q"], w["b"])  # the superuser
    assert found(client, token_for(w["viewer"]), "project") == {("module", w["A"].project.id)}
    # A scope the user does not see is a 404; one they see narrows.
    find(client, token_for(w["viewer"]), "kiwi", status=404, module=w["A"].portal.id)
    assert found(client, h, "kiwi", module=w["A"].portal.id) == c(w["p"], w["q"])
    assert found(client, token_for(w["member_a"]), "kiwi", module=w["A"].other.id) == c(w["q"])


def test_where_a_hit_leads(client, h, token_for, two_portals):
    w = two_portals
    a = w["A"]
    task_hit = find(client, token_for(w["viewer"]), "task 1")["list"][0]
    assert task_hit["kind"] == "module" and task_hit["id"] == a.task.id
    assert task_hit["entryId"] == a.project.id and task_hit["portalId"] == a.portal.id
    assert task_hit["breadcrumb"] == ["Portal A", "Project A", "Phase 0", "Task 1"]
    assert [(x["id"], x["tab"]) for x in task_hit["ancestors"]] == [(a.project.id, "projects"), (a.phase.id, "phases")]
    assert task_hit["module"]["tab"] == "tasks" and task_hit["platform"] == "4rineu"
    assert task_hit["links"]["module"]["url"] == f"/api/module/view/{a.task.id}"
    su_hit = find(client, h, "task 1", portal=a.portal.id)["list"][0]
    assert su_hit["entryId"] == a.portal.id
    assert [x["id"] for x in su_hit["ancestors"]] == [a.portal.id, a.project.id, a.phase.id]


def test_paging_and_facets(client, tree, su, h, make_user, token_for):
    other = make_user(name="Olga Other")
    new_grant(tree.portal, other, edit=True)
    ho = token_for(other)
    ids = []
    for i in range(7):
        ids.append(ok(client.post(f"/api/article/add/{tree.project.id}", headers=h,
                                  data={"title": f"Heron {i}", "content": draft(("unstyled", "heron"))}))["item"]["id"])
    for i in range(3):
        ok(client.post(f"/api/comment/add/{tree.phase.id}", headers=ho, data={"content": f"a heron {i}"}))
    first = find(client, h, "heron", perPage=4)
    assert first["meta"] == {"page": 1, "perPage": 4, "total": 10, "totalIsApproximate": False} and len(first["list"]) == 4
    third = find(client, h, "heron", perPage=4, page=3)
    assert len(third["list"]) == 2
    keys = [x["key"] for p in (1, 2, 3) for x in find(client, h, "heron", perPage=4, page=p)["list"]]
    assert len(set(keys)) == 10
    assert find(client, h, "heron", perPage=4, page=4)["list"] == []
    f = first["facets"]
    assert f["kind"] == {"article": 7, "comment": 3}
    assert f["portal"] == [{"id": tree.portal.id, "name": "Portal", "count": 10}]
    assert sorted((a["name"], a["count"]) for a in f["author"]) == [("Olga Other", 3), ("Sue Super", 7)]
    only = find(client, h, "heron", kind="comment")
    assert only["meta"]["total"] == 3 and {x["kind"] for x in only["list"]} == {"comment"}
    assert only["facets"]["kind"] == {"article": 7, "comment": 3}  # a facet does not filter itself
    both = find(client, h, "heron", kind="comment,article")
    assert both["meta"]["total"] == 10
    by = find(client, h, "heron", author=other.id)
    assert by["meta"]["total"] == 3 and by["facets"]["kind"] == {"comment": 3}
    assert find(client, h, "heron", portal=tree.portal.id)["meta"]["total"] == 10
    assert find(client, h, "heron", portal=tree.other.id)["meta"]["total"] == 0
    today = date.today()
    assert find(client, h, "heron", **{"from": today.isoformat(), "to": today.isoformat()})["meta"]["total"] == 10
    assert find(client, h, "heron", to=(today - timedelta(days=1)).isoformat())["meta"]["total"] == 0
    newest = find(client, h, "heron", kind="article", sort="-created")["list"]
    assert [x["id"] for x in newest][:1] == [ids[-1]]


def test_pages_partition_the_hits_in_every_order(client, tree, su, h, monkeypatch):
    """Pages walk every hit once, whatever the page size: on PostgreSQL the first RANKED (the newest) by rank, then
    the others newest first, a page straddling the two included; by date both ways."""
    from api.services import search as searching
    monkeypatch.setattr(searching, "RANKED", 4)
    for i in range(10):
        _db.session.add(Comment(module_id=tree.project.id, content="stork " * (1 + i % 3), created_by_id=su.id))
        _db.session.commit()
    for sort in ("", "-created", "created", "-rank"):
        for per_page in (3, 4, 7):
            keys = []
            for p in range(1, 5):
                keys += [x["key"] for x in find(client, h, "stork", perPage=per_page, page=p, sort=sort)["list"]]
            assert len(keys) == len(set(keys)) == 10, (sort, per_page, keys)
            if sort in ("-created", "created"):
                ids = [int(k.split("-")[1]) for k in keys]
                assert ids == sorted(ids, reverse=sort == "-created"), (sort, ids)
    if _db.engine.dialect.name == "postgresql":  # after the ranked four, newest first
        tail = [int(x["key"].split("-")[1]) for x in find(client, h, "stork", perPage=10)["list"]][4:]
        assert tail == sorted(tail, reverse=True)


def test_a_title_match_comes_first_however_old(client, tree, su, h, monkeypatch):
    """More matches than PostgreSQL ranks (RANKED): the ranked ones are those with the words in their title, then
    the newest, so an old article titled by the word still leads newer comments that merely mention it (bm25 ranks
    every match on SQLite)."""
    from api.services import search as searching
    monkeypatch.setattr(searching, "RANKED", 3)
    old = Article(module_id=tree.project.id, title="Ibis survey", content="notes", created_by_id=su.id)
    _db.session.add(old)
    _db.session.commit()
    for i in range(5):
        _db.session.add(Comment(module_id=tree.project.id, content=f"an ibis {i}", created_by_id=su.id))
        _db.session.commit()
    for q in ("ibis", "ibi"):  # a whole word, and the beginning of one as the user types
        keys = [x["key"] for x in find(client, h, q, perPage=10)["list"]]
        assert keys[0] == f"article-{old.id}" and len(keys) == len(set(keys)) == 6, (q, keys)
    keys = [x["key"] for p in (1, 2, 3) for x in find(client, h, "ibis", perPage=2, page=p)["list"]]
    assert keys[0] == f"article-{old.id}" and len(set(keys)) == 6


LAST = []


def test_a_fixed_number_of_queries(client, tree, su, h, make_user, token_for, count_queries):
    member = make_user(name="Member")
    new_grant(tree.project, member)
    hm = token_for(member)

    def measure(headers):
        find(client, headers, "gecko", perPage=50)  # a connection's first use asks the server a few things
        with count_queries() as n:
            body = find(client, headers, "gecko", perPage=50)
        LAST[:] = [x[:70] for x in n.statements]
        return n.count, body["meta"]["total"]

    def add(count):
        for i in range(count):
            _db.session.add(Article(module_id=tree.phase.id, title=f"Gecko {i}", content="gecko", created_by_id=su.id))
            _db.session.add(Comment(module_id=tree.task.id, content=f"gecko {i}", created_by_id=member.id))
        _db.session.commit()

    add(2)
    small = {"su": measure(h), "member": measure(hm)}
    add(40)
    big = {"su": measure(h), "member": measure(hm)}
    assert small["su"][1] == 4 and big["su"][1] == 84 and big["member"][1] == 84
    assert small["su"][0] == big["su"][0] and small["member"][0] == big["member"][0], (small, big)
    # The token's user, (for someone who is not a superuser: their memberships,) then on SQLite the counts and
    # facets, the page, its highlights, and on PostgreSQL one statement for the three (after the setting that
    # makes it walk the RUM indexes, where they are); the names of the modules of the hits and above them and of
    # the people. On PostgreSQL, before them, the vocabulary's words that begin as the last word typed does
    # (search.settled: 'gecko' is the only one, so the search reads it as a whole word).
    from api.services.search import _has_rum
    expected = 5 if _db.engine.dialect.name == "sqlite" else 5 if _has_rum(str(_db.engine.url)) else 4
    assert big["su"][0] == expected and big["member"][0] == expected + 1, (big, LAST)


def test_reindex_writes_every_document_again(app, client, tree, su, h):
    ok(client.post(f"/api/comment/add/{tree.project.id}", headers=h, data={"content": "a wallaby"}))
    before = {(d.kind, d.item_id, d.path, d.body) for d in _db.session.scalars(sa.select(SearchDoc))}
    with _db.engine.begin() as conn:
        conn.exec_driver_sql("DELETE FROM search_doc")
    assert found(client, h, "wallaby") == set()
    _db.session.remove()
    r = app.test_cli_runner().invoke(args=["search-reindex"])
    assert r.exit_code == 0 and "written again" in r.output, r.output
    assert {(d.kind, d.item_id, d.path, d.body) for d in _db.session.scalars(sa.select(SearchDoc))} == before
    assert len(found(client, h, "wallaby")) == 1


# --- the migration ------------------------------------------------------------------------------------------------

def _rows_before_search():
    """A portal and an article written before migration 0006 existed: its upgrade must index them."""
    with _db.engine.begin() as conn:
        root = conn.execute(sa.text("SELECT id, path FROM module WHERE level = 0 ORDER BY id")).first()
        conn.execute(sa.text("INSERT INTO module (id, parent_id, idx, name, description, type, platform, path, "
                             "level, locked, created, version) VALUES (900, :r, 0, 'Portal of the emu', '', "
                             "'4rineu_portal', '4rineu', :p, 1, :locked, '2026-01-01', 1)"),
                     {"r": root.id, "p": f"{root.path}900/", "locked": False})
        conn.execute(sa.text("INSERT INTO article (id, module_id, title, content, created, version) VALUES "
                             "(5, 900, 'Birds', :c, '2026-01-02', 1)"),
                     {"c": json.dumps({"blocks": [{"text": "The ñandú runs"}], "entityMap": {}})})


def test_the_migration_backfills_and_env_reinstalls_the_triggers(tmp_path):
    """Items written before 0006 are found after it; a trigger lost (as a SQLite batch migration loses them) is
    back after the next upgrade."""
    from flask_migrate import upgrade

    from api import create_app
    from api.config import TestConfig
    from api.services import search as searching
    app = create_app(TestConfig, SQLALCHEMY_DATABASE_URI="sqlite:///" + str(tmp_path / "m.db"),
                     SQLALCHEMY_ENGINE_OPTIONS={}, INSTANCE_DIR=str(tmp_path))
    with app.app_context():
        try:
            upgrade(revision="0005")
            _rows_before_search()
            upgrade()
            from api.models import Module as M
            portal = _db.session.get(M, 900)
            q = searching.parse("nandu")
            assert q and _db.session.execute(sa.text(
                "SELECT d.kind, d.item_id FROM search_fts JOIN search_doc d ON d.id = search_fts.rowid "
                "WHERE search_fts MATCH :m"), {"m": fts5_match(q)}).all() == [("article", 5)]
            assert _db.session.execute(sa.text("SELECT kind FROM search_doc WHERE item_id = 900")).scalar() == "module"
            with _db.engine.begin() as conn:
                conn.execute(sa.text("DROP TRIGGER search_article_ins"))
            upgrade()
            names = set(_db.session.scalars(sa.text("SELECT name FROM sqlite_master WHERE type = 'trigger'")))
            assert "search_article_ins" in names and portal is not None
        finally:
            _db.session.remove()
            _db.engine.dispose()


@pytest.mark.skipif(not os.environ.get("TEST_DATABASE_URL"), reason="TEST_DATABASE_URL is not set")
def test_the_migration_backfills_on_postgresql(tmp_path):
    from flask_migrate import upgrade

    from api import create_app
    from api.config import TestConfig
    base, name = os.environ["TEST_DATABASE_URL"].rsplit("/", 1)
    fresh = name + "_backfill"
    admin = sa.create_engine(base + "/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{fresh}" WITH (FORCE)'))
        conn.execute(sa.text(f'CREATE DATABASE "{fresh}"'))
    admin.dispose()
    app = create_app(TestConfig, SQLALCHEMY_DATABASE_URI=f"{base}/{fresh}", SQLALCHEMY_ENGINE_OPTIONS={},
                     INSTANCE_DIR=str(tmp_path))
    with app.app_context():
        try:
            upgrade(revision="0005")
            _rows_before_search()
            upgrade()
            rows = _db.session.execute(sa.text(
                "SELECT kind, item_id FROM search_doc WHERE tsv @@ to_tsquery('portal_search', 'nandu') "
                "OR tsv @@ to_tsquery('portal_search', 'emu') ORDER BY kind")).all()
            assert rows == [("article", 5), ("module", 900)]
            # Migration 0011 gave the older document its title's words, and the trigger gives them to a new one.
            titled = "SELECT kind, item_id FROM search_doc WHERE title_tsv @@ to_tsquery('portal_search', :w)"
            assert _db.session.execute(sa.text(titled), {"w": "birds"}).all() == [("article", 5)]
            assert _db.session.execute(sa.text(titled), {"w": "nandu"}).all() == []  # in its text, not its title
            _db.session.execute(sa.text("UPDATE article SET title = 'Rheas' WHERE id = 5"))
            assert _db.session.execute(sa.text(titled), {"w": "rheas"}).all() == [("article", 5)]
        finally:
            _db.session.remove()
            _db.engine.dispose()


def test_the_author_filter_names_only_people_who_share_a_portal(client, h, su, token_for, make_user, two_portals):
    """Issue point 11: `author=<any id>` named everyone (the facet shows the filtered person, with 0 hits). Now a
    person of whom nothing is seen is named only to someone who shares a portal with them (their own id, to
    themselves; a superuser: anyone; a portal-bound token: that portal's people)."""
    w = two_portals
    stranger, b_only, both = make_user(name="Stella Stranger"), make_user(name="Bob Bee"), make_user(name="Bo Th")
    new_grant(w["B"].portal, b_only)
    new_grant(w["A"].portal, both)
    new_grant(w["B"].project, both)

    def named(headers, author, q="kiwi"):
        facet = find(client, headers, q, author=author.id)["facets"]["author"]
        return [(a["id"], a["name"], a["count"]) for a in facet if a["id"] == author.id]

    viewer = token_for(w["viewer"])  # a viewer of portal A's project P
    assert named(viewer, stranger) == [(stranger.id, None, 0)]
    assert named(viewer, b_only) == [(b_only.id, None, 0)]
    assert named(viewer, w["member_a"]) == [(w["member_a"].id, "Mem A", 0)]  # portal A, higher up
    assert named(viewer, w["viewer"]) == [(w["viewer"].id, "View P", 0)]
    assert named(token_for(w["outsider"]), b_only) == [(b_only.id, "Bob Bee", 0)]  # both in portal B
    assert named(token_for(both), b_only) == [(b_only.id, "Bob Bee", 0)]
    assert named(h, stranger) == [(stranger.id, "Stella Stranger", 0)]  # a superuser
    # Someone whose writing the user sees is named on it, and in the facet, wherever they are now.
    assert named(viewer, su) == [(su.id, "Sue Super", 1)]
    # A token bound to portal A names portal A's people only.
    r = client.post("/api/account/tokens", headers=token_for(both),
                    json={"name": "A only", "days": 30, "portalId": w["A"].portal.id})
    bound = {"Authorization": "Bearer " + r.get_json()["item"]["token"]}
    assert named(bound, b_only) == [(b_only.id, None, 0)]
    assert named(bound, w["member_a"]) == [(w["member_a"].id, "Mem A", 0)]
    r = client.post("/api/account/tokens", headers=token_for(su),
                    json={"name": "A only", "days": 30, "portalId": w["A"].portal.id})
    su_bound = {"Authorization": "Bearer " + r.get_json()["item"]["token"]}
    assert named(su_bound, b_only) == [(b_only.id, None, 0)]
    assert named(su_bound, w["member_a"]) == [(w["member_a"].id, "Mem A", 0)]


def test_the_author_filter_costs_no_query_more(client, tree, su, h, make_user, token_for, count_queries):
    """Naming the filter's person (or not) is part of the one query for names: with hits, a filter costs nothing
    more; without, that query is the only one more than a search that names nobody (as before)."""
    member, stranger = make_user(name="Member"), make_user(name="Stranger")
    new_grant(tree.project, member)
    _db.session.add(Comment(module_id=tree.task.id, content="newt", created_by_id=member.id))
    _db.session.commit()

    def measure(headers, q, **params):
        find(client, headers, q, **params)
        with count_queries() as n:
            find(client, headers, q, **params)
        return n.count

    for headers in (h, token_for(member)):
        assert measure(headers, "newt") == measure(headers, "newt", author=member.id)
        # (A search that matches nothing asks once more, for the nearest words: 'nothingatall' has none.)
        assert measure(headers, "newt", author=stranger.id) == measure(headers, "nothingatall")
        assert measure(headers, "newt", author=stranger.id) == measure(headers, "newt", author=member.id, kind="file")


def test_counts_beyond_the_cap_are_approximate_and_never_count_the_unseen(client, make_user, token_for):
    """1,200 matches: the total says 1,000 and that it is approximate, the facets count a sample; filters that
    leave 1,000 or fewer count exactly; someone of another portal gets only their own portal's matches, exactly."""
    tree, theirs = new_tree(), new_tree(name="Other portal")
    su, outsider = make_user(superuser=True), make_user(name="Outsider")
    new_grant(theirs.portal, outsider)
    _db.session.execute(sa.insert(Article), [{"module_id": tree.project.id, "title": f"Kestrel {i}",
                                              "content": "kestrel", "created_by_id": su.id} for i in range(1195)])
    for i in range(5):
        _db.session.add(Comment(module_id=theirs.project.id, content=f"a kestrel {i}", created_by_id=su.id))
    _db.session.commit()
    h, ho = token_for(su), token_for(outsider)
    body = find(client, h, "kestrel", perPage=20)
    assert body["meta"]["total"] == CAP and body["meta"]["totalIsApproximate"] is True
    assert sum(body["facets"]["kind"].values()) == CAP + 1 and len(body["list"]) == 20
    # Under a filter that leaves few, exact.
    few = find(client, h, "kestrel", kind="comment")
    assert few["meta"]["total"] == 5 and few["meta"]["totalIsApproximate"] is False and len(few["list"]) == 5
    # The outsider: their five comments, exactly, and nothing of the other portal in a facet.
    mine = find(client, ho, "kestrel", perPage=50)
    assert mine["meta"]["total"] == 5 and mine["meta"]["totalIsApproximate"] is False
    assert mine["facets"]["kind"] == {"comment": 5}
    assert [p["id"] for p in mine["facets"]["portal"]] == [theirs.portal.id]
    assert {x["portalId"] for x in mine["list"]} == {theirs.portal.id}
    assert find(client, ho, "kestrel", perKind=3)["facets"]["kind"] == {"comment": 5}


def test_rum_and_its_fallback_give_the_same_answers(client, tree, su, h, make_user, token_for, monkeypatch):
    """PostgreSQL: where the rum extension can be installed, install() makes the RUM indexes and a search reads the
    newest matches of each tier from them; without them (another PostgreSQL) the same statement sorts the matches,
    and every page, order and box answers the same. A member sees the same as before (rights in both)."""
    if _db.engine.dialect.name != "postgresql":
        pytest.skip("PostgreSQL's indexes")
    from api.services import search as searching
    available = _db.session.execute(sa.text("SELECT 1 FROM pg_available_extensions WHERE name = 'rum'")).first()
    assert searching._has_rum(str(_db.engine.url)) == bool(available)
    monkeypatch.setattr(searching, "RANKED", 4)
    monkeypatch.setattr(searching, "PER_KIND_RANKED", 2)
    other = new_module(tree.portal, "4rineu_project", "Elsewhere")
    _db.session.add(Article(module_id=tree.project.id, title="Storks of the marsh", content=draft(("unstyled", "a stork nest")),
                            created_by_id=su.id))
    for i in range(9):
        _db.session.add(Comment(module_id=(tree.project if i % 3 else other).id,
                                content=("storks " if i % 2 else "a stork nest ") * (1 + i % 3), created_by_id=su.id))
        _db.session.commit()
    member = make_user(name="Member")
    new_grant(tree.project, member)
    asks = [dict(q=q, perPage=pp, page=p, sort=sort) for q in ("stork", "stor", '"stork nest"')
            for sort in ("", "created", "-created") for pp, p in ((3, 1), (3, 2), (20, 1))]
    asks += [dict(q=q, perKind=2) for q in ("stork", "stor")]

    def answers():
        out = []
        for headers in (h, token_for(member)):
            for ask in asks:
                body = find(client, headers, **ask)
                out.append(([x["key"] for x in body["list"]], body["meta"]["total"]))
        return out

    with_rum = answers()
    monkeypatch.setattr(searching, "_has_rum", lambda url: False)
    assert answers() == with_rum
    assert any(keys for keys, _ in with_rum) and with_rum[0][1] == 10


def test_a_beginning_that_only_one_word_has_is_read_as_that_word(client, tree, su, h):
    """search.settled (PostgreSQL): the last word typed, a beginning, is searched as the one word the index holds
    that begins so; with several such words, as a beginning. The matches are the same either way."""
    from api.services import search as searching
    for n, text in enumerate(("The axolotl tank", "Axolotls breed in spring", "Salamandra notes")):
        _db.session.add(Article(module_id=tree.phase.id, title=f"Note {n}", content=text, created_by_id=su.id))
    _db.session.commit()
    titles = lambda q: sorted(x["title"] for x in find(client, h, q)["list"])  # noqa: E731
    assert titles("axolot") == ["Note 0", "Note 1"]
    assert titles("axolotls") == ["Note 1"]
    assert titles("salaman") == ["Note 2"]
    if _db.engine.dialect.name == "postgresql":
        assert not searching.settled(searching.parse("salaman"))[0][0].prefix
        assert searching.settled(searching.parse("salaman"))[0][0].words == ("salamandra",)
        assert searching.settled(searching.parse("axolot"))[0][0].prefix
