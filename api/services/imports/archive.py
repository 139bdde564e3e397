"""Portal archives (issue 46, points 5 and 6): a portal's whole subtree as one ZIP, imported into another
installation as a new portal. The format is docs/archive-format.md (schema version 1).

Export reads one query per table, gives every row an archive-local id (dense, in a fixed order: modules by level,
position and id, everything else by id), names people by e-mail, and writes each table as deterministic JSON, so
an archive exported, imported and exported again is the same but for the manifest's time. File bytes are streamed
from the store into the ZIP.

Import checks everything before it writes: member names (no absolute path, `..`, backslash, link, duplicate or
unexpected name), sizes and compression ratios (zip bombs), the schema version, every row's shape and references,
each member's size and sha256 (counted while reading: the ZIP's headers are not trusted). Then the files are staged
in the store and every table is written in bulk (ids reserved up front, services/bulk.py) in one transaction. Any
refusal is `plan.Invalid` (a 422) and leaves nothing behind: no row, no stored file."""
import hashlib
import io
import json
import math
import re
import stat
import zipfile
import zlib
from collections import Counter
from contextlib import closing
from datetime import date, datetime, timezone
from decimal import Decimal
from types import SimpleNamespace

from flask import current_app
from sqlalchemy import func, select

from ...errors import BadRequest
from ...extensions import db
from ...i18n import N_
from ...models import (Article, Baseline, BaselineDate, CloneConfig, Comment, CommentAttachment, CommentMention,
                       CustomField, CustomValue, Deliverable, EffortPlan, EffortSettings, FileVersion, Membership,
                       Metric, Module, PicklistOption, PortalPlanning, Recurrence, Reference, Relation, Report,
                       TimeActivity, TimeEntry, Timesheet, User, VaultFile)
from ...models.effort import SHEET_STATES
from ...models.module import path_under
from ...models.planning import KINDS as RELATION_KINDS
from .. import backup, cloning, emails, feed, modules, platforms, storage
from ..bulk import insert_rows, reserve_ids
from ..events import watching
from ..events.mentions import TOKEN
from ..objectstore import backend
from ..sentences import said
from .plan import Invalid

FORMAT, SCHEMA_VERSION, MANIFEST = "portal-archive", 1, "manifest.json"
RATIO, RATIO_FLOOR = 100, 1024 * 1024          # a member (or the whole) above 1 MB may not unpack to 100x its size
DEFAULT_MAX_BYTES, DEFAULT_MAX_MEMBERS = 2 * 1024 ** 3, 200_000
DATA_MAX_BYTES = 512 * 1024 * 1024             # one data/*.json is read whole: bounded on its own
CHUNK = 1024 * 1024
EPOCH = (1980, 1, 1, 0, 0, 0)                  # every member's time: the same archive gives the same bytes
BLOBS = {"files": "files/", "file_versions": "versions/"}
FOLDERS = ("data/", "files/", "versions/")
PERSON_TOKEN = re.compile(r"@\[([^\[\]\r\n]{1,120})\]\(person:(\d{1,10})\)")
STATUSES = modules.STATUSES
FIELD_TYPES = ("TEXT", "PICKLIST", "NUMERIC", "DATED_NUMERIC", "DATE")
RESOURCE_TYPES = ("LINK", "VIDEO", "DOCUMENT", "FILE")
TEMPLATE_KINDS = {"module": "modules", "article": "articles", "file": "files", "reference": "references"}


# --- the schema: one data/<name>.json per kind ------------------------------------------------------------------
# A kind's fields: 'key:type' (the column of that name) or 'key=column:type'. Types: id (the row's archive id), int,
# size, bool, num, str, date, time (a date and time), dec (a decimal as text), json, @kind (the archive id of a row
# of that kind); a trailing '?' allows null. `scope` says which rows belong to the portal: those of its modules,
# those of the portal itself, or those of the kind named after '@'.

class Kind:
    def __init__(self, name, model, fields, scope="module", unique=(), enums=None, single=False):
        self.name, self.model, self.table = name, model, model.__table__
        self.cols = tuple(_field(token) for token in fields.split())
        self.keys = {k for k, _, _ in self.cols}
        self.ident = self.cols[0][2] == "id"
        self.scope, self.unique, self.enums, self.single = scope, unique, enums or {}, single

    def refs(self):
        """[(key, column, kind, nullable)] of the fields naming rows of a kind."""
        return [(k, c, t[1:].rstrip("?"), t.endswith("?")) for k, c, t in self.cols if t.startswith("@")]


def _field(token):
    names, typ = token.rsplit(":", 1)
    key, _, col = names.partition("=")
    return key, col or key, typ


_M, _BY, _AT = "module=module_id:@modules", "createdBy=created_by_id:@people?", "created:time"
KINDS = (
    Kind("people", User, "id:id email:str name:str organisation:str?", scope=None),
    Kind("modules", Module, f"id:id parent=parent_id:@modules? idx:int name:str description:str type:str locked:bool "
                            f"{_AT} {_BY}", scope=None),
    Kind("deliverables", Deliverable, f"id:id {_M} status:str statusBeforeDone=status_before_done:str? "
                                      "owner=owner_id:@people? startDate=start_date:date? deadline:date? "
                                      "commencedDate=commenced_date:date? completionDate=completion_date:date? "
                                      "autoScheduled=auto_scheduled:bool milestone:bool",
         unique=(("module",),), enums={"status": STATUSES, "statusBeforeDone": STATUSES}),
    Kind("memberships", Membership, f"id:id {_M} person=user_id:@people role:str admin:bool "
                                    "allowCreate=allow_create:bool allowView=allow_view:bool "
                                    "allowEdit=allow_edit:bool allowDelete=allow_delete:bool organisation:str? "
                                    f"supervisor:bool {_AT}", unique=(("module", "person"),)),
    Kind("fields", CustomField, f"id:id {_M} attribute:str label:str type:str multiple:bool symbol:str? "
                                "prefixSymbol=prefix_symbol:bool targetType=target_type:str? idx:int",
         unique=(("module", "attribute"),), enums={"type": FIELD_TYPES}),
    Kind("options", PicklistOption, "id:id field=field_id:@fields value:str label:str idx:int", scope="@fields"),
    Kind("values", CustomValue, f"id:id field=field_id:@fields {_M} text=stringval:str? number=numval:num? "
                                f"date=dateval:date? option=option_id:@options? person=user_id:@people? {_AT}"),
    Kind("articles", Article, f"id:id {_M} parent=parent_id:@articles? title:str content:str {_AT} updated:time? "
                              f"{_BY}"),
    Kind("comments", Comment, f"id:id {_M} parent=parent_id:@comments? title:str content:str deleted:bool {_AT} "
                              f"updated:time? {_BY}"),
    Kind("references", Reference, f"id:id {_M} title:str description:str url:str resourceType=resource_type:str "
                                  f"locked:bool {_AT} {_BY}", enums={"resourceType": RESOURCE_TYPES}),
    Kind("files", VaultFile, f"id:id {_M} title:str filename:str size=filesize:size mime:str locked:bool {_AT} {_BY}"),
    Kind("file_versions", FileVersion, f"id:id file=file_id:@files {_M} filename:str size=filesize:size mime:str "
                                       f"{_AT} {_BY}"),
    Kind("comment_attachments", CommentAttachment, "comment=comment_id:@comments file=file_id:@files",
         scope="@comments", unique=(("comment", "file"),)),
    Kind("mentions", CommentMention, f"id:id comment=comment_id:@comments {_M} person=user_id:@people",
         unique=(("comment", "person"),)),
    Kind("reports", Report, f"id:id {_M} layout:json", unique=(("module",),)),
    Kind("metrics", Metric, f"id:id report=report_id:@reports {_M} title:str description:str attribute:str "
                            f"layout:str {_AT}"),
    Kind("templates", CloneConfig, f"id:id {_M} name:str description:str config:json {_AT} {_BY}"),
    Kind("relations", Relation, f"id:id from=from_id:@modules to=to_id:@modules kind:str lag:int {_AT} {_BY}",
         scope="portal", enums={"kind": RELATION_KINDS}),
    Kind("baselines", Baseline, f"id:id {_M} name:str {_AT} {_BY}"),
    Kind("baseline_dates", BaselineDate, f"baseline=baseline_id:@baselines {_M} startDate=start_date:date? "
                                         "deadline:date?", scope="@baselines", unique=(("baseline", "module"),)),
    Kind("recurrences", Recurrence, f"{_M} unit:str every:int day:int {_BY}", unique=(("module",),),
         enums={"unit": ("WEEK", "MONTH")}),
    Kind("planning", PortalPlanning, "holidays:str projectMonths=project_months:bool boardLimits=board_limits:str",
         scope="portal", single=True),
    Kind("activities", TimeActivity, "id:id name:str idx:int active:bool", scope="portal"),
    Kind("time_entries", TimeEntry, f"id:id {_M} person=user_id:@people day:date minutes:int "
                                    f"activity=activity_id:@activities? note:str organisation:str {_AT} updated:time"),
    Kind("timesheets", Timesheet, "id:id person=user_id:@people month:date state:str comment:str submitted:time "
                                  "decidedBy=decided_by:@people? decided:time?", scope="portal",
         unique=(("person", "month"),), enums={"state": SHEET_STATES}),
    Kind("effort_settings", EffortSettings, "hoursPerPm=hours_per_pm:dec periods:str", scope="portal", single=True),
    Kind("effort_plans", EffortPlan, f"id:id {_M} organisation:str personMonths=person_months:dec",
         unique=(("module", "organisation"),)),
)
KIND = {k.name: k for k in KINDS}
MEMBER = re.compile(r"^(manifest\.json|data/(%s)\.json|(files|versions)/[1-9][0-9]{0,9})$"
                    % "|".join(k.name for k in KINDS))


def _config(key, default):
    return int(current_app.config.get(key) or default)


def _too_compressed(size, packed):
    return size > RATIO_FLOOR and size > RATIO * max(packed, 1)


# --- export -----------------------------------------------------------------------------------------------------

def export(user, portal, out):
    """Write the archive of `portal` (a ZIP) to the binary, seekable file object `out`. Rights are the caller's."""
    data, blobs = _collect(portal)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, allowZip64=True) as zf:
        writer = _Writer(zf)
        for name, stored, row in blobs:
            entry = writer.add(name, lambda s=stored: backend().open(storage.key_of("files", s)))
            row["size"] = entry["size"]  # what the archive holds, whatever the row said
        for kind in KINDS:
            body = _dumps(data[kind.name])
            writer.add(f"data/{kind.name}.json", lambda b=body: io.BytesIO(b))
        manifest = {"format": FORMAT, "schemaVersion": SCHEMA_VERSION,
                    "exportedAt": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                    "application": {"migrationHead": backup._migration_head()},
                    "portal": {"name": portal.name, "type": portal.type},
                    "counts": {k.name: len(data[k.name]) for k in KINDS}, "members": writer.members}
        zf.writestr(_info(MANIFEST, zipfile.ZIP_DEFLATED), json.dumps(manifest, indent=1, sort_keys=True,
                                                                       ensure_ascii=False) + "\n")


def _collect(portal):
    """({kind: [archive rows]}, [(member name, stored name, file row)]): one query per table."""
    sub = select(Module.id).where(path_under(Module.path, portal.path)).scalar_subquery()
    raw, maps = {}, {}
    for kind in KINDS[1:]:
        rows = [r for r in db.session.execute(_query(kind, sub, portal)).all() if _kept(kind, r, maps)]
        if kind.name in BLOBS:
            rows = [r for r in rows if _stored_size(r.stored_name) is not None]  # no row without its bytes
        if kind.ident:
            maps[kind.name] = {r.id: n for n, r in enumerate(rows, 1)}
        raw[kind.name] = rows
    data = {"people": _people(raw, maps)}
    for kind in KINDS[1:]:
        rows = [_row_out(kind, r, maps) for r in raw[kind.name]]
        data[kind.name] = rows if kind.ident else sorted(rows, key=lambda r: [(r[k] is None, r[k]) for k in r])
    blobs = [(f"{BLOBS[k]}{row['id']}", r.stored_name, row) for k in BLOBS
             for r, row in zip(raw[k], data[k])]
    return data, blobs


def _query(kind, sub, portal):
    t = kind.table
    q = select(t).where(_scope(kind, sub, portal))
    if kind.name == "modules":
        return q.order_by(t.c.level, t.c.idx, t.c.id)
    return q.order_by(t.c.id) if kind.ident else q


def _scope(kind, sub, portal):
    t = kind.table
    if kind.name == "modules":
        return t.c.id.in_(sub)
    if kind.scope == "portal":
        return t.c.portal_id == portal.id
    if kind.scope == "module":
        return t.c.module_id.in_(sub)
    parent = KIND[kind.scope[1:]]
    col = next(c for _, c, ty, _ in kind.refs() if ty == parent.name)
    return t.c[col].in_(select(parent.table.c.id).where(_scope(parent, sub, portal)))


def _kept(kind, row, maps):
    """A row whose required references are all in the archive (a value of a field defined above the portal, a
    version of a file whose bytes are gone, a relation leaving the portal stay behind)."""
    return all(getattr(row, c) in maps[t] for _, c, t, null in kind.refs()
               if not null and t not in ("people", kind.name))


def _stored_size(name):
    try:
        return backend().size(storage.key_of("files", name))
    except ValueError:
        return None


def _people(raw, maps):
    """Everyone a row names (and every @mention), by e-mail: [{id, email, name, organisation}], ids by e-mail."""
    ids = set()
    for kind in KINDS[1:]:
        cols = [c for _, c, t, _ in kind.refs() if t == "people"]
        ids.update(getattr(r, c) for r in raw[kind.name] for c in cols)
    ids.update(int(m.group(2)) for r in raw["comments"] for m in TOKEN.finditer(r.content or ""))
    ids.discard(None)
    ids, users = sorted(ids), []
    for i in range(0, len(ids), 10000):
        users += db.session.execute(select(User.id, User.email, User.name, User.organisation)
                                    .where(User.id.in_(ids[i:i + 10000]))).all()
    users.sort(key=lambda u: u.email)
    maps["people"] = {u.id: n for n, u in enumerate(users, 1)}
    return [{"id": n, "email": u.email, "name": u.name, "organisation": u.organisation}
            for n, u in enumerate(users, 1)]


def _row_out(kind, row, maps):
    out = {}
    for key, col, typ in kind.cols:
        value = getattr(row, col)
        if typ == "id":
            value = maps[kind.name][value]
        elif value is None:
            pass
        elif typ.startswith("@"):
            value = maps[typ[1:].rstrip("?")].get(value)
        elif typ.startswith(("date", "time")):
            value = value.isoformat()
        elif typ == "dec":
            value = f"{value:.2f}"
        elif typ.startswith("num"):
            value = float(value)
        out[key] = value
    hook = _OUT.get(kind.name)
    if hook:
        hook(out, row, maps)
    return out


def _portal_out(out, row, maps):
    if out["parent"] is None:
        out["idx"] = 0  # its place among the portals is the importing installation's


def _comment_out(out, row, maps):
    people = maps["people"]

    def token(m):
        n = people.get(int(m.group(2)))
        return f"@[{m.group(1)}](person:{n})" if n else "@" + m.group(1)
    out["content"] = TOKEN.sub(token, out["content"])


def _report_out(out, row, maps):
    try:
        items = json.loads(row.layout or "[]")
    except ValueError:
        items = []
    metrics = maps["metrics"]
    out["layout"] = [{**it, "i": str(metrics[_panel(it)])} for it in items if _panel(it) in metrics]


def _panel(item):
    """The metric id a report layout's panel names (its 'i', a string of digits), else None."""
    i = item.get("i") if isinstance(item, dict) else None
    return int(i) if isinstance(i, (str, int)) and re.fullmatch(r"[0-9]{1,10}", str(i)) else None


def _template_out(out, row, maps):
    cfg = cloning.read_config(row)
    cfg["exclude"] = [{"entityType": e["entityType"], "entityId": maps[TEMPLATE_KINDS[e["entityType"]]][e["entityId"]]}
                      for e in cfg["exclude"] if e["entityId"] in maps[TEMPLATE_KINDS[e["entityType"]]]]
    out["config"] = cfg


_OUT = {"modules": _portal_out, "comments": _comment_out, "reports": _report_out, "templates": _template_out}


def _dumps(rows):
    """One row a line, keys sorted: the same rows always give the same bytes."""
    lines = [json.dumps(r, sort_keys=True, ensure_ascii=False, separators=(",", ":")) for r in rows]
    return ("[\n" + ",\n".join(lines) + "\n]\n" if lines else "[]\n").encode()


def _info(name, method):
    info = zipfile.ZipInfo(name, EPOCH)
    info.compress_type, info.external_attr = method, 0o644 << 16
    return info


class _Writer:
    """Members streamed into the ZIP, deflated and hashed. One that would break the ratio an import accepts (alone,
    or in the running totals) is written again stored plain: a file of zeros is no zip bomb of ours."""

    def __init__(self, zf):
        self.zf, self.members, self.size, self.packed = zf, {}, 0, 0

    def add(self, name, opener):
        entry = _stream(self.zf, name, opener, zipfile.ZIP_DEFLATED)
        info = self.zf.filelist[-1]
        if _too_compressed(info.file_size, info.compress_size) or \
                _too_compressed(self.size + info.file_size, self.packed + info.compress_size):
            _drop_last(self.zf)
            entry = _stream(self.zf, name, opener, zipfile.ZIP_STORED)
            info = self.zf.filelist[-1]
        self.size, self.packed = self.size + info.file_size, self.packed + info.compress_size
        self.members[name] = entry
        return entry


def _stream(zf, name, opener, method):
    sha, size = hashlib.sha256(), 0
    with closing(opener()) as src, zf.open(_info(name, method), "w", force_zip64=True) as dst:
        while chunk := src.read(CHUNK):
            sha.update(chunk)
            size += len(chunk)
            dst.write(chunk)
    return {"size": size, "sha256": sha.hexdigest()}


def _drop_last(zf):
    """Take the member just written out of the ZIP (zipfile has no way): cut the file at its header, forget it."""
    info = zf.filelist.pop()
    del zf.NameToInfo[info.filename]
    zf.fp.seek(info.header_offset)
    zf.fp.truncate()
    zf.start_dir = info.header_offset


# --- import: reading and checking -------------------------------------------------------------------------------

def import_archive(user, root, path, *, progress=None):
    """The archive at `path` as a new portal under the platform root `root`: {"portalId", "counts"}. Raises
    `Invalid` on any refusal, before anything is written."""
    progress = progress or (lambda done, total: None)
    try:
        zf = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as e:
        raise Invalid(f"The file is not a ZIP archive ({e}).") from None
    with zf:
        infos = _check_members(zf)
        manifest = _read_manifest(zf, infos)
        total = len(KINDS) + sum(1 for n in infos if n.startswith(tuple(BLOBS.values()))) + 1
        data = _read_data(zf, infos, manifest, lambda n: progress(n, total))
        _validate(root, data, infos)
        stored = {}
        try:
            _stage_files(zf, infos, manifest, data, stored, lambda n: progress(len(KINDS) + n, total))
            result = _write(user, root, data, stored)
            db.session.commit()
        except BaseException:
            db.session.rollback()
            for name in stored.values():
                storage.remove("files", name)
            raise
    for name in stored.values():
        storage.publish("files", name)
    progress(total, total)
    return result


def precheck(fileobj):
    """The checks that need no more than the ZIP's directory and its manifest (names, links, duplicates, sizes,
    ratios, schema version), on an upload before it is queued: a refusal is the upload's 422. Rewinds `fileobj`."""
    try:
        with zipfile.ZipFile(fileobj) as zf:
            _read_manifest(zf, _check_members(zf))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as e:
        raise Invalid(f"The file is not a ZIP archive ({e}).") from None
    finally:
        fileobj.seek(0)


def _check_members(zf):
    """{name: ZipInfo} once every member passed: safe, unique, expected names; no link, folder or encryption; sizes
    and compression ratios within the limits."""
    infos = zf.infolist()
    if len(infos) > _config("ARCHIVE_MAX_MEMBERS", DEFAULT_MAX_MEMBERS):
        raise Invalid(f"The archive holds {len(infos)} members, more than the limit of "
                      f"{_config('ARCHIVE_MAX_MEMBERS', DEFAULT_MAX_MEMBERS)}.")
    twice = sorted(n for n, c in Counter(i.filename for i in infos).items() if c > 1)
    if twice:
        raise Invalid(f"Refused: the archive holds {twice[0]!r} twice.")
    out = {}
    for info in infos:
        _check_member(info)
        if not info.is_dir():
            out[info.filename] = info
    size, packed = sum(i.file_size for i in infos), sum(i.compress_size for i in infos)
    limit = _config("ARCHIVE_MAX_BYTES", DEFAULT_MAX_BYTES)
    if size > limit:
        raise Invalid(f"Refused: the archive unpacks to {size} bytes, more than the limit of {limit} bytes.")
    if _too_compressed(size, packed):
        raise Invalid(f"Refused: the archive unpacks to more than {RATIO} times its size (a zip bomb?).")
    return out


def _check_member(info):
    name = info.filename
    try:
        backup._check_name(name[:-1] if name.endswith("/") else name)
    except backup.BackupError as e:
        raise Invalid(str(e)) from None
    if stat.S_ISLNK(info.external_attr >> 16):
        raise Invalid(f"Refused: the archive member {name!r} is a link.")
    if info.is_dir():
        if name not in FOLDERS or info.file_size:
            raise Invalid(f"Refused: the archive holds an unexpected folder {name!r}.")
        return
    if not MEMBER.match(name):
        raise Invalid(f"Refused: the archive holds an unexpected member {name!r}.")
    if info.flag_bits & 0x1:
        raise Invalid(f"Refused: the archive member {name!r} is encrypted.")
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        raise Invalid(f"Refused: the archive member {name!r} is compressed in a way this installation does not read.")
    if _too_compressed(info.file_size, info.compress_size):
        raise Invalid(f"Refused: the archive member {name!r} unpacks to more than {RATIO} times its size "
                      f"(a zip bomb?).")


class _Reader:
    """A member read through: hashed, and counted while it unpacks, never past the size its header declares."""

    def __init__(self, src, info):
        self.src, self.info, self.sha, self.size = src, info, hashlib.sha256(), 0

    def read(self, n=-1):
        chunk = self.src.read(n if n and n > 0 else CHUNK)
        self.size += len(chunk)
        if self.size > self.info.file_size:
            raise Invalid(f"Refused: the archive member {self.info.filename!r} unpacks past its declared size.")
        self.sha.update(chunk)
        return chunk

    def whole(self):
        parts = []
        while chunk := self.read(CHUNK):
            parts.append(chunk)
        return b"".join(parts)


def _read(zf, info, consume):
    """(consume(reader), size, sha256) of a member; a damaged member is refused."""
    try:
        with zf.open(info) as src:
            reader = _Reader(src, info)
            result = consume(reader)
    except (zipfile.BadZipFile, zlib.error, EOFError, RuntimeError, NotImplementedError) as e:
        raise Invalid(f"The archive is damaged at {info.filename}: {e}") from None
    return result, reader.size, reader.sha.hexdigest()


def _read_json(zf, info, entry=None):
    """A JSON member, whole (bounded), checked against its manifest entry when given."""
    if info.file_size > DATA_MAX_BYTES:
        raise Invalid(f"Refused: {info.filename} is larger than {DATA_MAX_BYTES} bytes.")
    body, size, sha = _read(zf, info, _Reader.whole)
    if entry is not None:
        _verified(info.filename, size, sha, entry)
    try:
        return json.loads(body)
    except ValueError as e:
        raise Invalid(f"{info.filename} is not valid JSON: {e}") from None


def _verified(name, size, sha, entry):
    if size != entry["size"] or sha != entry["sha256"]:
        raise Invalid(f"The archive is corrupted: {name} does not match the manifest (size {size}, sha256 {sha}; "
                      f"expected {entry['size']}, {entry['sha256']}).")


def _read_manifest(zf, infos):
    info = infos.get(MANIFEST)
    if info is None:
        raise Invalid("The archive has no manifest.json: it is not a portal archive.")
    man = _read_json(zf, info)
    if not isinstance(man, dict) or man.get("format") != FORMAT:
        raise Invalid("manifest.json does not describe a portal archive.")
    version = man.get("schemaVersion")
    if type(version) is not int or version != SCHEMA_VERSION:
        raise Invalid(f"Unknown archive schema version {version}: this installation reads version {SCHEMA_VERSION}.")
    members = man.get("members")
    if not isinstance(members, dict) or not all(_entry_ok(e) for e in members.values()):
        raise Invalid("manifest.json lists its members in a form this installation does not read.")
    listed, held = set(members), set(infos) - {MANIFEST}
    if listed != held:
        odd = sorted(listed ^ held)[0]
        raise Invalid(f"The archive and its manifest differ: {odd} is {'missing' if odd in listed else 'unlisted'}.")
    for name in held:
        if infos[name].file_size != members[name]["size"]:
            raise Invalid(f"The archive is corrupted: the size of {name} does not match the manifest.")
    return man


def _entry_ok(e):
    return (isinstance(e, dict) and type(e.get("size")) is int and e["size"] >= 0
            and isinstance(e.get("sha256"), str) and re.fullmatch(r"[0-9a-f]{64}", e["sha256"]) is not None)


def _read_data(zf, infos, manifest, progress):
    data = {}
    for n, kind in enumerate(KINDS, 1):
        name = f"data/{kind.name}.json"
        if name not in infos:
            raise Invalid(f"The archive has no {name}.")
        rows = _read_json(zf, infos[name], manifest["members"][name])
        if not isinstance(rows, list):
            raise Invalid(f"{name} is not a list of rows.")
        data[kind.name] = rows
        progress(n)
    return data


# --- import: the rows' shape and references ------------------------------------------------------------------

def _validate(root, data, infos):
    """Every row of the expected shape, every reference to a row of the archive, the tree placeable under `root`."""
    ids = {}
    for kind in KINDS:
        ids[kind.name] = _check_rows(kind, data[kind.name])
    for kind in KINDS:
        _check_refs(kind, data[kind.name], ids)
        _check_unique(kind, data[kind.name])
    _check_people(data["people"])
    _check_tree(root, data["modules"])
    for name in ("articles", "comments"):
        _tree_order(name, data[name])
    _check_relations(data["relations"])
    _check_values(data["values"], data["options"])
    _check_files(data, infos)
    for row in data["comments"]:
        if any(int(m.group(2)) not in ids["people"] for m in PERSON_TOKEN.finditer(row["content"])):
            raise Invalid(f"data/comments.json: comment {row['id']} mentions a person data/people.json lacks.")
    for row in data["reports"]:
        _report_layout(row, ids["metrics"])
    for row in data["templates"]:
        _template_config(row, ids)


def _where(kind, n, key=None):
    return f"data/{kind.name}.json, row {n}" + (f", {key}" if key else "")


def _check_rows(kind, rows):
    """The set of the rows' archive ids (empty for a kind without)."""
    if kind.single and len(rows) > 1:
        raise Invalid(f"data/{kind.name}.json holds {len(rows)} rows; at most one is allowed.")
    seen = set()
    for n, row in enumerate(rows, 1):
        if not isinstance(row, dict) or set(row) != kind.keys:
            raise Invalid(f"{_where(kind, n)}: expected the fields {', '.join(sorted(kind.keys))}.")
        for key, col, typ in kind.cols:
            problem = _problem(typ, row[key], kind.table.c[col].type)
            if problem is None and row[key] is not None and key in kind.enums and row[key] not in kind.enums[key]:
                problem = f"is not one of {', '.join(kind.enums[key])}"
            if problem:
                raise Invalid(f"{_where(kind, n, key)}: {problem}.")
        if kind.ident:
            if row["id"] in seen:
                raise Invalid(f"{_where(kind, n)}: id {row['id']} is used twice.")
            seen.add(row["id"])
    return seen


def _problem(typ, value, coltype):
    """What is wrong with a value of type `typ` (None when nothing)."""
    if value is None:
        return None if typ.endswith("?") else "may not be empty"
    base = typ.rstrip("?")
    if base in ("id", "int", "size") or base.startswith("@"):
        top = 2 ** 63 - 1 if base == "size" else 2 ** 31 - 1
        low = 0 if base == "size" else (1 if base != "int" else -2 ** 31)
        ok = type(value) is int and low <= value <= top
        return None if ok else "is not a whole number in range"
    if base == "bool":
        return None if type(value) is bool else "is not true or false"
    if base == "num":
        ok = type(value) in (int, float) and math.isfinite(value) and abs(value) < 1e300
        return None if ok else "is not a number"
    if base == "json":
        return None
    if not isinstance(value, str) or "\x00" in value:
        return "is not a text"
    if base == "str":
        length = getattr(coltype, "length", None)
        return f"is longer than {length} characters" if length and len(value) > length else None
    if base == "dec":
        return None if re.fullmatch(r"-?[0-9]{1,6}(\.[0-9]{1,2})?", value) else "is not a decimal number"
    try:
        (date if base == "date" else datetime).fromisoformat(value)
    except ValueError:
        return "is not an ISO date" if base == "date" else "is not an ISO date and time"
    return None


def _check_refs(kind, rows, ids):
    for key, _, target, _ in kind.refs():
        have = ids[target]
        for n, row in enumerate(rows, 1):
            if row[key] is not None and row[key] not in have:
                raise Invalid(f"{_where(kind, n, key)}: {row[key]} names no row of data/{target}.json.")


def _check_unique(kind, rows):
    for keys in kind.unique:
        seen = set()
        for n, row in enumerate(rows, 1):
            value = tuple(row[k] for k in keys)
            if value in seen:
                raise Invalid(f"{_where(kind, n)}: another row has the same {' and '.join(keys)}.")
            seen.add(value)


def _check_people(rows):
    seen = set()
    for n, row in enumerate(rows, 1):
        email = emails.normalise(row["email"])
        if "@" not in email or len(email) > 254 or not row["name"].strip():
            raise Invalid(f"{_where(KIND['people'], n)}: not a person with an e-mail address and a name.")
        if email in seen:
            raise Invalid(f"{_where(KIND['people'], n)}: {email} is listed twice.")
        seen.add(email)


def _check_tree(root, rows):
    """The portal first (no parent); every other module after its parent; each type allowed under its parent's."""
    if not rows or rows[0]["parent"] is not None or any(r["parent"] is None for r in rows[1:]):
        raise Invalid("data/modules.json: the portal must be the first module and the only one without a parent.")
    try:
        modules.allowed_child(root, rows[0]["type"])
    except BadRequest:
        raise Invalid(f"A portal of type '{rows[0]['type']}' cannot be added to the platform "
                      f"'{root.platform}'.") from None
    types = {rows[0]["id"]: rows[0]["type"]}
    for n, row in enumerate(rows[1:], 2):
        parent = types.get(row["parent"])
        if parent is None:
            raise Invalid(f"{_where(KIND['modules'], n)}: its parent must come before it.")
        rules = platforms.child_rules(SimpleNamespace(platform=root.platform, type=parent))
        if row["type"] not in {r.child_type for r in rules}:
            raise Invalid(f"{_where(KIND['modules'], n)}: a module of type '{row['type']}' cannot be under a "
                          f"'{parent}' on the platform '{root.platform}'.")
        types[row["id"]] = row["type"]


def _tree_order(name, rows):
    """The rows, each parent before its children; a cycle is refused."""
    nested = {}
    for row in rows:
        nested.setdefault(row["parent"], []).append(row)
    out, stack = [], list(reversed(nested.get(None, [])))
    while stack:
        row = stack.pop()
        out.append(row)
        stack.extend(reversed(nested.get(row["id"], [])))
    if len(out) != len(rows):
        raise Invalid(f"data/{name}.json: the rows' parents form a cycle.")
    return out


def _check_relations(rows):
    pairs = set()
    for n, row in enumerate(rows, 1):
        pair = frozenset((row["from"], row["to"]))
        if len(pair) != 2 or pair in pairs:
            raise Invalid(f"{_where(KIND['relations'], n)}: a relation joins two modules, one relation a pair.")
        pairs.add(pair)


def _check_values(rows, options):
    field_of = {o["id"]: o["field"] for o in options}
    for n, row in enumerate(rows, 1):
        if row["option"] is not None and field_of[row["option"]] != row["field"]:
            raise Invalid(f"{_where(KIND['values'], n, 'option')}: the option is not one of the value's field.")


def _check_files(data, infos):
    """Each file row has its member, of its size, and each member its row."""
    for kind, prefix in BLOBS.items():
        rows = {f"{prefix}{r['id']}": r for r in data[kind]}
        held = {n for n in infos if n.startswith(prefix)}
        odd = sorted(set(rows) ^ held)
        if odd:
            raise Invalid(f"The archive holds {odd[0]} without its row in data/{kind}.json." if odd[0] in held else
                          f"data/{kind}.json names {odd[0]}, which the archive lacks.")
        for name, row in rows.items():
            if row["size"] != infos[name].file_size:
                raise Invalid(f"data/{kind}.json: the size of {name} does not match its member.")


def _report_layout(row, metrics, new=None):
    """The layout with each item's metric (its 'i') mapped through `new` (when given); a dangling one refused."""
    items = row["layout"]
    if not isinstance(items, list) or not all(_panel(it) in metrics for it in items):
        raise Invalid(f"data/reports.json: report {row['id']} has a layout naming metrics the archive lacks.")
    return items if new is None else [{**it, "i": str(new[_panel(it)])} for it in items]


def _template_config(row, ids, maps=None):
    """The template's configuration, its exclusions' ids mapped through `maps` (when given); dangling ones refused."""
    cfg = row["config"]
    if not isinstance(cfg, dict):
        raise Invalid(f"data/templates.json: template {row['id']} has no configuration object.")
    cfg = cloning.read_config(SimpleNamespace(config=json.dumps(cfg)))
    for e in cfg["exclude"]:
        kind = TEMPLATE_KINDS[e["entityType"]]
        if e["entityId"] not in ids[kind]:
            raise Invalid(f"data/templates.json: template {row['id']} names a {e['entityType']} the archive lacks.")
        if maps is not None:
            e["entityId"] = maps[kind][e["entityId"]]
    return cfg


# --- import: writing ---------------------------------------------------------------------------------------------

def _stage_files(zf, infos, manifest, data, stored, progress):
    """Each file member streamed into the store under a new staged name ({(kind, archive id): name}), checked
    against the manifest's size and sha256 on the way."""
    n = 0
    for kind, prefix in BLOBS.items():
        for row in data[kind]:
            name = f"{prefix}{row['id']}"
            stored[(kind, row["id"])] = new = storage.new_name()  # known before the write: a failure removes it
            key = storage.key_of("files", new) + storage.STAGED
            _, size, sha = _read(zf, infos[name], lambda reader: backend().write(key, reader))
            _verified(name, size, sha, manifest["members"][name])
            n += 1
            progress(n)


def _write(user, root, data, stored):
    """Every row, in one transaction (the caller commits): people, the portal, then each table in bulk."""
    maps = {}
    maps["people"], created = _resolve_people(data["people"])
    # The portal's insert takes SQLite's write lock (if the people's did not) before ids are reserved from max(id).
    portal, rule = _insert_portal(root, data["modules"][0], maps)
    maps["modules"] = {data["modules"][0]["id"]: portal.id}
    for kind in KINDS[1:]:
        if kind.ident:
            aids = sorted(r["id"] for r in data[kind.name] if r["id"] not in maps.get(kind.name, ()))
            maps.setdefault(kind.name, {}).update(zip(aids, reserve_ids(kind.model, len(aids))))
    ctx = SimpleNamespace(root=root, portal=portal, maps=maps, stored=stored)
    _insert_modules(ctx, data["modules"][1:])
    for kind in KINDS[2:]:
        rows = _tree_order(kind.name, data[kind.name]) if kind.name in ("articles", "comments") else data[kind.name]
        insert_rows(kind.model, [_row_in(kind, r, ctx) for r in rows])
    watching.auto([user.id], portal, "created")
    feed.record(user, portal, "add", "module", said(N_("Created %(label)s '%(name)s'"), label=said(rule.label),
                                                    name=portal.name),
                item=portal.id, data={"parentId": root.id, "name": portal.name})
    db.session.flush()
    counts = {k.name: len(data[k.name]) for k in KINDS}
    counts["peopleCreated"] = created
    return {"portalId": portal.id, "counts": counts}


def _resolve_people(rows):
    """({archive id: user id}, number created): each person found by e-mail, else made an inactive account without
    a password (they set one through a reset)."""
    wanted = {emails.normalise(r["email"]): r for r in rows}
    found, keys = {}, list(wanted)
    for i in range(0, len(keys), 10000):
        found.update(db.session.execute(select(func.lower(User.email), User.id)
                                        .where(func.lower(User.email).in_(keys[i:i + 10000]))).all())
    new = []
    for email, r in wanted.items():
        if email not in found:
            problem = emails.lookalike_error(email)
            if problem:
                raise Invalid(f"data/people.json: {email}: {problem}")
            new.append(User(email=email, name=r["name"].strip()[:120], organisation=r["organisation"],
                            is_active=False, password_hash=None))
    db.session.add_all(new)
    db.session.flush()
    found.update((u.email, u.id) for u in new)
    return {r["id"]: found[email] for email, r in wanted.items()}, len(new)


def _free_name(root, name):
    """The archive's portal name, or with ' (2)', ' (3)' … when a portal of the platform has it already."""
    taken = set(db.session.scalars(select(Module.name).where(Module.parent_id == root.id)))
    n, out = 2, name
    while out in taken:
        suffix = f" ({n})"
        out, n = name[:200 - len(suffix)] + suffix, n + 1
    return out


def _insert_portal(root, row, maps):
    rule = modules.allowed_child(root, row["type"])
    last = db.session.scalar(select(func.max(Module.idx)).where(Module.parent_id == root.id))
    portal = Module(parent_id=root.id, name=_free_name(root, row["name"]), description=row["description"],
                    type=row["type"], platform=root.platform, level=root.level + 1,
                    idx=0 if last is None else last + 1, path=root.path, locked=row["locked"],
                    created=_moment(row["created"]), created_by_id=maps["people"].get(row["createdBy"]))
    db.session.add(portal)
    db.session.flush()
    portal.path = f"{root.path}{portal.id}/"
    db.session.flush()
    return portal, rule


def _insert_modules(ctx, rows):
    """The modules below the portal, parents first (as the archive lists them), paths and levels made here."""
    paths, levels, out = {ctx.portal.id: ctx.portal.path}, {ctx.portal.id: ctx.portal.level}, []
    for row in rows:
        m = _row_in(KIND["modules"], row, ctx)
        paths[m["id"]] = f"{paths[m['parent_id']]}{m['id']}/"
        levels[m["id"]] = levels[m["parent_id"]] + 1
        if len(paths[m["id"]]) > Module.__table__.c.path.type.length:
            raise Invalid("data/modules.json: the tree is too deep for this installation.")
        out.append({**m, "platform": ctx.root.platform, "path": paths[m["id"]], "level": levels[m["id"]]})
    insert_rows(Module, out)


def _moment(text):
    value = datetime.fromisoformat(text)
    return value.astimezone(timezone.utc).replace(tzinfo=None) if value.tzinfo else value


def _row_in(kind, row, ctx):
    out = {}
    for key, col, typ in kind.cols:
        value = row[key]
        if typ == "id":
            value = ctx.maps[kind.name][value]
        elif value is None:
            pass
        elif typ.startswith("@"):
            value = ctx.maps[typ[1:].rstrip("?")][value]
        elif typ.startswith("date"):
            value = date.fromisoformat(value)
        elif typ.startswith("time"):
            value = _moment(value)
        elif typ == "dec":
            value = Decimal(value)
        out[col] = value
    if "portal_id" in kind.table.c and "portal_id" not in out:
        out["portal_id"] = ctx.portal.id
    hook = _IN.get(kind.name)
    if hook:
        hook(out, row, ctx)
    return out


def _comment_in(out, row, ctx):
    people = ctx.maps["people"]
    text = TOKEN.sub(lambda m: "@" + m.group(1), row["content"])  # an archive names no account of ours by id
    out["content"] = PERSON_TOKEN.sub(lambda m: f"@[{m.group(1)}](user:{people[int(m.group(2))]})", text)


def _report_in(out, row, ctx):
    out["layout"] = json.dumps(_report_layout(row, ctx.maps["metrics"], ctx.maps["metrics"]), separators=(",", ":"))


def _template_in(out, row, ctx):
    out["config"] = json.dumps(_template_config(row, ctx.maps, ctx.maps), sort_keys=True)


def _relation_in(out, row, ctx):
    out["low_id"], out["high_id"] = sorted((out["from_id"], out["to_id"]))


def _file_in(kind):
    def hook(out, row, ctx):
        out["stored_name"] = ctx.stored[(kind, row["id"])]
        out["filename"] = storage.clean_filename(row["filename"])
    return hook


_IN = {"comments": _comment_in, "reports": _report_in, "templates": _template_in, "relations": _relation_in,
       "files": _file_in("files"), "file_versions": _file_in("file_versions")}
