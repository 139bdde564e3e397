"""The Redmine reader (services/imports/redmine.py) on the recorded consortium project, on altered answers (a
hostile or broken server) and over real HTTP to a small local server."""
import hashlib
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from api.services.imports import plan as ir
from api.services.imports import redmine

FIXTURES = "/work/shared/redmine/fixtures"
BASE = "http://127.0.0.1:3100"  # where the recording was made: attachment addresses name it
PROJECT = "renovation-consortium"
ISSUE = "GET /issues/{}.json?include=children,attachments,relations,journals,watchers"
JSON = "application/json; charset=utf-8"

pytestmark = pytest.mark.skipif(not os.path.exists(f"{FIXTURES}/index.json"), reason="no recorded Redmine")


def transport(**overrides):
    return redmine.FixtureTransport(FIXTURES, overrides)


def altered(key, change):
    """An override of a recorded JSON answer, changed by `change(data)`."""
    data = transport().body(key)
    change(data)
    return {key: (200, JSON, json.dumps(data).encode())}


def read(t=None, **kw):
    t = t or transport()
    return redmine.read(redmine.Client(BASE, "key", transport=t), PROJECT, **kw), t


def by_key(items):
    return {x["key"]: x for x in items}


@pytest.fixture(scope="module")
def recorded():
    plan, t = read()
    return plan, t


# --- the recorded project ----------------------------------------------------------------------------------------

def test_counts_of_everything(recorded):
    plan, t = recorded
    kinds = [m["key"].split(":")[0] for m in plan["modules"]]
    assert (kinds.count("project"), kinds.count("version"), kinds.count("issue")) == (5, 2, 10)
    assert len(plan["relations"]) == 5 and len(plan["comments"]) == 3 and len(plan["articles"]) == 5
    assert len(plan["files"]) == 5 and len(plan["time"]) == 11 and len(plan["people"]) == 6
    assert [f["key"] for f in plan["fields"]] == ["tracker", "cf:1", "cf:2", "cf:3"]
    json.dumps(plan)  # a plain, JSON-serialisable dict
    assert set(t.made) <= set(t.answers)  # only recorded requests were made


def test_tree_parents_first_and_placement(recorded):
    plan, __ = recorded
    seen = set()
    for m in plan["modules"]:
        assert m["parent"] is None or m["parent"] in seen, m["key"]
        seen.add(m["key"])
    mods = by_key(plan["modules"])
    assert mods["project:1"]["parent"] is None and mods["project:1"]["kind"] == "container"
    assert mods["project:5"]["parent"] == "project:4"  # three levels deep
    assert mods["issue:4"]["parent"] == "issue:3" and mods["issue:5"]["parent"] == "issue:4"
    assert mods["issue:10"]["parent"] == "issue:9" and mods["issue:8"]["parent"] == "project:4"
    top = mods["project:1"]["description"]
    assert top.startswith("Deep renovation") and "*" not in top  # Textile, as text


def test_issue_deliverables_values_and_authors(recorded):
    mods = by_key(recorded[0]["modules"])
    kickoff, survey, bug = mods["issue:1"], mods["issue:3"], mods["issue:10"]
    assert kickoff["deliverable"] == {"status": "COMPLETED", "owner": "u:5", "startDate": "2026-01-12",
                                      "deadline": "2026-01-14", "completionDate": "2026-11-28", "milestone": False}
    assert survey["deliverable"]["status"] == "IN_PROGRESS" and survey["deliverable"]["completionDate"] is None
    assert bug["deliverable"]["status"] == "BLOCKED"  # Feedback
    assert mods["issue:6"]["deliverable"]["status"] == "NOT_STARTED"
    assert survey["values"] == {"tracker": "Feature", "cf:1": "WP2 Survey", "cf:2": 52000.0, "cf:3": "2026-06-30"}
    assert kickoff["author"] == "u:5" and kickoff["kind"] == "item" and kickoff["type"] is None
    assert kickoff["description"].splitlines()[:2] == ["Agenda", "Welcome"]  # Textile, as text


def test_versions_are_milestones_under_their_project(recorded):
    mods = by_key(recorded[0]["modules"])
    freeze = mods["version:1"]
    assert freeze["parent"] == "project:1" and freeze["kind"] == "item" and freeze["name"] == "M12 Design freeze"
    assert freeze["deliverable"]["milestone"] is True and freeze["deliverable"]["deadline"] == "2026-12-31"
    assert freeze["description"] == "Milestone MS2"


def test_fields(recorded):
    fields = by_key(recorded[0]["fields"])
    assert fields["tracker"]["options"] == ["Bug", "Feature", "Support"]
    assert fields["cf:1"] == {"key": "cf:1", "label": "Work package", "type": "PICKLIST", "multiple": False,
                              "options": ["WP1 Management", "WP2 Survey", "WP3 Design", "WP4 Pilots"]}
    assert (fields["cf:2"]["type"], fields["cf:3"]["type"]) == ("NUMERIC", "DATE")


def test_relations_each_once(recorded):
    rels = {(r["from"], r["to"], r["kind"], r["lag"]) for r in recorded[0]["relations"]}
    assert len(rels) == len(recorded[0]["relations"]) == 5  # #3 precedes #8 is on both issues: once
    assert rels == {("issue:3", "issue:8", "FS", 2), ("issue:8", "issue:9", "FS", 0), ("issue:4", "issue:7", "FS", 5),
                    ("issue:7", "issue:8", "BLOCKS", 0), ("issue:2", "issue:3", "RELATES", 0)}


def test_comments_from_notes_only(recorded):
    comments = by_key(recorded[0]["comments"])
    assert set(comments) == {"journal:6", "journal:7", "journal:8"}  # the others only changed fields
    survey = comments["journal:6"]
    assert survey["module"] == "issue:3" and survey["author"] == "u:6" and survey["created"].startswith("2026-11-28")
    blocks = json.loads(survey["content"])["blocks"]
    assert [b["type"] for b in blocks] == ["unstyled", "unordered-list-item", "unordered-list-item"]


def test_wiki_tree_and_textile(recorded):
    arts = by_key(recorded[0]["articles"])
    assert arts["wiki:1:Wiki"]["parent"] is None and arts["wiki:1:Methodology"]["parent"] == "wiki:1:Wiki"
    assert arts["wiki:1:Phase_0_survey"]["parent"] == "wiki:1:Methodology"
    assert arts["wiki:1:Survey_checklist"]["parent"] == "wiki:1:Phase_0_survey"
    assert arts["wiki:1:Phase_0_survey"]["title"] == "Phase 0 survey"
    assert arts["wiki:1:Meeting_notes"]["author"] == "u:9"
    order = [a["key"] for a in recorded[0]["articles"]]
    assert all(order.index(a["parent"]) < order.index(a["key"]) for a in arts.values() if a["parent"])
    raw = json.loads(arts["wiki:1:Methodology"]["content"])
    assert raw["blocks"][0] == {"key": raw["blocks"][0]["key"], "text": "Methodology", "type": "header-one",
                                "depth": 0, "inlineStyleRanges": [], "entityRanges": [], "data": {}}
    assert [b["depth"] for b in raw["blocks"] if b["type"] == "unordered-list-item"] == [0, 0, 1, 0]
    checklist = json.loads(arts["wiki:1:Survey_checklist"]["content"])
    assert checklist["blocks"][1]["text"] == "Envelope | Laser scanner"
    assert checklist["entityMap"]["0"]["data"]["url"] == "https://example.org"


def test_files_where_they_belong(recorded):
    files = by_key(recorded[0]["files"])
    assert {k: f["module"] for k, f in files.items()} == {
        "attachment:1": "issue:3", "attachment:2": "issue:8", "attachment:3": "project:1",
        "attachment:4": "version:1", "attachment:5": "project:1"}  # a version's file, a wiki page's file
    assert files["attachment:1"]["fetch"] == {"path": "/attachments/download/1/buildings.csv"}
    assert files["attachment:2"]["mime"] == "image/png" and files["attachment:2"]["size"] == 70


def test_fetcher_streams_the_recorded_bytes(recorded):
    files = by_key(recorded[0]["files"])
    fetch = redmine.fetcher(redmine.Client(BASE, "key", transport=transport()))
    with fetch(files["attachment:3"]) as stream:
        data = stream.read()
    assert data.startswith(b"Grant agreement summary") and len(data) == files["attachment:3"]["size"]
    assert hashlib.sha256(data).hexdigest() == files["attachment:3"]["sha256"]
    with pytest.raises(ir.Invalid):
        fetch({"filename": "x", "fetch": {"path": "/users/1.json"}})


def test_time_entries(recorded):
    time = by_key(recorded[0]["time"])
    assert time["time:1"] == {"key": "time:1", "module": "issue:2", "person": "u:5", "date": "2026-01-26",
                              "minutes": 270, "activity": "Design", "note": "Work on Data management plan (D1.1)"}
    assert time["time:6"]["minutes"] == 135 and time["time:11"]["module"] == "project:1"  # no issue: its project


def test_people_and_members(recorded):
    plan = recorded[0]
    assert plan["people"]["u:8"] == {"email": "pablo.garcia@consortium.test", "name": "Pablo García",
                                     "login": "pablo"}
    assert "api_key" not in json.dumps(plan) and "passw" not in json.dumps(plan).lower()
    for key, key_hex in (("u:5", "e4cfad7f999d"), ("u:10", "ad8bc98cdc6a")):
        assert key_hex not in json.dumps(plan)  # the users' API keys Redmine shows an admin
    mods = by_key(plan["modules"])
    top = {m["person"]: m for m in mods["project:1"]["members"]}
    assert len(top) == 6 and top["u:5"]["admin"] and top["u:5"]["role"] == "Manager"
    assert top["u:6"] == {"person": "u:6", "role": "Developer", "admin": False, "create": True, "edit": True,
                          "delete": False}
    assert not top["u:9"]["edit"] and top["u:9"]["create"]  # a reporter
    assert mods["project:2"]["members"] == []  # inherited roles: the top module's membership covers them
    assert [m["person"] for m in mods["project:4"]["members"]] == ["u:7", "u:10"]
    assert any("Member restriction" in s["what"] for s in plan["skipped"])


def test_probe():
    answer = redmine.probe(redmine.Client(BASE, "key", transport=transport()), PROJECT)
    assert answer["project"] == {"name": "Renovation consortium", "identifier": PROJECT}
    assert answer["counts"] == {"projects": 5, "issues": 10}
    statuses = {s["name"]: s["status"] for s in answer["statuses"]}
    assert statuses == {"New": "NOT_STARTED", "In Progress": "IN_PROGRESS", "Resolved": "COMPLETED",
                        "Feedback": "BLOCKED", "Closed": "COMPLETED", "Rejected": "COMPLETED"}
    assert [t["name"] for t in answer["trackers"]] == ["Bug", "Feature", "Support"]


# --- options ---------------------------------------------------------------------------------------------------

def test_status_mapping_given():
    plan, __ = read(statuses={"2": "BLOCKED", "5": "VERIFIED_COMPLETE"})
    mods = by_key(plan["modules"])
    assert mods["issue:3"]["deliverable"]["status"] == "BLOCKED"
    assert mods["issue:1"]["deliverable"]["status"] == "VERIFIED_COMPLETE"
    assert mods["issue:1"]["deliverable"]["completionDate"] == "2026-11-28"
    assert mods["issue:10"]["deliverable"]["status"] == "BLOCKED"  # not given: the default
    with pytest.raises(ir.Invalid):
        read(statuses={"2": "DONE"})


def test_no_tracker_field():
    plan, __ = read(tracker="none")
    assert "tracker" not in {f["key"] for f in plan["fields"]}
    assert all("tracker" not in m["values"] for m in plan["modules"])


def test_progress_and_cancel():
    calls = []
    read(progress=lambda done, total: calls.append((done, total)))
    assert calls == [(n, 10) for n in range(1, 11)]
    with pytest.raises(ir.Cancelled):
        read(cancelled=lambda: True)
    with pytest.raises(ir.Cancelled):
        read(progress=lambda done, total: calls.append(done), cancelled=lambda: len(calls) >= 13)


# --- odd and hostile answers ---------------------------------------------------------------------------------------

def test_attachment_elsewhere_is_skipped():
    def elsewhere(data):
        data["issue"]["attachments"][0]["content_url"] = "http://evil.test/attachments/download/1/buildings.csv"
    t = transport(**altered(ISSUE.format(3), elsewhere), **altered(ISSUE.format(8), lambda d: d["issue"][
        "attachments"][0].update(content_url=f"{BASE}/users/1.json")))
    plan, __ = read(t)
    assert {f["key"] for f in plan["files"]} == {"attachment:3", "attachment:4", "attachment:5"}
    assert {"what": "File 'buildings.csv'", "reason": "its download address is not on the Redmine server"} \
        in plan["skipped"]
    assert any(s["what"] == "File 'module-sketch.png'" for s in plan["skipped"])
    assert not [r for r in t.made if "evil" in r or "/users/1.json" in r]


def test_relations_not_mapped_and_issues_outside():
    def more(data):
        data["issue"]["relations"] = [
            {"id": 90, "issue_id": 1, "issue_to_id": 2, "relation_type": "duplicates", "delay": None},
            {"id": 91, "issue_id": 1, "issue_to_id": 999, "relation_type": "precedes", "delay": 1},
            {"id": 92, "issue_id": 1, "issue_to_id": 2, "relation_type": "copied_to", "delay": None}]
        data["issue"]["journals"] = [{"id": 99, "user": {"id": 5, "name": "Maria Keller"}, "notes": "Secret",
                                      "created_on": "2026-11-28T04:47:28Z", "private_notes": True}]

    def stranger(data):
        data["issues"].append(dict(data["issues"][0], id=500, project={"id": 99, "name": "Elsewhere"}))
        data["issues"][5]["parent"] = {"id": 777}  # issue #6's parent is not readable

    key = "GET /issues.json?project_id=renovation-consortium&subproject_id=*&status_id=*&sort=id&limit=25&offset=0"
    plan, t = read(transport(**altered(ISSUE.format(1), more), **altered(key, stranger)))
    reasons = {s["what"]: s["reason"] for s in plan["skipped"]}
    assert reasons["Relation 'duplicates' of issues #1 and #2"] == "duplicates and copies have no counterpart here"
    assert reasons["Relation 'copied_to' of issues #1 and #2"] == "duplicates and copies have no counterpart here"
    assert reasons["Relation 'precedes' of issues #1 and #999"] == "issue #999 is not imported"
    assert reasons["Issue #500 'Kick-off meeting in Bolzano'"] == "its project is not imported"
    assert reasons["Private note #99 on issue #1"] == "private notes are not imported"
    assert by_key(plan["modules"])["issue:6"]["parent"] == "project:3" and "Parent of issue #6" in reasons
    assert len(plan["relations"]) == 5 and ISSUE.format(500) not in t.made


def test_refused_sections_are_skipped_not_fatal():
    wiki = "GET /projects/renovation-consortium/wiki/index.json"
    cfs, user = "GET /custom_fields.json", "GET /users/8.json?include=memberships,groups"
    t = transport(**{wiki: (403, JSON, b"{}"), cfs: (403, JSON, b"{}"), user: (404, JSON, b"{}")})
    plan, __ = read(t)
    assert plan["articles"] == [] and any(s["what"].startswith("Wiki of project") for s in plan["skipped"])
    fields = by_key(plan["fields"])  # no admin key: fields from the values issues carry, as text
    assert fields["cf:1"]["type"] == "TEXT" and fields["cf:1"]["label"] == "Work package"
    assert plan["people"]["u:8"] == {"email": None, "name": "Pablo García", "login": None}


@pytest.mark.parametrize("status,words", [(401, "The API key was refused"), (403, "The API key was refused"),
                                          (500, "answered 500"), (302, "redirects are not followed")])
def test_non_200_answers(status, words):
    t = transport(**{"GET /issue_statuses.json": (status, "text/html", b"<html>no</html>")})
    with pytest.raises(ir.Unreachable, match=words):
        read(t)


def test_a_failing_issue_stops_the_read():
    with pytest.raises(ir.Unreachable, match="500"):
        read(transport(**{ISSUE.format(5): (500, "text/plain", b"oops")}))


def test_oversize_json_and_file():
    client = redmine.Client(BASE, "key", transport=transport(), max_json_bytes=1000)
    with pytest.raises(ir.Unreachable, match="larger than the limit"):
        redmine.read(client, PROJECT)
    small = redmine.Client(BASE, "key", transport=transport(), max_file_bytes=20)
    plan = redmine.read(small, PROJECT)
    assert {f["key"] for f in plan["files"]} == {"attachment:5"}  # the others say they are larger: skipped
    with pytest.raises(ir.Unreachable, match="larger than the limit"):  # one that lies about its size
        redmine.fetcher(small)({"fetch": {"path": "/attachments/download/1/buildings.csv"}}).read()


def test_malformed_and_unknown():
    with pytest.raises(ir.Unreachable, match="not JSON"):
        read(transport(**{"GET /trackers.json": (200, JSON, b"<html>")}))
    with pytest.raises(ir.Unreachable, match="expected form"):
        read(transport(**{"GET /trackers.json": (200, JSON, b'{"trackers": 3}')}))
    with pytest.raises(LookupError):  # a request the recorder did not make
        redmine.read(redmine.Client(BASE, "key", transport=transport()), "rc-wp2-survey")
    with pytest.raises(ir.Invalid):
        redmine.read(redmine.Client(BASE, "key", transport=transport()), "nope")
    with pytest.raises(ir.Invalid):
        redmine.read(redmine.Client(BASE, "key", transport=transport()), "../x")


def test_addresses():
    assert redmine.source_of("HTTPS://Redmine.Example.org:443/redmine/") == \
        "redmine:https://redmine.example.org/redmine"
    assert redmine.source_of("http://r.test:3000") == "redmine:http://r.test:3000"
    for bad in ("ftp://r.test", "https://user:pw@r.test", "r.test", "", "http://r.test:99999"):
        with pytest.raises(ir.Invalid):
            redmine.Client(bad, "k")
    c = redmine.Client("https://r.test/redmine", "k")
    assert c.download_path("https://r.test/redmine/attachments/download/3/a.txt") == "/attachments/download/3/a.txt"
    for elsewhere in ("http://r.test/redmine/attachments/download/3/a.txt", "https://r.test:8443/redmine/attachments/"
                      "download/3/a.txt", "https://r.test/attachments/download/3/a.txt", "https://x.test/redmine/"
                      "attachments/download/3/a.txt", "https://r.test/redmine/attachments/download/3/../../x",
                      "https://u:p@r.test/redmine/attachments/download/3/a.txt", None):
        assert c.download_path(elsewhere) is None, elsewhere
    assert "k" not in repr(c)


# --- real HTTP ---------------------------------------------------------------------------------------------------

class _Redmine(BaseHTTPRequestHandler):
    seen = []

    def log_message(self, *args):
        pass

    def do_GET(self):
        _Redmine.seen.append((self.path, self.headers.get("X-Redmine-API-Key")))
        if self.headers.get("X-Redmine-API-Key") != "secret":
            return self._send(401, b"{}")
        if self.path == "/redmine/users/current.json":
            return self._send(200, b'{"user": {"id": 1}}')
        if self.path == "/redmine/issue_statuses.json":
            self.send_response(302)
            self.send_header("Location", "http://evil.test/")
            self.send_header("Content-Length", "0")
            return self.end_headers()
        if self.path == "/redmine/trackers.json":
            return self._send(200, b'{"trackers": [' + b'{"id": 1, "name": "x"},' * 100 + b'{"id": 2}]}')
        if self.path == "/redmine/attachments/download/1/big.bin":
            return self._send(200, b"x" * 200_000, "application/octet-stream")
        return self._send(404, b"{}")

    def _send(self, status, body, ctype="application/json"):
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture
def server():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Redmine)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    _Redmine.seen = []
    yield f"http://127.0.0.1:{httpd.server_address[1]}/redmine"
    httpd.shutdown()
    httpd.server_close()


def test_http_key_redirects_and_limits(server):
    client = redmine.Client(server, "secret", max_json_bytes=1000, max_file_bytes=100_000)
    assert client.get_json("/users/current.json") == {"user": {"id": 1}}
    assert _Redmine.seen == [("/redmine/users/current.json", "secret")]
    with pytest.raises(ir.Unreachable, match="redirects are not followed"):
        client.get_json("/issue_statuses.json")
    with pytest.raises(ir.Unreachable, match="larger than the limit of"):
        client.get_json("/trackers.json")
    stream = client.open("/attachments/download/1/big.bin")
    assert len(stream.read(50_000)) == 50_000
    with pytest.raises(ir.Unreachable, match="larger than the limit of"):
        stream.read()
    with pytest.raises(ir.Unreachable, match="404"):
        client.get_json("/nothing.json")
    with pytest.raises(ir.Unreachable, match="The API key was refused"):
        redmine.Client(server, "wrong").get_json("/users/current.json")


def test_http_private_address_refused(server, app, monkeypatch):
    monkeypatch.setitem(app.config, "WEBHOOK_ALLOW_NETWORKS", [])
    client = redmine.Client(server, "secret", allow_private=False)
    with pytest.raises(ir.Unreachable, match="private, loopback or otherwise reserved address"):
        redmine.probe(client, PROJECT)
    assert _Redmine.seen == []  # refused before connecting: the key went nowhere
    monkeypatch.setitem(app.config, "WEBHOOK_ALLOW_NETWORKS", ["127.0.0.0/8"])  # a sysadmin's allowance
    assert redmine.Client(server, "secret", allow_private=False).get_json("/users/current.json")["user"]["id"] == 1


def test_http_no_server():
    with pytest.raises(ir.Unreachable, match="did not answer"):
        redmine.Client("http://127.0.0.1:9", "k", timeout=2).get_json("/users/current.json")
    with pytest.raises(ir.Unreachable, match="does not resolve"):
        redmine.Client("http://no-such-host.invalid", "k").get_json("/users/current.json")
