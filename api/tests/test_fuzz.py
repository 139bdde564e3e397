"""Schemathesis over /api/openapi.json, in process (the Flask app as a WSGI callable), with every check on
(server errors, status codes, content types, response schemas and headers, positive and negative data, auth,
unsupported methods and their Allow header, use after free, resource availability).

It signs in as the demo's superuser and as its viewer (viktor@demo.eu, Reviewer of the consortium portal),
after seeding the demo into the test database, and sends the path ids of real demo objects that belong
together (TARGETS), so requests reach real modules, articles, files... and not only 404s. Each deleting
operation has an object of its own, so it does not take away what the other operations work on. Form
tokens (`_token`) are signed for the request's form, so form submissions get past the token check.

Bounded for the suite (deterministic; FUZZ_EXAMPLES=6 generated examples per operation and mode, the coverage
phase as the superuser on one body method per path, see COVERAGE): about 5.5 minutes on SQLite on a slow 2-core
machine, two thirds of it the coverage phase (1.8 minutes with FUZZ_COVERAGE=none, which scripts/test.sh gives
the PostgreSQL run when both databases run side by side).
scripts/fuzz.sh (make fuzz) runs it longer. /json/logout is not excluded: it gets a fresh token each time.
"""
import contextvars
import json
import os
import re
from types import SimpleNamespace

import pytest
import sqlalchemy as sa

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402
from hypothesis.errors import HypothesisDeprecationWarning  # noqa: E402

from api.extensions import db as _db  # noqa: E402
from api.forms import make_token  # noqa: E402
from api.models import (Article, CloneConfig, CustomField, CustomValue, Deliverable, FileVersion,  # noqa: E402
                        Membership, Metric, Module, Reference, Report, User, VaultFile)
from api.services import demo  # noqa: E402
from api.tests.conftest import reset_database  # noqa: E402

# schemathesis' own strategies use `random` (a deprecation hypothesis warns about; nothing of ours).
pytestmark = pytest.mark.filterwarnings("ignore", category=HypothesisDeprecationWarning)

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "6"))
SEED = int(os.environ.get("FUZZ_SEED", "20260101"))
ONLY = os.environ.get("FUZZ_OPERATIONS")  # an operationId regex, e.g. '^module\\.'
# The coverage phase (boundary values, missing headers, unlisted methods and their Allow header...): on every
# operation ("all"); on every operation but with one body method per path ("views": POST, PUT and PATCH on a path
# reach the same view, and a form body makes a hundred cases or more); only on operations without a body
# ("bodyless"); or not at all ("none"). The suite runs "views" as the superuser and "none" as the viewer (what
# the phase checks hardly depends on who asks, and the viewer's submissions all end at the same 403);
# scripts/fuzz.sh runs "all" for both.
COVERAGE = os.environ.get("FUZZ_COVERAGE")
DEFAULT_COVERAGE = {"superuser": "views", "viewer": "none"}
IDENTITIES = {"superuser": "admin@demo.eu", "viewer": "viktor@demo.eu"}


def _png():
    import io

    from PIL import Image
    out = io.BytesIO()
    Image.new("RGB", (40, 20), (10, 120, 80)).save(out, "PNG")
    return out.getvalue()


def _one(stmt):
    value = _db.session.scalar(stmt)
    assert value is not None, str(stmt)
    return value


def _module(name_like):
    return _one(sa.select(Module.id).where(Module.name.like(name_like)).order_by(Module.id))


def _headers(client, email):
    r = client.post("/json/login", json={"username": email, "password": demo.PASSWORD})
    assert r.status_code == 200, r.get_json()
    return {"Authorization": "Bearer " + r.get_json()["token"]}


def _extras(client, admin, ids):
    """What the demo lacks for the fuzzer: a logo, an earlier file version, comments of each identity and
    objects that only the deleting operations use."""
    h = _headers(client, "admin@demo.eu")
    import io

    def post(url, data=None, method="POST", token=True, **kw):
        data = dict(data or {})
        if token:
            data["_token"] = make_token(admin.id, url)
        r = client.open(url, method=method, headers=h, data=data, **kw)
        assert r.status_code == 200, (url, r.status_code, r.get_json())
        return r.get_json()

    post(f"/api/brand/save-logo/{ids.portal}", {"logo": (io.BytesIO(_png()), "logo.png")}, token=False)
    post(f"/api/vault/edit/{ids.lisbon}/{ids.file}", {"title": "Monthly energy use 2026",
                                                     "file": (io.BytesIO(b"month,kwh\n"), "energy.csv")},
         content_type="multipart/form-data")
    ids.template_spare = post(f"/api/clone-config/add/{ids.template_project}", {"name": "Spare template"})["item"]["id"]
    ids.field_spare = post(f"/api/custom-field/add/{ids.portal}", {"label": "Spare field", "type": "TEXT"})["item"]["id"]
    ids.reference_spare = post(f"/api/reference/add/{ids.lisbon}", {
        "title": "Spare", "url": "https://example.org/spare", "resourceType": "LINK"})["item"]["id"]
    post(f"/api/module/lock/{ids.locked}", method="PATCH", token=False)
    for email in IDENTITIES.values():
        hh = _headers(client, email)
        for what in ("edit", "delete"):
            r = client.post(f"/api/comment/add/{ids.portal}", headers=hh, data={"content": f"Fuzz {what}"})
            assert r.status_code == 200, r.get_json()
            setattr(ids, f"comment_{what}_{email.split('@')[0]}", r.get_json()["item"]["id"])


def _ids(client):
    """Ids of the demo objects the operations work on."""
    admin = _db.session.scalar(sa.select(User).where(User.email == "admin@demo.eu"))
    ids = SimpleNamespace()
    ids.portal = _module("4RinEU Consortium")
    ids.lisbon = _module("Lisbon demo case%")
    ids.oslo = _module("Oslo demo case%")
    ids.madrid = _module("Madrid demo case%")
    ids.template_project = _module("Renovation methodology template")
    phases = _db.session.scalars(sa.select(Module.id).where(Module.parent_id == ids.lisbon).order_by(Module.idx)).all()
    ids.phase, ids.phase_previous = phases[1], phases[0]
    subtasks = _db.session.scalars(sa.select(Module.id).where(Module.type == "4rineu_subtask",
                                                              Module.path.like(f"%/{ids.madrid}/%"))
                                   .order_by(Module.id)).all()
    ids.doomed = subtasks[:3]  # one for each method of module.delete
    ids.lockable = phases[2]
    ids.locked = phases[3]
    ids.article = _one(sa.select(Article.id).where(Article.title == "The 4RinEU renovation methodology"))
    ids.article_spare = _one(sa.select(Article.id).where(Article.title == "Writing good deliverables"))
    ids.budget = _one(sa.select(CustomField.id).where(CustomField.module_id == ids.portal,
                                                      CustomField.attribute == "budget"))
    ids.energy_class = _one(sa.select(CustomField.id).where(CustomField.attribute == "energy_class"))
    ids.value = _one(sa.select(CustomValue.id).where(CustomValue.module_id == ids.lisbon,
                                                     CustomValue.field_id == ids.budget))
    floor = _one(sa.select(CustomField.id).where(CustomField.attribute == "floor_area"))
    ids.value_spare = _one(sa.select(CustomValue.id).where(CustomValue.module_id == ids.lisbon,
                                                           CustomValue.field_id == floor))
    ids.deliverable = _one(sa.select(Deliverable.id).where(Deliverable.module_id == ids.lisbon))
    elena = _one(sa.select(User.id).where(User.email == "elena@demo.eu"))
    marco = _one(sa.select(User.id).where(User.email == "marco@demo.eu"))
    ids.membership = _one(sa.select(Membership.id).where(Membership.module_id == ids.oslo, Membership.user_id == elena))
    ids.membership_spare = _one(sa.select(Membership.id).where(Membership.module_id == ids.madrid,
                                                               Membership.user_id == marco))
    ids.template = _one(sa.select(CloneConfig.id).where(CloneConfig.module_id == ids.template_project))
    ids.file = _one(sa.select(VaultFile.id).where(VaultFile.filename == "energy-use-2026.csv"))
    ids.file_spare = _one(sa.select(VaultFile.id).where(VaultFile.filename == "logo-sheet.svg"))
    ids.reference = _one(sa.select(Reference.id).where(Reference.title.like("Survey drawings%")))
    ids.report = _one(sa.select(Report.id).where(Report.module_id == ids.portal))
    metrics = _db.session.scalars(sa.select(Metric.id).where(Metric.report_id == ids.report).order_by(Metric.id)).all()
    ids.metric, ids.metric_spare = metrics[0], metrics[-1]
    ids.sofia = _one(sa.select(User.id).where(User.email == "sofia@demo.eu"))
    ids.root = _one(sa.select(Module.parent_id).where(Module.id == ids.portal))
    _db.session.commit()
    _extras(client, admin, ids)
    ids.version = _one(sa.select(FileVersion.id).where(FileVersion.file_id == ids.file))
    ids.brand = _one(sa.text("SELECT id FROM brand WHERE module_id = :m").bindparams(m=ids.portal))
    _db.session.commit()
    return ids


def _targets(ids, who):
    """Path parameters by name, then per endpoint group ("article.") and per endpoint ("article.delete")."""
    me = who.split("@")[0]
    defaults = {"module_id": ids.lisbon, "type_": "4rineu_project", "user_id": ids.sofia, "brand_id": ids.brand,
                "article_id": ids.article, "comment_id": getattr(ids, f"comment_edit_{me}"),
                "field_id": ids.budget, "value_id": ids.value, "deliverable_id": ids.deliverable,
                "membership_id": ids.membership, "template_id": ids.template, "file_id": ids.file,
                "version_id": ids.version, "ref_id": ids.reference, "report_id": ids.report,
                "metric_id": ids.metric, "previous_id": ids.phase_previous, "attribute": "budget"}
    portal = {"module_id": ids.portal}
    template = {"module_id": ids.template_project}
    groups = {"article": portal, "brand": portal, "comment": portal, "custom_field_def": portal, "feed": portal,
              "invitation": portal, "meta": portal, "report": portal, "clone": template, "clone_config": template,
              "imports": portal}
    endpoints = {
        "article.delete": {**portal, "article_id": ids.article_spare},
        "comment.delete": {**portal, "comment_id": getattr(ids, f"comment_delete_{me}")},
        "clone_config.delete": {**template, "template_id": ids.template_spare},
        "custom_field.value_add": {"field_id": ids.energy_class},
        "custom_field.value_add_form": {"field_id": ids.energy_class},
        "custom_field.value_delete": {"value_id": ids.value_spare},
        "custom_field_def.delete": {**portal, "field_id": ids.field_spare},
        "deliverable.add": template, "deliverable.add_form": template,
        "membership.edit": {"module_id": ids.oslo}, "membership.edit_form": {"module_id": ids.oslo},
        "membership.delete": {"module_id": ids.madrid, "membership_id": ids.membership_spare},
        "module.view": portal, "module.list_": portal, "module.add": portal, "module.add_form": portal,
        "module.add_templates": portal,
        "module.detailed_list_by_type": {**portal, "type_": "4rineu_task"},
        "module.reindex": {"module_id": ids.phase},
        "module.lock": {"module_id": ids.lockable}, "module.unlock": {"module_id": ids.locked},
        "reference.delete_ref": {"ref_id": ids.reference_spare},
        "report.metric_delete": {**portal, "metric_id": ids.metric_spare},
        "vault.delete": {**portal, "file_id": ids.file_spare},
        "imports.archive_import": {"module_id": ids.root},
    }

    def params(operation_id):
        endpoint, method = operation_id.rsplit(".", 1)
        out = {**defaults, **groups.get(endpoint.split(".")[0], {}), **endpoints.get(endpoint, {})}
        if endpoint == "module.delete":  # each method deletes a module of its own
            out["module_id"] = ids.doomed[["delete", "get", "post"].index(method)]
        return out
    return params


# Statuses the data checks accept besides their defaults.
# - Schema-valid data may still be refused with 422 or 423: a JSON Schema cannot say which ids are among a form's
#   run-time options (owners, members, parents, attributes), that an article's content is a draft-js document, an
#   upload an image, a URL http(s), two passwords equal, a token genuine and unexpired, or that the object is
#   locked (the demo has locked ones, and the fuzzer locks more).
# - 400: the request guard refuses text no column can store, a NUL character or a lone surrogate, which JSON
#   Schema strings (and JSON's \\u escapes) allow.
POSITIVE_ALSO = ["400", "422", "423"]


def _config(app, ids, who, only=None, coverage="all"):
    from api.blueprints.openapi.routes import build_spec
    params = _targets(ids, who)
    operations = []
    for ops in build_spec(app)["paths"].values():
        # POST, PUT and PATCH on one path reach the same view (the method override): "views" covers one of them.
        covered_body = next((op["operationId"] for op in ops.values() if "requestBody" in op), None)
        for op in ops.values():
            entry = {"include-operation-id": op["operationId"],
                     "parameters": {f"path.{k}": v for k, v in params(op["operationId"]).items()}}
            if only and not re.search(only, op["operationId"]):
                entry["enabled"] = False
            if "requestBody" in op and (coverage == "bodyless" or (
                    coverage == "views" and op["operationId"] != covered_body)):
                entry["phases"] = {"coverage": {"enabled": False}}
            if op["operationId"] == "health.health.get":
                # The test database is made by create_all, not by the migrations: health rightly answers 503.
                entry["checks"] = {"not_a_server_error": {"expected-statuses": ["2xx", "3xx", "4xx", "503"]}}
            operations.append(entry)
    return schemathesis.Config.from_dict({
        "seed": SEED,
        # Unknown query parameters are ignored, as everywhere on the web: drawing them proves nothing.
        "generation": {"max-examples": EXAMPLES, "deterministic": True, "database": "none",
                       "allow-extra-parameters": False},
        "checks": {"positive_data_acceptance": {"expected-statuses": [
            "2xx", "3xx", "401", "403", "404", "409", "429", "5xx", *POSITIVE_ALSO]}},
        "phases": {"coverage": {"enabled": coverage != "none"}},
        "operations": operations,
    })


class _Isolated:
    """Each request in a context of its own, as under gunicorn (a fresh app context and database session)."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        return contextvars.Context().run(self.app, environ, start_response)


_STATE = {}


def _sign_form_token(context, case, kwargs):
    """A `_token` drawn as a string is replaced by the one the form's GET answer would carry."""
    user_id = _STATE.get("user_id")
    if user_id is not None and isinstance(case.body, dict) and isinstance(case.body.get("_token"), str):
        case.body["_token"] = make_token(user_id, case.formatted_path)


@pytest.fixture(params=list(IDENTITIES), ids=list(IDENTITIES))
def fuzz(request, app, client):
    reset_database()
    demo.seed()
    _db.session.commit()
    ids = _ids(client)
    who = IDENTITIES[request.param]
    user = _db.session.scalar(sa.select(User).where(User.email == who))
    _STATE["user_id"] = user.id
    _db.session.commit()
    hook = schemathesis.hook("before_call")(_sign_form_token)
    try:
        yield SimpleNamespace(ids=ids, who=who, coverage=COVERAGE or DEFAULT_COVERAGE[request.param], token=_headers(client, who)["Authorization"], client=client)
    finally:
        schemathesis.hooks.GLOBAL_HOOK_DISPATCHER.unregister(hook)
        _STATE.clear()


@pytest.fixture
def fuzz_schema(request, app, fuzz):
    # schemathesis 4.32 renames the running item through `_nodeid`, which pytest 9 items no longer have.
    if not hasattr(request.node, "_nodeid"):
        request.node._nodeid = request.node.nodeid
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", _Isolated(app),
                                            config=_config(app, fuzz.ids, fuzz.who, ONLY, fuzz.coverage))

    @schema.auth(refresh_interval=None)
    class Bearer:
        """The identity's token; signing out revokes the token it is sent with, so /json/logout gets a token
        of its own each time (and the other operations keep theirs)."""

        def get(self, case, context):
            if case.operation.label == "POST /json/logout":
                return _headers(fuzz.client, fuzz.who)["Authorization"]
            return fuzz.token

        def set(self, case, data, context):
            case.headers = {**(case.headers or {}), "Authorization": data}

    return schema


schema = schemathesis.pytest.from_fixture("fuzz_schema")


# Failures of the fuzzer itself, not of the API (ignored):
ARTIFACTS = [
    # A multipart or urlencoded part is text: an object or array drawn as a "wrong type" for a text element goes
    # out as its JSON text, a valid value (seen with FUZZ_EXAMPLES=25 on POST /api/comment/add).
    lambda f, case: type(f).__name__ == "AcceptedNegativeData" and case.media_type != "application/json"
    and re.search(r"at /properties/[^ ]+ \(was string, became (object|array)\)", str(f.message)),
    # The same, told as a schema the value violates: a form part drawn as an array goes out through the WSGI
    # transport as something else than the curl line shows (seen with FUZZ_SEED=20261126: the server received
    # no startDate at all, and answered a form with only its _token; the curl line's body gives 422).
    lambda f, case: type(f).__name__ == "AcceptedNegativeData" and case.media_type != "application/json"
    and isinstance(case.body, dict) and isinstance(case.body.get(_violated(f)), (list, dict)),
    # The same, checked on what was sent: a form body whose objects and scalars went out as their JSON text, as the
    # curl line shows, is valid, so accepting it was right (seen with FUZZ_SEED=8675309 on POST /api/comment/reply:
    # a title drawn as {} went out as '{}', the report also naming the content, whose value was valid; and with
    # FUZZ_SEED=424242 on POST /api/module/add: a description drawn as true went out as 'true').
    lambda f, case: type(f).__name__ == "AcceptedNegativeData" and _sent_is_valid(case),
]


def _sent_is_valid(case):
    """A form body (a dict of parts) as the transport sends it: an object, number or boolean part is its JSON text.
    A list part of a property the schema names is not judged (the transport sends one part per element)."""
    if case.media_type == "application/json" or not isinstance(case.body, dict):
        return False
    body = next((b for b in case.operation.body if b.media_type == case.media_type), None)
    named = ((body.definition or {}).get("schema") or {}).get("properties", {}) if body is not None else {}
    if body is None or any(isinstance(v, list) and k in named for k, v in case.body.items()):
        return False
    return body.is_valid({k: json.dumps(v) if isinstance(v, (dict, bool, int, float)) else v
                          for k, v in case.body.items()})


def _violated(failure):
    """The body property a negative-data failure names ('... at /properties/<name>/...')."""
    m = re.search(r"at /properties/([^/ ]+)", str(failure.message))
    return m and m.group(1)


def _call(case):
    try:
        case.call_and_validate()
    except BaseExceptionGroup as group:
        if any(not any(match(failure, case) for match in ARTIFACTS) for failure in group.exceptions):
            raise


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
def test_api(case):
    _call(case)
