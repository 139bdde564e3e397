"""Search relevance over the demo (issue 41): a set of queries, each with the item that must come first or among
the first three; the top bar's box (perKind) shows an exact hit of any kind; typos and words being typed; counts
beyond CAP are tested in test_search.py. On SQLite and PostgreSQL."""
import pytest

from api.extensions import db as _db
from api.services import demo
from api.services import search as searching

from .conftest import claim_shared_data

pytestmark = pytest.mark.shared_data

# (query, kind, title (a comment's or value's text: its beginning), where: 1 = first, 3 = among the first three)
RELEVANCE = [
    ("prefabricate", "article", "Phase 0: what to survey", 1),
    ("measure twice", "article", "Phase 0: what to survey", 1),
    ("what to survey", "article", "Phase 0: what to survey", 1),
    ("prefabricated", "reference", "Prefabricated façade installation", 1),
    ("prefab", "reference", "Prefabricated façade installation", 3),
    ("heat pump", "reference", "Heat pump datasheet", 3),
    ("heat pump commissioning", "module", "Heat pump commissioning", 1),
    ("datasheet", "reference", "Heat pump datasheet", 1),
    ("energy audit summary", "file", "Energy audit summary (signed off)", 1),
    ("point cloud", "file", "Point cloud extract", 1),
    ("pointcloud", "file", "Point cloud extract", 1),
    ("logo sheet", "file", "Consortium logo sheet", 1),
    ("facade photo", "file", "Façade photo survey", 1),
    ("epbd", "reference", "EPBD recast 2024", 1),
    ("directive", "reference", "EPBD recast 2024", 1),
    ("time lapse", "reference", "Prefabricated façade installation", 1),
    ("survey drawings", "reference", "Survey drawings (shared drive)", 1),
    ("welcome", "comment", "Welcome to the consortium portal", 1),
    ("friday", "comment", "The façade supplier needs the survey drawings", 1),
    ("residents meeting", "comment", "Residents' meeting moved", 1),
    ("uploaded vault", "comment", "uploaded them to the vault", 1),
    ("scaffolding", "value", "Scaffolding on the north side", 1),
    ("tenants informed", "value", "Tenants informed by letter", 1),
    ("photovoltaics", "value", "Photovoltaics", 3),
    ("house style", "article", "Writing good deliverables", 1),
    ("deliverables", "article", "Writing good deliverables", 1),
    ("wood fibre insulation", "article", "Façade module specification", 1),
    ("geometry", "article", "Phase 0: what to survey", 1),
    ("lisbon social housing", "module", "Lisbon demo case – social housing block", 1),
    ("terraced", "module", "Madrid demo case – terraced houses", 1),
    ("oslo multifamily", "module", "Oslo demo case – multifamily building", 1),
    ("calibrated", "module", "Calibr Monitoring", 1),
    ("calibr", "module", "Calibr Monitoring", 1),
    ("consortium", "module", "4RinEU Consortium", 3),
    ("life cycle cost", "module", "Life-cycle cost analysis", 1),
    ("metering", "module", "Metering data import", 1),
    ("savings report", "module", "Savings report", 1),
    ("brussels", "module", "Office tower Brussels", 1),
]
# (typed, the word read instead, a title the first hit has)
TYPOS = [
    ("renovaton", "renovation", "renovation"),
    ("questionaire", "questionnaire", "Occupant questionnaire"),
    ("insulaton", "insulation", None),
    ("scafolding", "scaffolding", None),
]


@pytest.fixture(scope="module")
def seeded(app, request):
    claim_shared_data(request)
    demo.seed()
    _db.session.commit()
    client = app.test_client()
    r = client.post("/json/login", json={"username": "admin@demo.eu", "password": demo.PASSWORD})
    return client, {"Authorization": "Bearer " + r.get_json()["token"]}


def ask(client, headers, q, **params):
    r = client.get("/api/search", query_string={"q": q, **params}, headers=headers)
    assert r.status_code == 200, (q, r.get_json())
    return r.get_json()


def named(hit):
    """What the relevance set names a hit by: its title, else (a comment, a value) its text."""
    text = hit["title"] or hit["snippet"]
    return text.replace(searching.MARK, "").replace(searching.UNMARK, "")


@pytest.mark.parametrize("q, kind, title, within", RELEVANCE, ids=[r[0] for r in RELEVANCE])
def test_relevance(seeded, q, kind, title, within):
    client, h = seeded
    hits = ask(client, h, q, perPage=10)["list"]
    top = [(x["kind"], named(x)) for x in hits[:within]]
    assert any(k == kind and title in t for k, t in top), (q, [(x["kind"], named(x)) for x in hits])


def test_the_relevance_set_is_large_enough():
    assert len(RELEVANCE) >= 30


def test_the_box_shows_the_best_of_each_kind(seeded):
    """perKind: the three best of each kind, best first overall: 'prefabricate' shows its one exact article
    although a dozen items, values and references hold 'prefabricated'."""
    client, h = seeded
    body = ask(client, h, "prefabricate", perKind=3)
    kinds = [x["kind"] for x in body["list"]]
    assert body["list"][0]["kind"] == "article" and named(body["list"][0]) == "Phase 0: what to survey"
    assert all(kinds.count(k) <= 3 for k in kinds) and {"module", "reference", "value"} <= set(kinds)
    assert body["meta"]["total"] == sum(body["facets"]["kind"].values()) > len(body["list"])
    assert set(kinds) == set(body["facets"]["kind"])  # every kind with a hit is shown
    assert ask(client, h, "prefabricate", perKind=3, sort="created")["list"] == body["list"]  # by rank regardless
    for bad in (11, 0, "x"):
        r = client.get("/api/search", query_string={"q": "x", "perKind": bad}, headers=h)
        assert r.status_code == 400 and "perKind" in r.get_json()["errors"], r.get_json()


@pytest.mark.parametrize("typed, meant, title", TYPOS, ids=[t[0] for t in TYPOS])
def test_typos_are_read_as_the_nearest_word(seeded, typed, meant, title):
    client, h = seeded
    body = ask(client, h, typed)
    assert body["meta"]["correctedQuery"] == meant and body["meta"]["total"] > 0, body["meta"]
    assert all(meant in named(x).lower() or meant in x["snippet"].lower() for x in body["list"])
    if title:
        assert title.lower() in named(body["list"][0]).lower()
    # A word typed right is not corrected; nor is a word no one wrote anything near.
    assert "correctedQuery" not in ask(client, h, meant)["meta"]
    assert ask(client, h, "xylophonist")["meta"] == {"page": 1, "perPage": 50, "total": 0, "totalIsApproximate": False}


def test_a_word_being_typed_matches_as_a_beginning(seeded):
    client, h = seeded
    assert named(ask(client, h, "datash")["list"][0]) == "Heat pump datasheet"
    assert named(ask(client, h, "measure tw")["list"][0]) == "Phase 0: what to survey"


def test_typos_without_trigram_similarity(seeded, monkeypatch):
    """Where pg_trgm could not be installed, the candidates are the words sharing the first two letters (as on
    SQLite)."""
    from api.services import typos
    monkeypatch.setattr(typos, "_has_trigrams", lambda url: False)
    client, h = seeded
    assert ask(client, h, "renovaton")["meta"]["correctedQuery"] == "renovation"
    assert ask(client, h, "questionaire")["meta"]["correctedQuery"] == "questionnaire"


def test_distance():
    from api.services.typos import distance
    assert distance("renovaton", "renovation", 2) == 1
    assert distance("questionaire", "questionnaire", 2) == 1
    assert distance("hte", "the", 1) == 1  # a swap counts one
    assert distance("abcdef", "uvwxyz", 2) == 3  # beyond the limit: limit + 1
