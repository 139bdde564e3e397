"""Issue 46's portal archive at scale: the 10,000-module bench portal (services/benchdata.py) in a temporary
database (SQLite, or BENCH_DATABASE_URL), exported, imported as a new portal and exported again; prints the times,
the archive's size and whether the two exports hold the same data (the portal's name aside). One JSON object.

    .venv/bin/python scripts/bench_archive.py [--modules 10000] [--time-entries 0]
"""
import argparse
import json
import os
import shutil
import sys
import tempfile
import time
import zipfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    args = argparse.ArgumentParser()
    args.add_argument("--modules", type=int, default=10000)
    args.add_argument("--time-entries", type=int, default=0)
    opts = args.parse_args()
    from api import create_app
    from api.config import TestConfig
    from api.extensions import db
    tmp = tempfile.mkdtemp(prefix="bench-archive-")
    url = os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{tmp}/bench.db"
    app = create_app(TestConfig, SQLALCHEMY_DATABASE_URI=url, INSTANCE_DIR=tmp, UPLOAD_DIR=f"{tmp}/up",
                     MAIL_OUTBOX_DIR=f"{tmp}/out", SQLALCHEMY_ENGINE_OPTIONS={})
    try:
        with app.app_context():
            print(json.dumps(run(db, opts, tmp), indent=1))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _timed(fn):
    started = time.monotonic()
    out = fn()
    return out, round(time.monotonic() - started, 2)


def run(db, opts, tmp):
    import sqlalchemy as sa
    from api.models import Module, User
    from api.services import benchdata
    from api.services.imports import archive
    from api.services.platforms import ensure_platforms
    db.drop_all()
    db.create_all()
    with db.engine.begin() as conn:
        ensure_platforms(conn)
    info = benchdata.build(opts.modules, 50, 200, 0, opts.time_entries)
    portal = db.session.get(Module, info["portal"])
    su = db.session.scalar(sa.select(User).where(User.email == "bench@bench.local"))

    def export(module, path):
        with open(path, "wb") as out:
            archive.export(su, module, out)
    _, exported = _timed(lambda: export(portal, f"{tmp}/a.zip"))
    db.session.commit()
    done, imported = _timed(lambda: archive.import_archive(su, db.session.get(Module, portal.parent_id),
                                                           f"{tmp}/a.zip"))
    export(db.session.get(Module, done["portalId"]), f"{tmp}/b.zip")
    a, b = zipfile.ZipFile(f"{tmp}/a.zip"), zipfile.ZipFile(f"{tmp}/b.zip")
    renamed = portal.name.encode(), (portal.name + " (2)").encode()
    same = all(a.read(n) == b.read(n).replace(renamed[1], renamed[0]) for n in a.namelist() if n != "manifest.json")
    return {"modules": done["counts"]["modules"], "timeEntries": done["counts"]["time_entries"],
            "exportSeconds": exported, "importSeconds": imported, "archiveBytes": os.path.getsize(f"{tmp}/a.zip"),
            "database": db.engine.dialect.name, "sameData": same}


if __name__ == "__main__":
    main()
