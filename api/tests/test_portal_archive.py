"""Portal archives (issue 46, points 5 and 6): export, import as a new portal, the round trip, and every refusal."""
import hashlib
import io
import json
import stat
import zipfile
from datetime import date, datetime

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import (Article, Baseline, BaselineDate, Comment, CommentAttachment, CommentMention, Deliverable,
                        EffortPlan, EffortSettings, FileVersion, Membership, Module, PortalPlanning, Recurrence,
                        Relation, TimeActivity, TimeEntry, Timesheet, User, VaultFile)
from api.services import demo, storage
from api.services.imports import archive
from api.services.imports.plan import Invalid
from api.services.objectstore import backend

from .conftest import login_headers, new_grant, new_tree, root


def export_bytes(user, portal):
    out = io.BytesIO()
    archive.export(user, portal, out)
    return out.getvalue()


def import_bytes(user, data, tmp_path, platform_root=None, **kw):
    path = tmp_path / "portal.zip"
    path.write_bytes(data)
    return archive.import_archive(user, platform_root or root(), str(path), **kw)


def members(data):
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {i.filename: zf.read(i) for i in zf.infolist()}


def stored_file(kind, name):
    with backend().open(storage.key_of(kind, name)) as fh:
        return fh.read()


def add_file(module, title, data, by=None):
    f = VaultFile(module_id=module.id, title=title, filename=title + ".bin", stored_name=storage.save_bytes(
        "files", data), filesize=len(data), mime="application/octet-stream", created_by_id=by)
    _db.session.add(f)
    _db.session.flush()
    return f


def by_email(email):
    return _db.session.scalar(sa.select(User).where(User.email == email))


def consortium():
    return _db.session.scalar(sa.select(Module).where(Module.name == "4RinEU Consortium"))


def enrich(portal):
    """What the demo lacks: planning, baselines, recurrence, effort, a file version, an attachment, a mention."""
    sofia, marco = by_email("sofia@demo.eu"), by_email("marco@demo.eu")
    tasks = _db.session.scalars(sa.select(Module).where(Module.path.like(portal.path + "%"),
                                                        Module.type == "4rineu_task").order_by(Module.id)).all()
    project = _db.session.scalar(sa.select(Module).where(Module.parent_id == portal.id).order_by(Module.id))
    _db.session.add_all([
        Relation(portal_id=portal.id, from_id=tasks[0].id, to_id=tasks[1].id, low_id=tasks[0].id,
                 high_id=tasks[1].id, kind="FS", lag=2, created_by_id=sofia.id),
        PortalPlanning(portal_id=portal.id, holidays="2030-12-25 Christmas", project_months=True,
                       board_limits='{"IN_PROGRESS": 5}'),
        Recurrence(module_id=tasks[2].id, unit="WEEK", every=2, day=3, created_by_id=sofia.id),
        EffortSettings(portal_id=portal.id, hours_per_pm=143.33, periods="M1-M18\nM19-M36"),
        EffortPlan(module_id=project.id, organisation="EURAC Research", person_months=3.5)])
    base = Baseline(module_id=project.id, name="Grant agreement", created_by_id=sofia.id)
    research = TimeActivity(portal_id=portal.id, name="Research", idx=0)
    _db.session.add_all([base, research, TimeActivity(portal_id=portal.id, name="Travel", idx=1, active=False)])
    _db.session.flush()
    _db.session.add_all([
        BaselineDate(baseline_id=base.id, module_id=tasks[0].id, start_date=date(2030, 1, 1),
                     deadline=date(2030, 2, 1)),
        TimeEntry(module_id=tasks[0].id, portal_id=portal.id, user_id=marco.id, day=date(2030, 1, 7), minutes=90,
                  activity_id=research.id, note="Survey", organisation="EURAC Research"),
        TimeEntry(module_id=project.id, portal_id=portal.id, user_id=sofia.id, day=date(2030, 1, 8), minutes=30),
        Timesheet(user_id=marco.id, portal_id=portal.id, month=date(2030, 1, 1), state="APPROVED",
                  decided_by=sofia.id, decided=datetime(2030, 2, 1, 9, 30))])
    f = _db.session.scalar(sa.select(VaultFile).where(VaultFile.module_id == project.id).order_by(VaultFile.id))
    _db.session.add(FileVersion(file_id=f.id, module_id=project.id, filename="old.png",
                                stored_name=storage.save_bytes("files", b"the old bytes"), filesize=13,
                                mime="image/png", created_by_id=marco.id))
    c = Comment(module_id=project.id, content=f"Thanks @[Sofia Marques](user:{sofia.id}), see the photo.",
                created_by_id=marco.id)
    _db.session.add(c)
    _db.session.flush()
    _db.session.add_all([CommentAttachment(comment_id=c.id, file_id=f.id),
                         CommentMention(comment_id=c.id, module_id=project.id, user_id=sofia.id)])
    _db.session.commit()


def count(model):
    return _db.session.scalar(sa.select(sa.func.count()).select_from(model))


# --- the round trip -------------------------------------------------------------------------------------------

def test_export_import_export_gives_the_same_archive(tmp_path, make_user, client):
    demo.seed()
    portal = consortium()
    enrich(portal)
    su = make_user(superuser=True)
    first = export_bytes(su, portal)
    portal.name = "4RinEU Consortium (before)"  # the name is free again, as in another installation
    _db.session.commit()
    seen = []
    result = import_bytes(su, first, tmp_path, progress=lambda done, total: seen.append((done, total)))
    new = _db.session.get(Module, result["portalId"])
    assert new.name == "4RinEU Consortium" and new.parent_id == root().id and new.level == 1
    assert seen and seen[-1][0] == seen[-1][1]
    second = export_bytes(su, new)

    a, b = members(first), members(second)
    assert sorted(a) == sorted(b)
    for name in a:
        if name != "manifest.json":
            assert a[name] == b[name], name
    ma, mb = json.loads(a["manifest.json"]), json.loads(b["manifest.json"])
    assert ma.pop("exportedAt") and mb.pop("exportedAt")
    assert ma == mb
    assert ma["format"] == "portal-archive" and ma["schemaVersion"] == 1
    for name, entry in ma["members"].items():
        assert entry == {"size": len(a[name]), "sha256": hashlib.sha256(a[name]).hexdigest()}

    # Counts: every kind carried something, and the new subtree is the old one's size.
    counts = result["counts"]
    assert all(counts[k] for k in counts if k != "peopleCreated"), counts
    assert counts["peopleCreated"] == 0
    old_ids = _db.session.scalars(sa.select(Module.id).where(Module.path.like(portal.path + "%"))).all()
    new_ids = _db.session.scalars(sa.select(Module.id).where(Module.path.like(new.path + "%"))).all()
    assert len(new_ids) == len(old_ids) == counts["modules"]

    # Files byte for byte through the store; versions too.
    def blobs(ids, model):
        rows = _db.session.scalars(sa.select(model).where(model.module_id.in_(ids)).order_by(model.id)).all()
        return [(r.filename, stored_file("files", r.stored_name)) for r in rows]
    assert blobs(new_ids, VaultFile) == blobs(old_ids, VaultFile) and len(blobs(new_ids, VaultFile)) == 5
    assert blobs(new_ids, FileVersion) == blobs(old_ids, FileVersion) == [("old.png", b"the old bytes")]

    # People by e-mail: the same accounts; a mention names the account of this installation.
    sofia = by_email("sofia@demo.eu")
    members_ = _db.session.scalars(sa.select(Membership).where(Membership.module_id == new.id)).all()
    assert {m.user.email for m in members_} == {"sofia@demo.eu", "viktor@demo.eu"}
    mention = _db.session.scalar(sa.select(Comment).where(Comment.module_id.in_(new_ids),
                                                          Comment.content.like("Thanks @%")))
    assert f"(user:{sofia.id})" in mention.content
    assert _db.session.scalar(sa.select(CommentMention.user_id).where(CommentMention.comment_id == mention.id)) \
        == sofia.id

    # Search finds the imported article (its document made by the triggers).
    article = _db.session.scalar(sa.select(Article).where(Article.module_id == new.id,
                                                          Article.title == "Writing good deliverables"))
    r = client.get("/api/search", query_string={"q": "deliverables house style", "perPage": 100},
                   headers=login_headers(client, su))
    assert r.status_code == 200, r.get_json()
    assert ("article", article.id) in {(h["kind"], h["id"]) for h in r.get_json()["list"]}


def test_people_map_by_email_and_unknown_ones_become_inactive_accounts(tmp_path, make_user):
    t = new_tree()
    known, gone = make_user(name="Known", email="known@example.org"), make_user(name="Gone", email="gone@example.org")
    gone.organisation = "Gone Org"
    new_grant(t.project, known, edit=True)
    new_grant(t.portal, gone, admin=True)
    su = make_user(superuser=True)
    data = export_bytes(su, t.portal)
    people = json.loads(members(data)["data/people.json"])
    assert {p["email"] for p in people} == {"known@example.org", "gone@example.org"}
    assert all(set(p) == {"id", "email", "name", "organisation"} for p in people)
    everything = b"".join(members(data).values())
    assert known.password_hash.encode() not in everything and b"password" not in everything
    _db.session.delete(gone)  # another installation: nobody there has this address
    _db.session.commit()

    result = import_bytes(su, data, tmp_path)
    assert result["counts"]["peopleCreated"] == 1
    made = by_email("gone@example.org")
    assert made.is_active is False and made.password_hash is None and made.name == "Gone"
    assert made.organisation == "Gone Org" and made.mfa_secret is None
    grants = {m.user_id: m for m in _db.session.scalars(sa.select(Membership).join(Module).where(
        Module.path.like(f"%/{result['portalId']}/%")))}
    assert set(grants) == {known.id, made.id}
    assert grants[made.id].admin and grants[known.id].allow_edit
    assert _db.session.get(Module, result["portalId"]).name == "Portal (2)"  # the original is still there


def test_files_of_zeros_are_stored_plain_and_import(tmp_path, make_user):
    """Compressible files stay within the ratio the import accepts: one big one, and many small ones together."""
    t = new_tree()
    zeros, small = bytes(3 * 1024 * 1024), bytes(200 * 1024)
    for n in range(12):
        add_file(t.phase, f"small {n}", small)
    add_file(t.task, "zeros", zeros)
    _db.session.commit()
    su = make_user(superuser=True)
    data = export_bytes(su, t.portal)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        kinds = [zf.getinfo(f"files/{n}").compress_type for n in range(1, 14)]
        # Five small ones deflate (under 1 MB together); the sixth would take the whole past the ratio; the big one
        # alone would.
        assert kinds == [zipfile.ZIP_DEFLATED] * 5 + [zipfile.ZIP_STORED] + [zipfile.ZIP_DEFLATED] * 6 + \
            [zipfile.ZIP_STORED]
        assert zf.getinfo("data/modules.json").compress_type == zipfile.ZIP_DEFLATED
    result = import_bytes(su, data, tmp_path)
    files = _db.session.scalars(sa.select(VaultFile).join(Module).where(
        Module.path.like(f"%/{result['portalId']}/%")).order_by(VaultFile.id)).all()
    assert [f.filesize for f in files] == [len(small)] * 12 + [len(zeros)]
    assert stored_file("files", files[-1].stored_name) == zeros


def test_a_member_is_never_read_past_its_declared_size():
    from types import SimpleNamespace
    reader = archive._Reader(io.BytesIO(bytes(100)), SimpleNamespace(file_size=10, filename="files/1"))
    with pytest.raises(Invalid, match="past its declared size"):
        reader.whole()


def test_a_file_whose_bytes_are_gone_stays_behind(tmp_path, make_user):
    t = new_tree()
    kept, lost = add_file(t.task, "kept", b"kept"), add_file(t.task, "lost", b"lost")
    storage.remove("files", lost.stored_name)
    _db.session.commit()
    data = members(export_bytes(make_user(superuser=True), t.portal))
    assert [f["title"] for f in json.loads(data["data/files.json"])] == ["kept"]
    assert data["files/1"] == b"kept" and "files/2" not in data


# --- refusals -------------------------------------------------------------------------------------------------

@pytest.fixture
def small(make_user):
    """A portal with a file and a deliverable, its archive, and a superuser."""
    t = new_tree()
    add_file(t.task, "photo", b"photo bytes")
    _db.session.add(Deliverable(module_id=t.task.id, status="IN_PROGRESS"))
    _db.session.commit()
    su = make_user(superuser=True)
    return su, export_bytes(su, t.portal)


def rezip(data, change=None, add=(), manifest=None, infos=None):
    """The archive again with `change` {name: new bytes or None to drop}, `add` [(name or ZipInfo, bytes)], the
    manifest's entries brought up to date for changed members unless `manifest` edits it itself."""
    old = members(data)
    change = change or {}
    man = json.loads(old.pop("manifest.json"))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, body in old.items():
            body = change.get(name, body)
            if body is None:
                man["members"].pop(name)
                continue
            if name in change:
                man["members"][name] = {"size": len(body), "sha256": hashlib.sha256(body).hexdigest()}
            zf.writestr((infos or {}).get(name, name), body)
        for name, body in add:
            zf.writestr(name, body)
        if manifest:
            manifest(man)
        if man is not None and manifest is not False:
            zf.writestr("manifest.json", json.dumps(man))
    return out.getvalue()


def rows(data, kind):
    return json.loads(members(data)[f"data/{kind}.json"])


def with_rows(data, kind, edit):
    body = rows(data, kind)
    edit(body)
    return rezip(data, {f"data/{kind}.json": json.dumps(body).encode()})


def link_info(name):
    info = zipfile.ZipInfo(name)
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    return info


def bomb(data):
    out = io.BytesIO()
    zeros = bytes(50 * 1024 * 1024)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, body in members(data).items():
            if name == "manifest.json":
                man = json.loads(body)
                man["members"]["files/1"] = {"size": len(zeros), "sha256": hashlib.sha256(zeros).hexdigest()}
                body = json.dumps(man).encode()
            elif name == "data/files.json":
                files = json.loads(body)
                files[0]["size"] = len(zeros)
                body = json.dumps(files).encode()
            zf.writestr(name, zeros if name == "files/1" else body)
    return out.getvalue()


def dup(data):
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return rezip(data, add=[("data/modules.json", members(data)["data/modules.json"])])


HOSTILE = {
    "not a zip": (lambda d: b"PK\x03\x04 not really", "not a ZIP archive"),
    "traversal": (lambda d: rezip(d, add=[("../evil.txt", b"x")]), "leaves its folder"),
    "traversal inside": (lambda d: rezip(d, add=[("files/../../evil", b"x")]), "leaves its folder"),
    "absolute": (lambda d: rezip(d, add=[("/etc/evil", b"x")]), "absolute path"),
    "backslash": (lambda d: rezip(d, add=[("files\\2", b"x")]), "backslash"),
    "drive letter": (lambda d: rezip(d, add=[("C:/evil", b"x")]), "absolute path"),
    "symlink": (lambda d: rezip(d, infos={"files/1": link_info("files/1")}), "is a link"),
    "duplicate": (dup, "twice"),
    "unexpected member": (lambda d: rezip(d, add=[("notes.txt", b"x")]), "unexpected member"),
    "unexpected folder": (lambda d: rezip(d, add=[("secrets/", b"")]), "unexpected folder"),
    "zip bomb": (bomb, "zip bomb"),
    "unknown schema": (lambda d: rezip(d, manifest=lambda m: m.update(schemaVersion=2)),
                       "Unknown archive schema version 2"),
    "other format": (lambda d: rezip(d, manifest=lambda m: m.update(format="portal-backup")),
                     "does not describe a portal archive"),
    "missing manifest": (lambda d: rezip(d, manifest=False), "no manifest.json"),
    "sha mismatch": (lambda d: rezip(d, manifest=lambda m: m["members"]["files/1"].update(sha256="0" * 64)),
                     "does not match the manifest"),
    "unlisted member": (lambda d: rezip(d, add=[("files/9", b"x")]), "unlisted"),
    "missing data file": (lambda d: rezip(d, {"data/relations.json": None}), "no data/relations.json"),
    "file without row": (lambda d: rezip(d, {"data/files.json": b"[]"}), "without its row"),
    "not JSON": (lambda d: rezip(d, {"data/modules.json": b"{nope"}), "not valid JSON"),
    "wrong shape": (lambda d: with_rows(d, "modules", lambda r: r[1].pop("name")), "expected the fields"),
    "wrong type": (lambda d: with_rows(d, "modules", lambda r: r[1].update(locked="yes")), "true or false"),
    "too long": (lambda d: with_rows(d, "modules", lambda r: r[1].update(name="x" * 201)), "longer than 200"),
    "bad status": (lambda d: with_rows(d, "deliverables", lambda r: r[0].update(status="DONE")), "is not one of"),
    "dangling module": (lambda d: with_rows(d, "deliverables", lambda r: r[0].update(module=999)),
                        "999 names no row of data/modules.json"),
    "dangling person": (lambda d: with_rows(d, "modules", lambda r: r[0].update(createdBy=77)),
                        "names no row of data/people.json"),
    "parent after child": (lambda d: with_rows(d, "modules", lambda r: r[1].update(parent=r[-1]["id"])),
                           "parent must come before"),
    "type not allowed": (lambda d: with_rows(d, "modules", lambda r: r[1].update(type="4rineu_subtask")),
                         "cannot be under"),
    "two portals": (lambda d: with_rows(d, "modules", lambda r: r[1].update(parent=None)), "only one without"),
    "duplicate id": (lambda d: with_rows(d, "modules", lambda r: r[2].update(id=r[1]["id"])), "used twice"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_archives_are_refused_and_nothing_is_written(case, small, tmp_path):
    su, data = small
    make, message = HOSTILE[case]
    hostile = make(data)
    before = (count(Module), count(User), count(VaultFile), sorted(backend().names("files")))
    with pytest.raises(Invalid) as e:
        import_bytes(su, hostile, tmp_path)
    assert message in str(e.value)
    _db.session.rollback()
    assert (count(Module), count(User), count(VaultFile), sorted(backend().names("files"))) == before


def test_the_size_and_member_limits_are_read_from_the_configuration(small, tmp_path, app, monkeypatch):
    su, data = small
    monkeypatch.setitem(app.config, "ARCHIVE_MAX_BYTES", 1000)
    with pytest.raises(Invalid, match="more than the limit of 1000 bytes"):
        import_bytes(su, data, tmp_path)
    monkeypatch.setitem(app.config, "ARCHIVE_MAX_BYTES", 10 ** 9)
    monkeypatch.setitem(app.config, "ARCHIVE_MAX_MEMBERS", 5)
    with pytest.raises(Invalid, match="more than the limit of 5"):
        import_bytes(su, data, tmp_path)


def test_a_late_failure_removes_the_staged_files(small, tmp_path, monkeypatch):
    """A refusal met while writing (after the files were staged) rolls back and leaves the store as it was."""
    su, data = small
    before = (count(Module), sorted(backend().names("files")))

    def fail(*a, **kw):
        raise Invalid("late")
    monkeypatch.setattr(archive, "_insert_modules", fail)
    with pytest.raises(Invalid, match="late"):
        import_bytes(su, data, tmp_path)
    assert (count(Module), sorted(backend().names("files"))) == before


def test_a_forged_account_token_in_a_comment_is_made_plain_text(small, tmp_path, make_user):
    su, data = small
    t_portal = rows(data, "modules")[0]
    forged = with_rows(data, "comments", lambda r: r.append({
        "id": 1, "module": t_portal["id"], "parent": None, "title": "", "deleted": False, "created":
        "2030-01-01T00:00:00", "updated": None, "createdBy": None, "content": f"Hi @[Root](user:{su.id})"}))
    result = import_bytes(su, forged, tmp_path)
    c = _db.session.scalar(sa.select(Comment).where(Comment.module_id == result["portalId"]))
    assert c.content == "Hi @Root"


def test_a_tree_the_platform_does_not_allow_is_refused(small, tmp_path):
    """The consultancy platforms have no phases: a renovation portal with one cannot go there."""
    su, data = small
    before = count(Module)
    with pytest.raises(Invalid, match="type '4rineu_phase' cannot be under a '4rineu_project' on the platform 'peb'"):
        import_bytes(su, data, tmp_path, platform_root=root("peb"))
    assert count(Module) == before
