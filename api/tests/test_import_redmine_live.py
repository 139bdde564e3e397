"""Issue 46, `make test-import`: the importer against the live Redmine of /work/shared/redmine (REDMINE_URL and
REDMINE_KEY set by scripts/test-import.sh; skipped otherwise). It must import what the recorded answers import, and
a second run must add nothing."""
import json
import os
import time

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import Module
from api.services.imports import jobs

URL, KEY = os.environ.get("REDMINE_URL"), os.environ.get("REDMINE_KEY")
PROJECT = os.environ.get("REDMINE_PROJECT", "renovation-consortium")
pytestmark = pytest.mark.skipif(not (URL and KEY), reason="no live Redmine (make test-import sets REDMINE_URL)")


def test_the_live_redmine_imports_and_a_second_run_adds_nothing(tree, make_user, grant):
    admin = make_user(name="Ada Admin")
    grant(tree.portal, admin, admin=True, create=True, edit=True, delete=True)
    options = {"url": URL, "key": KEY, "project": PROJECT, "people": "inactive", "cli": True}
    started = time.monotonic()
    first = jobs.run_here(admin, tree.portal, "redmine", options)
    seconds = time.monotonic() - started
    modules = _db.session.scalar(sa.select(sa.func.count()).select_from(Module))
    second = jobs.run_here(admin, tree.portal, "redmine", options)
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(Module)) == modules
    assert first["created"]["modules"] >= 5 and first["created"]["files"] > 0 and first["created"]["comments"] > 0
    assert all(v == 0 for k, v in second["created"].items() if k != "people"), json.dumps(second["created"])
    print(json.dumps({"liveImport": first["created"], "skipped": len(first["skipped"]),
                      "seconds": round(seconds, 2)}))
