"""Data for the live suites, made inside the application in a process of its own.

`LiveStack.call("name", **kwargs)` runs `python -m api.tests.live.appside name '<json kwargs>'` with the stack's
environment (DATABASE_URL, UPLOAD_DIR, ...): the function runs in an app context against the stack's database and
upload folder, and what it returns (JSON) is printed on the last line of stdout. Rows are made the way the unit
suite's conftest makes them (no HTTP, no feed entries); stored files through `services.storage`, so they are where
the server looks for them.
"""
import json
import os
import sys

PASSWORD = "live-pass-123"


def _db():
    from api.extensions import db
    return db


def _user(email, name, superuser=False):
    from api.services import accounts
    user = accounts.find_by_email(email)
    if user is None:
        user = accounts.create_user(email, PASSWORD, name, superuser=superuser)
        _db().session.flush()
    return user


def _root(platform="4rineu"):
    from sqlalchemy import select

    from api.models import Module
    return _db().session.scalar(select(Module).where(Module.platform == platform, Module.level == 0))


def _module(parent, type_, name, idx=0):
    from api.models import Module
    from api.services.modules import add_default_fields
    from api.services.platforms import PORTAL
    m = Module(parent_id=parent.id, name=name, description="", type=type_, platform=parent.platform,
               level=parent.level + 1, idx=idx, path=parent.path)
    _db().session.add(m)
    _db().session.flush()
    m.path = f"{parent.path}{m.id}/"
    if type_ == PORTAL:
        add_default_fields(m)
    return m


def _grant(module, user, admin=False, create=False, view=True, edit=False, delete=False, role="User"):
    from api.models import Membership
    m = Membership(module_id=module.id, user_id=user.id, admin=admin, allow_create=create or admin,
                   allow_view=view, allow_edit=edit or admin, allow_delete=delete or admin, role=role)
    _db().session.add(m)
    _db().session.flush()
    return m


def _file(module, user, size, n, versions=0):
    """A vault file of `size` random bytes (with `versions` earlier versions), stored where the server looks."""
    from api.models import FileVersion, VaultFile
    from api.services import storage
    f = VaultFile(module_id=module.id, title=f"File {n}", filename=f"file-{n}.bin",
                  stored_name=storage.save_bytes("files", os.urandom(size)), filesize=size,
                  mime="application/octet-stream", created_by_id=user.id)
    _db().session.add(f)
    _db().session.flush()
    for v in range(versions):
        _db().session.add(FileVersion(file_id=f.id, module_id=module.id, filename=f"file-{n}-v{v}.bin",
                                      stored_name=storage.save_bytes("files", os.urandom(size // 2)),
                                      filesize=size // 2, mime="application/octet-stream", created_by_id=user.id))
    return f


def _subtree(parent, user, name, modules, files_per_module, file_kb, versions=0):
    """A project with phases, tasks and subtasks (`modules` in all, project included, three children each,
    breadth first), every module carrying files. Returns (project, number of modules, number of files)."""
    child_type = {0: "4rineu_phase", 1: "4rineu_task", 2: "4rineu_subtask"}
    project = _module(parent, "4rineu_project", name)
    made, queue = [project], [(project, 0)]
    while queue and len(made) < modules:
        p, depth = queue.pop(0)
        for i in range(3 if depth in child_type else 0):
            if len(made) >= modules:
                break
            child = _module(p, child_type[depth], f"{name} / {len(made)}", idx=i)
            made.append(child)
            queue.append((child, depth + 1))
    n = 0
    for m in made:
        for _ in range(files_per_module):
            n += 1
            _file(m, user, file_kb * 1024, n, versions=versions)
    return project, len(made), n


# --- the suites' data -------------------------------------------------------------------------------

def races_setup(conflict_targets=6, siblings=8):
    from api.services.platforms import PORTAL
    db = _db()
    su = _user("su@live.test", "Sam Super", superuser=True)
    anna = _user("anna@live.test", "Anna Admin")
    ben = _user("ben@live.test", "Ben Admin")
    carl = _user("carl@live.test", "Carl Candidate")
    root = _root()
    duel = _module(root, PORTAL, "Duel portal")
    m_anna = _grant(duel, anna, admin=True, role="Admin")
    m_ben = _grant(duel, ben, admin=True, role="Admin")
    busy = _module(root, PORTAL, "Busy portal", idx=1)
    targets = [_module(busy, "4rineu_project", f"Target {i}", idx=i) for i in range(conflict_targets)]
    _grant(busy, carl)  # a member of the portal is added by address (anyone else would be invited)
    reorder = _module(busy, "4rineu_project", "Reorder project", idx=conflict_targets)
    phases = [_module(reorder, "4rineu_phase", f"Phase {i}", idx=i) for i in range(siblings)]
    db.session.commit()
    return {"su": su.email, "anna": anna.email, "ben": ben.email, "carl": carl.email, "carlId": carl.id,
            "duel": duel.id, "mAnna": m_anna.id, "mBen": m_ben.id, "targets": [t.id for t in targets],
            "reorder": reorder.id, "siblings": [p.id for p in phases]}


def faults_setup(rounds=3, modules=24, files_per_module=2, file_kb=128):
    from api.services.platforms import PORTAL
    db = _db()
    su = _user("su@live.test", "Sam Super", superuser=True)
    portal = _module(_root(), PORTAL, "Fault portal")
    inbox = _module(portal, "4rineu_project", "Upload target")
    source, n_src, f_src = _subtree(portal, su, "Clone source", modules, files_per_module, file_kb)
    doomed = []
    for r in range(rounds + 1):  # one more: the delete test times an undisturbed delete first
        p, n, f = _subtree(portal, su, f"Doomed {r}", modules, files_per_module, file_kb, versions=1)
        doomed.append({"id": p.id, "path": p.path, "modules": n, "files": f})
    db.session.commit()
    return {"su": su.email, "portal": portal.id, "inbox": inbox.id,
            "source": {"id": source.id, "path": source.path, "modules": n_src, "files": f_src},
            "doomed": doomed}


def outage_setup():
    from api.services.platforms import PORTAL
    db = _db()
    su = _user("su@live.test", "Sam Super", superuser=True)
    portal = _module(_root(), PORTAL, "Outage portal")
    projects = [_module(portal, "4rineu_project", f"Project {i}", idx=i) for i in range(4)]
    db.session.commit()
    return {"su": su.email, "portal": portal.id, "projects": [p.id for p in projects]}


def main(argv):
    name, kwargs = argv[1], json.loads(argv[2]) if len(argv) > 2 else {}
    if name.startswith("_") or name == "main" or not callable(globals().get(name)):
        raise SystemExit(f"no such setup function: {name}")
    from api import create_app
    from api.services.platforms import ensure_platforms
    app = create_app()
    with app.app_context():
        db = _db()
        with db.engine.begin() as conn:
            ensure_platforms(conn)
        result = globals()[name](**kwargs)
        db.session.remove()
        db.engine.dispose()
    sys.stdout.write("\n" + json.dumps(result) + "\n")


if __name__ == "__main__":
    main(sys.argv)
