"""What imported modules carry: custom fields and their values, articles, comments, files, time entries and
baselines (writer.py calls these in order, inside its transaction, with its Run)."""
import hashlib
import re

from flask import current_app
from sqlalchemy import delete, func, select

from ...extensions import db
from ...i18n import N_
from ...models import (Article, Baseline, BaselineDate, Comment, CustomField, CustomValue, Membership,
                       PicklistOption, TimeActivity, TimeEntry, User, VaultFile)
from ...models.base import utcnow
from .. import invitations, sentences, storage
from ..bulk import insert_rows, reserve_ids
from .plan import Invalid, Unreachable, day, moment
from .richtext import raw_to_markup

FIELD_TYPES = ("TEXT", "PICKLIST", "NUMERIC", "DATE")
DEFAULT_MAX_FILE = 100 * 1024 * 1024
COMMENT_CHARS = 20000  # the comment form's limit

_COUNTED = {
    "modules": lambda n: sentences.ngettext("%(num)d modules", "%(num)d modules", n),
    "articles": lambda n: sentences.ngettext("%(num)d articles", "%(num)d articles", n),
    "comments": lambda n: sentences.ngettext("%(num)d comments", "%(num)d comments", n),
    "files": lambda n: sentences.ngettext("%(num)d files", "%(num)d files", n),
    "relations": lambda n: sentences.ngettext("%(num)d relations", "%(num)d relations", n),
    "time": lambda n: sentences.ngettext("%(num)d time entries", "%(num)d time entries", n),
}


def summary(created):
    """'12 modules, 3 articles': the counts said in each reader's language."""
    return [_COUNTED[k](n) for k, n in created.items() if n and k in _COUNTED]


# --- custom fields ----------------------------------------------------------------------------------------------

def _attribute(label, taken):
    base = re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_")[:50] or "field"
    attribute, n = base, 2
    while attribute in taken:
        attribute, n = f"{base}_{n}", n + 1
    taken.add(attribute)
    return attribute


def write_fields(run):
    """Each plan field as one of the portal's fields (an `existing` one, or one an earlier run made, is reused), and
    its picklist options by label."""
    run.fields = {}
    taken = set(db.session.scalars(select(CustomField.attribute).where(CustomField.module_id == run.portal_id)))
    for f in run.plan.get("fields") or []:
        ftype = f.get("type") if f.get("type") in FIELD_TYPES else "TEXT"
        fid = f.get("existing") or run.earlier(f["key"], "field")
        field = db.session.get(CustomField, fid) if fid else None
        if field is None or field.module_id != run.portal_id:
            field = CustomField(module_id=run.portal_id, attribute=_attribute(f["label"], taken),
                                label=f["label"][:120], type=ftype, multiple=bool(f.get("multiple")),
                                idx=len(taken))
            db.session.add(field)
            db.session.flush()
            run.count("fields")
        if not f.get("existing"):
            run.remember(f["key"], "field", field.id)
        options = {o.label: o.id for o in field.options}
        for label in f.get("options") or []:
            if label[:120] not in options:
                opt = PicklistOption(field_id=field.id, value=_attribute(label, set(options))[:60],
                                     label=label[:120], idx=len(options))
                db.session.add(opt)
                db.session.flush()
                options[opt.label] = opt.id
        run.fields[f["key"]] = (field, options)


def _value_rows(run, module_id, field, options, value):
    values = value if isinstance(value, list) else [value]
    rows = []
    for v in values:
        row = {"field_id": field.id, "module_id": module_id, "user_id": run.user.id, "created": utcnow(),
               "stringval": None, "numval": None, "dateval": None, "option_id": None}
        if field.type == "PICKLIST":
            row["option_id"] = options.get(str(v)[:120])
            if row["option_id"] is None:
                continue
        elif field.type == "NUMERIC":
            try:
                row["numval"] = float(v)
            except (TypeError, ValueError):
                continue
        elif field.type == "DATE":
            row["dateval"] = day(v)
            if row["dateval"] is None:
                continue
        else:
            row["stringval"] = str(v)[:10000]
        rows.append(row)
    return rows


_SHAPE = ("stringval", "numval", "dateval", "option_id")


def write_values(run):
    """The plan's values replace those of the same fields on the imported modules (values that did not change stay
    as they are, and are not counted)."""
    new = {}
    for m in run.plan["modules"]:
        module_id = run.modules[m["key"]].id
        for key, value in (m.get("values") or {}).items():
            if key in run.fields and value not in (None, "", []):
                field, options = run.fields[key]
                new[(module_id, field.id)] = _value_rows(run, module_id, field, options, value)
    if not new:
        return
    old = {}
    for v in db.session.scalars(select(CustomValue).where(
            CustomValue.module_id.in_({k[0] for k in new}), CustomValue.field_id.in_({k[1] for k in new}))):
        old.setdefault((v.module_id, v.field_id), []).append(tuple(getattr(v, c) for c in _SHAPE))
    rows = []
    for pair, pair_rows in new.items():
        if sorted(old.get(pair, []), key=str) == sorted((tuple(r[c] for c in _SHAPE) for r in pair_rows), key=str):
            continue
        if pair in old:
            db.session.execute(delete(CustomValue).where(CustomValue.module_id == pair[0],
                                                         CustomValue.field_id == pair[1]))
        run.count("values", created=pair not in old, n=len(pair_rows))
        rows += pair_rows
    insert_rows(CustomValue, rows)


# --- articles and comments --------------------------------------------------------------------------------------

def _upsert(run, model, target, items, values_of, kind=None):
    """Insert the items no earlier run made (ids reserved, parents first), update the others; {key: id}."""
    ids = {i["key"]: run.earlier(i["key"], target) for i in items}
    # The rows earlier runs made, read at once (a repeated import of 15,000 journals is one query, not 15,000).
    alive = {r.id: r for r in db.session.scalars(select(model).where(model.id.in_([v for v in ids.values() if v])))} \
        if any(ids.values()) else {}
    fresh = [i["key"] for i in items if ids[i["key"]] not in alive]
    ids.update(zip(fresh, reserve_ids(model, len(fresh))))
    rows, kind = [], kind or target + "s"
    for item in items:
        values = values_of(item, ids)
        if item["key"] in fresh:
            rows.append({"id": ids[item["key"]], **values})
        else:
            row = alive[ids[item["key"]]]
            changed = {k: v for k, v in values.items() if k not in ("created", "created_by_id")
                       and getattr(row, k) != v}
            for k, v in changed.items():
                setattr(row, k, v)
            if changed:
                run.count(kind, created=False)
        run.remember(item["key"], target, ids[item["key"]])
    insert_rows(model, rows)
    run.count(kind, n=len(rows))
    return ids


def write_articles(run):
    def values(a, ids):
        return {"module_id": run.modules[a["module"]].id, "parent_id": ids.get(a.get("parent")),
                "title": (a.get("title") or "Untitled")[:100], "content": a.get("content") or "",
                "created": moment(a.get("created")) or utcnow(),
                "created_by_id": run.users.get(a.get("author")) or run.user.id}
    _upsert(run, Article, "article", [a for a in run.plan.get("articles") or [] if a["module"] in run.modules],
            values)


def _markup(content):
    try:
        return raw_to_markup(content)
    except (ValueError, KeyError, TypeError, AttributeError):
        return content  # not draft-js content: plain text, kept


def write_comments(run):
    # A plan's comment is draft-js raw content, as an article's; comments here are kept in their light markup.
    def values(c, ids):
        return {"module_id": run.modules[c["module"]].id, "parent_id": None, "title": "",
                "content": _markup(c.get("content") or "")[:COMMENT_CHARS], "deleted": False,
                "created": moment(c.get("created")) or utcnow(), "created_by_id": run.users.get(c.get("author"))}
    _upsert(run, Comment, "comment", [c for c in run.plan.get("comments") or [] if c["module"] in run.modules],
            values)


# --- time -------------------------------------------------------------------------------------------------------

def _activities(run, names):
    have = {a.name.lower(): a.id for a in db.session.scalars(
        select(TimeActivity).where(TimeActivity.portal_id == run.portal_id))}
    last = db.session.scalar(select(func.max(TimeActivity.idx)).where(TimeActivity.portal_id == run.portal_id))
    for name in names:
        if name.lower() not in have:
            last = (last if last is not None else -1) + 1
            act = TimeActivity(portal_id=run.portal_id, name=name[:60], idx=last)
            db.session.add(act)
            db.session.flush()
            have[name.lower()] = act.id
    return have


def _organisations(run, user_ids):
    """Each person's organisation in the portal (their portal membership's, else their own)."""
    own = dict(db.session.execute(select(User.id, User.organisation).where(User.id.in_(user_ids))).all())
    named = dict(db.session.execute(select(Membership.user_id, Membership.organisation).where(
        Membership.module_id == run.portal_id, Membership.user_id.in_(user_ids))).all())
    return {u: ((named.get(u) or own.get(u) or "").strip())[:200] for u in user_ids}


def write_time(run):
    items = []
    for t in run.plan.get("time") or []:
        uid, when = run.users.get(t.get("person")), day(t.get("date"))
        if uid is None or when is None or t.get("module") not in run.modules or not (0 < int(t["minutes"]) <= 1440):
            run.skip(f"{t.get('date')} {t.get('minutes')} min", N_("time entry without a known person, day or "
                                                                   "module, or over 24 h"))
            continue
        items.append((t, uid, when))
    if not items:
        return
    acts = _activities(run, {t["activity"] for t, _, _ in items if t.get("activity")})
    orgs = _organisations(run, {uid for _, uid, _ in items})

    def values(item, ids):
        t, uid, when = item["t"]
        return {"module_id": run.modules[t["module"]].id, "portal_id": run.portal_id, "user_id": uid, "day": when,
                "minutes": int(t["minutes"]), "activity_id": acts.get((t.get("activity") or "").lower()),
                "note": (t.get("note") or "")[:2000], "organisation": orgs[uid], "created": utcnow(),
                "updated": utcnow()}
    _upsert(run, TimeEntry, "time", [{"key": t["key"], "t": (t, uid, when)} for t, uid, when in items], values,
            kind="time")


# --- baselines --------------------------------------------------------------------------------------------------

def write_baselines(run):
    top = next(iter(run.modules.values()), None)
    for b in run.plan.get("baselines") or []:
        key = f"baseline:{b['name']}"
        bid = run.earlier(key, "baseline")
        base = db.session.get(Baseline, bid) if bid else None
        if base is None:
            base = Baseline(module_id=top.id, name=b["name"][:120], created_by_id=run.user.id)
            db.session.add(base)
            db.session.flush()
            run.count("baselines")
        else:
            db.session.execute(delete(BaselineDate).where(BaselineDate.baseline_id == base.id))
        run.remember(key, "baseline", base.id)
        insert_rows(BaselineDate, [{"baseline_id": base.id, "module_id": run.modules[k].id, "start_date": day(s),
                                    "deadline": day(f)} for k, (s, f) in b["dates"].items() if k in run.modules])


# --- files ------------------------------------------------------------------------------------------------------

class _Bounded:
    """A stream that counts and hashes what is read and stops past the limit."""

    def __init__(self, raw, limit):
        self.raw, self.limit, self.size, self.sha = raw, limit, 0, hashlib.sha256()

    def read(self, n=-1):
        chunk = self.raw.read(n if n and n > 0 else 1024 * 1024)
        self.size += len(chunk)
        if self.size > self.limit:
            raise Invalid("The file is larger than the import allows")
        self.sha.update(chunk)
        return chunk


def _store(run, item, fetch):
    limit = current_app.config.get("IMPORT_MAX_FILE_BYTES") or DEFAULT_MAX_FILE
    if item.get("size") and int(item["size"]) > limit:
        raise Invalid("it is larger than the import allows")
    stream = _Bounded(fetch(item), limit)
    name = storage.new_name()
    try:
        storage.backend().write(storage.key_of("files", name) + storage.STAGED, stream)
        if item.get("size") is not None and int(item["size"]) != stream.size:
            raise Invalid("its size differs from what the source announced")
        if item.get("sha256") and item["sha256"].lower() != stream.sha.hexdigest():
            raise Invalid("its checksum differs from what the source announced")
    except BaseException:
        storage.remove("files", name)
        raise
    return name, stream.size


def stage_files(run, fetch, progress=None):
    """Each file not imported before, streamed from the source into the store under a staged name (size-limited,
    checked against the announced size and checksum) before the writing transaction begins: on SQLite no write waits
    while files download. One that cannot be fetched is skipped with the reason."""
    items = [f for f in run.plan.get("files") or [] if not run.earlier(f["key"], "file")]
    for n, item in enumerate(items, 1):
        try:
            run.staged[item["key"]] = _store(run, item, fetch)
        except (Invalid, Unreachable, OSError) as e:
            run.skip(item.get("filename") or item["key"], N_("file not imported: %(why)s"), why=str(e)[:200])
        if progress:
            progress(n, len(items))


def write_files(run):
    """A vault file for each staged one (its module imported)."""
    rows = []
    for item in run.plan.get("files") or []:
        if item["key"] not in run.staged or item["module"] not in run.modules:
            continue
        name, size = run.staged[item["key"]]
        rows.append((item, {"module_id": run.modules[item["module"]].id, "title": (item.get("title") or
                     item.get("filename") or "file")[:200], "filename": storage.clean_filename(
                     item.get("filename") or "file"), "stored_name": name, "filesize": size,
                     "mime": (item.get("mime") or "application/octet-stream")[:120], "locked": False,
                     "created": moment(item.get("created")) or utcnow(),
                     "created_by_id": run.users.get(item.get("author")) or run.user.id}))
    ids = reserve_ids(VaultFile, len(rows))
    insert_rows(VaultFile, [{"id": i, **r} for i, (_, r) in zip(ids, rows)])
    for i, (item, _) in zip(ids, rows):
        run.remember(item["key"], "file", i)
    run.count("files", n=len(rows))


def forget_files(run):
    for name in run.stored:
        storage.remove("files", name)


def publish_files(run):
    for name in run.stored:
        storage.publish("files", name)


def send_invitations(run):
    """Unknown people of an 'invite' run get an invitation to the portal (view only), after the import committed."""
    from ...errors import ApiError
    for email in dict.fromkeys(run.invite):
        try:
            invitations.invite(run.user, run.portal, {"email": email, "role": "User", "allowView": True})
        except (ApiError, ValueError):
            run.skip(email, N_("could not be invited"))
