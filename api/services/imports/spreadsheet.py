"""A work plan from a spreadsheet (CSV or XLSX) as an import plan (plan.py), with its columns mapped by header and
every bad cell reported with its row number; a file with any bad row gives no plan at all, so nothing is written.

The file: one header row (row 1, as the sheet shows it), then one module a row; blank rows are skipped. CSV may be
UTF-8 (with or without a byte-order mark) or Windows' Western encoding, separated by ',', ';' or tabs; of an XLSX
workbook the first sheet is read, each cell's value (a formula's last computed value, never the formula). A cell is
text as written: a CSV cell beginning with '=' is just text; the apostrophe our own exports put before such a cell
(effort.safe) is dropped again.

Columns map to targets (TARGETS, and `field:<attribute>` for the portal's own custom fields). The hierarchy comes
from the WBS codes ('2.3.1' is a child of '2.3'; '2' is at the top), or, when a parent column is mapped, from it
alone (a parent named by its WBS code, when codes are mapped, or by its name). Predecessors refer to WBS codes:
'2.1FS+3', '4SS', '5FF-2d' (finish-to-start and no lag unless said; the lag in working days). Dates are YYYY-MM-DD,
or day first with '/' or '.' (01/03/2025 is 1 March), or date cells of a workbook.

Messages are English, marked for the catalogs, and said (translated) when the row errors are made."""
import csv
import io
import re
import zipfile
from datetime import date, datetime

from marshmallow import ValidationError
from marshmallow.validate import Email
from sqlalchemy import select

from ...extensions import db
from ...forms.modules import STATUSES
from ...i18n import N_, _, translate
from ...models import CustomField
from ...models.planning import MAX_LAG
from .. import emails, platforms
from ..effort import _CONTROL, _number
from . import plan as ir

MAX_ROWS = 10_000
MAX_CSV_BYTES = 2 * 1024 * 1024
MAX_XLSX_BYTES = 10 * 1024 * 1024
MAX_XLSX_UNPACKED = 100 * 1024 * 1024  # the workbook's parts unpacked: a small zip may hold a bomb
MAX_COLUMNS = 200
MAX_ERRORS = 1000  # the report lists this many, then says how many more
MAX_NAME, MAX_DESCRIPTION, MAX_TEXT = 200, 20000, 5000  # as the module and value forms allow
MAX_NUMBER = 1e15
FIELD = "field:"
FIELD_TYPES = ("TEXT", "PICKLIST", "NUMERIC", "DATE")  # a dated number needs two cells: not importable

TARGETS = [("name", N_("Name")), ("wbs", N_("WBS code")), ("parent", N_("Parent")), ("type", N_("Type")),
           ("owner", N_("Owner e-mail")), ("start", N_("Start date")), ("deadline", N_("Deadline")),
           ("status", N_("Status")), ("predecessors", N_("Predecessors")), ("milestone", N_("Milestone")),
           ("description", N_("Description"))]

# Headers that say a target, normalised (_norm), beside the targets' own labels.
SYNONYMS = {
    "name": ("name", "task", "taskname", "title", "summary", "subject"),
    "wbs": ("wbs", "wbscode", "outline", "outlinenumber", "no", "nr", "number"),
    "parent": ("parent", "parentwbs", "parentname", "parenttask"),
    "type": ("type", "moduletype"),
    "owner": ("owner", "owneremail", "assignee", "assignedto", "responsible", "email", "emailaddress"),
    "start": ("start", "startdate", "begin", "begins"),
    "deadline": ("finish", "finishdate", "end", "enddate", "due", "duedate", "deadline"),
    "status": ("status", "state"),
    "predecessors": ("predecessors", "predecessor", "dependson", "dependencies"),
    "milestone": ("milestone", "ismilestone"),
    "description": ("description", "notes", "note", "details"),
}
_DEPENDS = re.compile(r"(\d+(?:\.\d+)*)\s*(FS|SS|FF|SF)?\s*(?:([+-])\s*(\d+)\s*(?:d|days?)?)?", re.IGNORECASE)
_WBS = re.compile(r"\d+(?:\.\d+)*")
_DAY_FIRST = re.compile(r"(\d{1,2})[/.](\d{1,2})[/.](\d{4})")
_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?")
_YES, _NO = {"yes", "y", "true", "1", "x"}, {"no", "n", "false", "0", ""}
_FORMULA = ("=", "+", "-", "@")


class _Bad(Exception):
    """A cell's value is refused: the message (a msgid) and its values."""

    def __init__(self, message, **values):
        super().__init__(message)
        self.message, self.values = message, values


# --- the file as a table --------------------------------------------------------------------------------------------

def _is_xlsx(data, filename):
    name = (filename or "").lower()
    if name.endswith(".xls"):
        raise ir.Invalid(_("Old Excel files (.xls) cannot be read: save the sheet as XLSX or CSV"))
    return name.endswith((".xlsx", ".xlsm")) or data[:4] == b"PK\x03\x04"


def _decoded(data):
    for encoding in ("utf-8-sig", "cp1252", "latin-1"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue


def _csv_rows(data):
    if len(data) > MAX_CSV_BYTES:
        raise ir.Invalid(_("A CSV file may be at most 2 MB"))
    text = _decoded(data).replace("\x00", "")
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count)
    try:
        yield from csv.reader(io.StringIO(text), delimiter=delimiter)
    except csv.Error as e:
        raise ir.Invalid(_("The CSV file cannot be read: %(reason)s", reason=str(e))) from None


def _xlsx_rows(data):
    from openpyxl import load_workbook
    if len(data) > MAX_XLSX_BYTES:
        raise ir.Invalid(_("An XLSX file may be at most 10 MB"))
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            unpacked = sum(i.file_size for i in z.infolist())
        wb = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:  # not a zip, not a workbook: openpyxl raises many kinds
        raise ir.Invalid(_("The file is not a readable XLSX workbook")) from None
    if unpacked > MAX_XLSX_UNPACKED:
        wb.close()
        raise ir.Invalid(_("The workbook unpacks to more than 100 MB"))
    try:
        for row in wb.worksheets[0].iter_rows(max_col=MAX_COLUMNS, values_only=True):
            yield list(row)
    finally:
        wb.close()


def _unsafe(value):
    """A cell's text without control characters, and without the apostrophe an export put before a formula."""
    value = _CONTROL.sub("", value).strip()
    if value[:1] == "'" and value[1:2] in _FORMULA:
        return value[1:]
    return value


def _cell(value):
    """A cell as read: text cleaned, a whole float an int, dates as dates; empty text for nothing."""
    if value is None:
        return ""
    if isinstance(value, str):
        return _unsafe(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _blank(row):
    return all(v == "" for v in row)


def _headers(row):
    """The header row's names: an empty one named by its column ('Column C'), one said twice numbered."""
    from openpyxl.utils import get_column_letter
    out = []
    for i, value in enumerate(row):
        name = _text(value)[:120] or _("Column %(letter)s", letter=get_column_letter(i + 1))
        base, n = name, 2
        while name in out:
            name, n = f"{base} ({n})", n + 1
        out.append(name)
    return out


def _table(data, filename):
    """(headers, [(row number, [cells])]) of the first sheet, blank rows left out; plan.Invalid beyond the limits."""
    rows = _xlsx_rows(data) if _is_xlsx(data, filename) else _csv_rows(data)
    header, out = None, []
    for n, raw in enumerate(rows, 1):
        row = [_cell(v) for v in raw[:MAX_COLUMNS]]
        while row and row[-1] == "":
            row.pop()
        if n == 1:
            if not row:
                raise ir.Invalid(_("Row 1 must name the columns"))
            header = _headers(row)
            continue
        if _blank(row):
            continue
        if len(out) == MAX_ROWS:
            raise ir.Invalid(_("A file may have at most %(n)s rows", n="{:,}".format(MAX_ROWS)))
        out.append((n, row + [""] * (len(header) - len(row))))
    if header is None:
        raise ir.Invalid(_("The file is empty"))
    return header, out


# --- targets and the mapping ----------------------------------------------------------------------------------------

def _norm(text):
    return re.sub(r"[\W_]+", "", str(text).casefold())


def _fields(portal):
    """{target: CustomField} of the portal's own fields that a cell can fill."""
    q = select(CustomField).where(CustomField.module_id == portal.id, CustomField.type.in_(FIELD_TYPES)) \
        .order_by(CustomField.idx, CustomField.id)
    return {FIELD + f.attribute: f for f in db.session.scalars(q)}


def targets(portal, fields=None):
    """[{value, label}] a column may map to: TARGETS (said), then the portal's fields by their labels."""
    fields = _fields(portal) if fields is None else fields
    return [{"value": v, "label": _(label)} for v, label in TARGETS] + \
        [{"value": k, "label": f.label} for k, f in fields.items()]


def guess(headers, fields):
    """{header: target or None}: by the targets' labels (English and said), then the fields' labels and
    attributes, then the targets' synonyms (a field labelled 'Note' takes a 'Note' column, 'Notes' is the
    description); a target goes to the first header that says it."""
    said = {}
    for value, label in TARGETS:
        for word in (value, label, _(label)):
            said.setdefault(_norm(word), value)
    for key, f in fields.items():
        for word in (f.label, f.attribute):
            said.setdefault(_norm(word), key)
    for value, words in SYNONYMS.items():
        for word in words:
            said.setdefault(_norm(word), value)
    mapping, taken = {}, set()
    for h in headers:
        target = said.get(_norm(h))
        mapping[h] = target if target not in taken else None
        taken.add(target)
    return mapping


def columns(portal, upload):
    """What the import's preview shows of a file (`upload`: a werkzeug FileStorage): its headers, the mapping
    guessed, the targets to choose from and the number of data rows. plan.Invalid when it cannot be read."""
    data = upload.stream.read(MAX_XLSX_BYTES + 1)
    headers, rows = _table(data, upload.filename)
    fields = _fields(portal)
    return {"headers": headers, "mapping": guess(headers, fields), "targets": targets(portal, fields),
            "rows": len(rows)}


def _checked(mapping, headers, fields):
    """{target: column index} of a mapping {header: target or None}; plan.Invalid when it cannot be used."""
    known = {v for v, _label in TARGETS} | set(fields)
    out = {}
    for header, target in (mapping or {}).items():
        if not target:
            continue
        if header not in headers:
            raise ir.Invalid(_("The file has no column '%(name)s'", name=str(header)[:120]))
        if target not in known:
            raise ir.Invalid(_("'%(target)s' is nothing a column can be imported to", target=str(target)[:120]))
        if target in out:
            raise ir.Invalid(_("Two columns are mapped to '%(target)s'", target=_label_of(target, fields)))
        out[target] = headers.index(header)
    if "name" not in out:
        raise ir.Invalid(_("Choose the column that holds the names"))
    if "predecessors" in out and "wbs" not in out:
        raise ir.Invalid(_("Predecessors are given by WBS codes: choose the column that holds them too"))
    return out


def _label_of(target, fields):
    if target in fields:
        return fields[target].label
    return _(dict(TARGETS)[target])


# --- cells --------------------------------------------------------------------------------------------------------

def _text(value):
    if isinstance(value, datetime):
        return value.date().isoformat() if value.time() == datetime.min.time() else value.isoformat(sep=" ")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    return str(value)


def _limited(limit):
    def read(value, _ctx):
        text = _text(value)
        if len(text) > limit:
            raise _Bad(N_("At most %(n)s characters"), n=f"{limit:,}")
        return text
    return read


def _day(value, _ctx=None):
    """A date from a date cell, 'YYYY-MM-DD' (a time after it is ignored) or day first 'DD/MM/YYYY', 'DD.MM.YYYY'."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    text = _text(value)
    iso, day_first = _ISO.fullmatch(text), _DAY_FIRST.fullmatch(text)
    try:
        if iso:
            return date(int(iso[1]), int(iso[2]), int(iso[3]))
        if day_first:
            return date(int(day_first[3]), int(day_first[2]), int(day_first[1]))
    except ValueError:
        pass
    raise _Bad(N_("'%(value)s' is no date: YYYY-MM-DD or DD/MM/YYYY (day first)"), value=text[:40])


def _wbs(value, _ctx):
    text = _text(value)
    if not _WBS.fullmatch(text):
        raise _Bad(N_("'%(value)s' is no WBS code: numbers separated by points, as 2.3.1"), value=text[:40])
    return _code(text)


def _code(text):
    return ".".join(str(int(p)) for p in text.split("."))  # '2.03' is '2.3'


def _type(value, ctx):
    found = ctx["types"].get(_text(value).casefold())
    if found is None:
        raise _Bad(N_("One of %(values)s"), values=", ".join(ctx["type_labels"]))
    return found


def _owner(value, _ctx):
    text = emails.normalise(_text(value))
    try:
        Email()(text)
    except ValidationError:
        raise _Bad(N_("'%(value)s' is no e-mail address"), value=_text(value)[:80]) from None
    if len(text) > 254:
        raise _Bad(N_("Longer than maximum length 254."))
    return text


def _status(value, _ctx):
    text = _text(value).strip()
    for code, label in STATUSES:
        if text.upper() == code or text.casefold() in (label.casefold(), translate(label).casefold()):
            return code
    raise _Bad(N_("One of %(values)s"), values=", ".join(_(label) for _code, label in STATUSES))


def _predecessors(value, _ctx):
    """[(WBS code, kind, lag)] of 'code[FS|SS|FF|SF][+|-N[d]]' items separated by ',' or ';'."""
    out = []
    for item in re.split(r"[,;]", _text(value)):
        if not item.strip():
            continue
        m = _DEPENDS.fullmatch(item.strip())
        if m is None:
            raise _Bad(N_("'%(value)s' is no predecessor: a WBS code, then FS, SS, FF or SF, then a lag, as 2.1FS+3"),
                       value=item.strip()[:40])
        lag = int(m[4] or 0) * (-1 if m[3] == "-" else 1)
        if abs(lag) > MAX_LAG:
            raise _Bad(N_("A whole number of working days from %(low)s to %(high)s"), low=-MAX_LAG, high=MAX_LAG)
        out.append((_code(m[1]), (m[2] or "FS").upper(), lag))
    return out


def _milestone(value, _ctx):
    text = _text(value).strip().casefold()
    if text in _YES or text == _("Yes").casefold():
        return True
    if text in _NO or text == _("No").casefold():
        return False
    raise _Bad(N_("Yes or no"))


def _field_value(field):
    """The reader of a field's cells: a number, a date, one option's label (several for a multiple picklist, split at
    ',' or ';'), or text."""
    def number(value, _ctx):
        n = value if isinstance(value, (int, float)) and not isinstance(value, bool) else _number(_text(value))
        if n is None or not -MAX_NUMBER <= float(n) <= MAX_NUMBER:
            raise _Bad(N_("'%(value)s' is no number"), value=_text(value)[:40])
        return float(n)

    def option(value, _ctx):
        labels = {o.label.casefold(): o.label for o in field.options} | \
            {o.value.casefold(): o.label for o in field.options}
        items = [i.strip() for i in re.split(r"[,;]", _text(value))] if field.multiple else [_text(value)]
        chosen = [labels.get(i.casefold()) for i in items if i]
        if None in chosen:
            raise _Bad(N_("One of %(values)s"), values=", ".join(o.label for o in field.options))
        return chosen if field.multiple else chosen[0]

    return {"NUMERIC": number, "DATE": lambda v, c: _day(v).isoformat(), "PICKLIST": option}.get(
        field.type, _limited(MAX_TEXT))


READERS = {"name": _limited(MAX_NAME), "wbs": _wbs, "parent": lambda v, c: _text(v), "type": _type,
           "owner": _owner, "start": _day, "deadline": _day, "status": _status, "predecessors": _predecessors,
           "milestone": _milestone, "description": _limited(MAX_DESCRIPTION)}


# --- rows -----------------------------------------------------------------------------------------------------------

class _Errors:
    """The errors of the file, each {row, column (its header), message (said)}."""

    def __init__(self, headers, columns_):
        self.headers, self.columns, self.items = headers, columns_, []

    def add(self, n, target, message, /, **values):
        index = self.columns.get(target, -1)
        self.items.append((n, index, {"row": n, "column": self.headers[index] if index >= 0 else None,
                                      "message": _(message, **values)}))

    def listed(self):
        out = [e for _n, _i, e in sorted(self.items, key=lambda t: (t[0], t[1]))]
        if len(out) > MAX_ERRORS:
            more = len(out) - MAX_ERRORS
            out = out[:MAX_ERRORS] + [{"row": None, "column": None, "message": _("… and %(n)s more", n=more)}]
        return out


def _type_labels(portal):
    """({word: type}, [labels said]) of the types below the portal on its platform: a type is said by its English or
    translated label or its code ('Task', 'task', '4rineu_task'), compared casefolded."""
    rules = platforms.SKELETON.get(portal.platform, ())
    types, labels = {}, []
    for _parent, child, label, _plural in rules:
        if child == platforms.PORTAL:
            continue
        for word in (label, translate(label), child, platforms.short_type(child)):
            types.setdefault(word.casefold(), child)
        if label not in labels:
            labels.append(label)
    return types, [_(label) for label in labels]


def _parse(n, row, columns_, readers, ctx, errors):
    """{target: value} of a row's non-empty cells, each read; a bad cell is an error and left out."""
    out = {}
    for target, index in columns_.items():
        value = row[index]
        if value == "":
            continue
        try:
            out[target] = readers[target](value, ctx)
        except _Bad as e:
            errors.add(n, target, e.message, **e.values)
    if row[columns_["name"]] == "":
        errors.add(n, "name", N_("The name is missing"))
    if "wbs" in columns_ and row[columns_["wbs"]] == "":
        errors.add(n, "wbs", N_("The WBS code is missing"))
    start, deadline = out.get("start"), out.get("deadline")
    if start and deadline and deadline < start:
        errors.add(n, "deadline", N_("The deadline cannot be before the start date"))
    return out


def _link_wbs(rows, errors):
    """{WBS code: row}, each row keyed by its code ('row:2.3.1'); a code given twice is an error."""
    first = {}
    for r in rows:
        code = r["cells"].get("wbs")
        if code is None:
            continue
        if code in first:
            errors.add(r["n"], "wbs", N_("WBS code %(code)s is also row %(row)s's"), code=code, row=first[code]["n"])
            continue
        first[code] = r
        r["key"] = "row:" + code
    return first


def _parents_by_wbs(rows, codes, errors):
    for r in rows:
        code = r["cells"].get("wbs")
        if code is None or "." not in code or codes.get(code) is not r:
            continue
        prefix = code.rsplit(".", 1)[0]
        if prefix in codes:
            r["parent"] = codes[prefix]["key"]
        else:
            errors.add(r["n"], "wbs", N_("No row has WBS code %(parent)s, the parent of %(code)s"), parent=prefix,
                       code=code)


def _parents_by_column(rows, codes, errors):
    """Each row's parent from the parent column: a WBS code of the file, else a name only one row has."""
    names = {}
    for r in rows:
        if "name" in r["cells"]:
            names.setdefault(r["cells"]["name"].strip().casefold(), []).append(r)
    for r in rows:
        ref = r["cells"].get("parent", "").strip()
        if not ref:
            continue
        ref = _code(ref) if _WBS.fullmatch(ref) else ref
        found = [codes[ref]] if ref in codes else names.get(ref.casefold(), [])
        if len(found) > 1:
            errors.add(r["n"], "parent", N_("Several rows are named '%(name)s': give the parent's WBS code"),
                       name=ref[:80])
        elif not found:
            errors.add(r["n"], "parent", N_("No row is named '%(name)s'"), name=ref[:80])
        elif found[0] is r:
            errors.add(r["n"], "parent", N_("A row cannot be its own parent"))
        else:
            r["parent"] = found[0]["key"]


def _ordered(rows, by_wbs, errors):
    """The rows with parents before their children (in WBS order, else the file's), each knowing whether it has
    children; rows whose parents go round in a loop are errors."""
    if by_wbs:
        rows = sorted(rows, key=lambda r: tuple(int(p) for p in r["cells"].get("wbs", "0").split(".")))
    children = {}
    for r in rows:
        children.setdefault(r["parent"], []).append(r)
    out, stack = [], list(reversed(children.get(None, [])))
    while stack:
        r = stack.pop()
        out.append(r)
        kids = children.get(r["key"], [])
        r["container"] = bool(kids)
        stack.extend(reversed(kids))
    placed = {id(r) for r in out}
    for r in rows:
        if id(r) not in placed:
            errors.add(r["n"], "parent", N_("This row's parents go round in a loop"))
    return out


def _relations(rows, codes, errors):
    """The predecessors' relations (from the predecessor to the row); an unknown code, the row itself, a pair named
    twice and a loop of predecessors are errors."""
    out, pairs = [], {}
    for r in rows:
        for code, kind, lag in r["cells"].get("predecessors", ()):
            other = codes.get(code)
            if other is None:
                errors.add(r["n"], "predecessors", N_("No row has WBS code %(code)s"), code=code)
            elif other is r:
                errors.add(r["n"], "predecessors", N_("A row cannot be its own predecessor"))
            elif frozenset((id(r), id(other))) in pairs:
                errors.add(r["n"], "predecessors", N_("%(code)s and this row are related twice"), code=code)
            else:
                pairs[frozenset((id(r), id(other)))] = r
                out.append({"from": other["key"], "to": r["key"], "kind": kind, "lag": lag, "_row": r})
    looped = _in_loops([(rel["from"], rel["to"]) for rel in out])
    for r in {id(rel["_row"]): rel["_row"] for rel in out
              if rel["to"] in looped and rel["from"] in looped}.values():
        errors.add(r["n"], "predecessors", N_("These predecessors go round in a loop"))
    return [{k: v for k, v in rel.items() if k != "_row"} for rel in out]


def _peel(keys, edges):
    """`keys` without those that no edge from the others reaches, again and again (Kahn's order)."""
    after, entering = {}, {k: 0 for k in keys}
    for a, b in edges:
        if a in keys and b in keys:
            after.setdefault(a, []).append(b)
            entering[b] += 1
    free = [k for k, n in entering.items() if n == 0]
    left = set(keys)
    while free:
        k = free.pop()
        left.discard(k)
        for b in after.get(k, ()):
            entering[b] -= 1
            if entering[b] == 0:
                free.append(b)
    return left


def _in_loops(edges):
    """The keys on (or between) loops of the edges: what is left once those with no predecessor left, and then
    those with no successor left, are peeled off."""
    keys = _peel({k for e in edges for k in e}, edges)
    return _peel(keys, [(b, a) for a, b in edges])


# --- the plan -----------------------------------------------------------------------------------------------------

def _deliverable(cells, people):
    if not {"owner", "start", "deadline", "status", "milestone"} & set(cells):
        return None
    owner = cells.get("owner")
    if owner:
        people.setdefault("e:" + owner, {"email": owner, "name": owner, "login": None})
    day = lambda k: cells[k].isoformat() if k in cells else None  # noqa: E731
    return {"status": cells.get("status", "NOT_STARTED"), "owner": "e:" + owner if owner else None,
            "startDate": day("start"), "deadline": day("deadline"), "completionDate": None,
            "milestone": cells.get("milestone", False)}


def _module(r, fields, people):
    cells = r["cells"]
    return {"key": r["key"], "parent": r["parent"], "name": cells["name"], "description": cells.get("description", ""),
            "kind": "container" if r["container"] else "item", "type": cells.get("type"),
            "deliverable": _deliverable(cells, people),
            "values": {k: v for k, v in cells.items() if k in fields}, "members": [], "created": None,
            "author": None}


def _field_entry(key, f):
    entry = {"key": key, "label": f.label, "type": f.type, "multiple": bool(f.multiple), "existing": f.id}
    if f.type == "PICKLIST":
        entry["options"] = [o.label for o in f.options]
    return entry


def read(portal, data_bytes, filename, mapping):
    """(plan, []) of a work plan file with its columns mapped ({header: target or None}), or (None, errors) when any
    row is bad: every error {row, column, message}, in row order. plan.Invalid when the file or the mapping cannot be
    used at all (not CSV or XLSX, over 10,000 rows or the size limit, no name column, an unknown target)."""
    headers, table = _table(data_bytes, filename)
    fields = _fields(portal)
    columns_ = _checked(mapping, headers, fields)
    types, type_labels = _type_labels(portal)
    readers = {**READERS, **{k: _field_value(f) for k, f in fields.items() if k in columns_}}
    errors = _Errors(headers, columns_)
    ctx = {"types": types, "type_labels": type_labels}
    rows = [{"n": n, "cells": _parse(n, row, columns_, readers, ctx, errors), "key": f"row:{n}", "parent": None,
             "container": False} for n, row in table]
    codes = _link_wbs(rows, errors) if "wbs" in columns_ else {}
    if "parent" in columns_:
        _parents_by_column(rows, codes, errors)
    else:
        _parents_by_wbs(rows, codes, errors)
    ordered = _ordered(rows, "wbs" in columns_, errors)
    relations = _relations(ordered, codes, errors)
    if errors.items:
        return None, errors.listed()
    out = ir.empty("spreadsheet")
    out["modules"] = [_module(r, fields, out["people"]) for r in ordered]
    used = {k for m in out["modules"] for k in m["values"]}
    out["fields"] = [_field_entry(k, f) for k, f in fields.items() if k in used]
    out["relations"] = relations
    return out, []
