"""The report of a module: metric panels on a dashboard grid, and the data each panel shows.

`show()` reads the values of one custom-field attribute over the module's whole subtree in a fixed
number of queries (the fields of that attribute, then the values joined with their module and
option), and groups and aggregates them in Python.
"""
import json
import math

from sqlalchemy import or_, select
from sqlalchemy.exc import IntegrityError

from .. import links
from .. import permissions as perm
from ..errors import NotFound
from ..extensions import db
from ..i18n import N_, _, translate
from ..transactions import check_version
from .owned import get_owned
from ..models.module import path_under
from ..models import CustomField, CustomValue, Metric, Module, PicklistOption, Report
from ..links import Ctx
from . import feed, platforms
from .sentences import said

PANEL_TYPES = ("default", "min", "max", "avg", "tot", "bar", "table", "all", "datatable")
BG_COLORS = ("default", "red", "green", "blue", "pink", "yellow")
NUMERIC_TYPES = ("NUMERIC", "DATED_NUMERIC")
DEFAULT_W, DEFAULT_H, GRID_COLS = 3, 4, 12


# --- the report and its metrics --------------------------------------------------------------------

def report_of(module):
    """The module's report, made on first use."""
    report = db.session.scalar(select(Report).where(Report.module_id == module.id))
    if report is not None:
        return report
    report = Report(module_id=module.id, layout="[]")
    db.session.add(report)
    try:
        db.session.commit()
    except IntegrityError:  # made by a concurrent request meanwhile
        db.session.rollback()
        report = db.session.scalar(select(Report).where(Report.module_id == module.id))
    return report


def _fields_query(module):
    """Custom fields that apply to the module or its subtree: defined on an ancestor, itself or a descendant."""
    return select(CustomField).where(or_(
        CustomField.module_id.in_(module.ancestor_ids + [module.id]),
        CustomField.module_id.in_(select(Module.id).where(path_under(Module.path, module.path)))))


def attributes_of(module):
    """[{attribute, label, type, symbol, prefixSymbol}] available to the module's report (one query)."""
    fields_ = db.session.scalars(_fields_query(module).order_by(CustomField.idx, CustomField.id)).all()
    near = {mid: i for i, mid in enumerate(reversed(module.ancestor_ids + [module.id]))}
    out = {}
    for f in sorted(fields_, key=lambda f: near.get(f.module_id, len(near))):
        out.setdefault(f.attribute, {"attribute": f.attribute, "label": f.label, "type": f.type,
                                     "symbol": f.symbol, "prefixSymbol": f.prefix_symbol})
    return sorted(out.values(), key=lambda a: a["label"].lower())


def present_metric(c, m):
    return {"id": m.id, "moduleId": m.module_id, "title": m.title, "description": m.description,
            "attribute": m.attribute, "layout": m.layout, "version": m.version, "links": links.of("metric", Ctx(c.user, c.module, c.r, m))}


def _metric_item(user, module, m):
    return present_metric(Ctx(user, module, perm.rights(user, module)), m)


def view(user, module):
    """The report item: layout, metrics with links, available attributes, links (four queries at most)."""
    report = report_of(module)
    c = Ctx(user, module, perm.rights(user, module))
    metrics = db.session.scalars(select(Metric).where(Metric.report_id == report.id).order_by(Metric.id)).all()
    return {"id": report.id, "moduleId": module.id, "layout": report.layout,
            "metrics": [present_metric(c, m) for m in metrics], "attributes": attributes_of(module),
            "links": links.of("report", Ctx(user, module, c.r, report))}


def get_metric(module, metric_id):
    return get_owned(Metric, module, metric_id)


def get_report(module, report_id):
    return get_owned(Report, module, report_id)


def _layout_of(metric):
    try:
        value = json.loads(metric.layout or "{}")
    except ValueError:
        value = {}
    return value if isinstance(value, dict) else {}


def merge_layout(current, data):
    """The metric's layout: the submitted layout JSON over the current one, then panelType and bgColor."""
    out = dict(current or {})
    out.update(data.get("layout") or {})
    for key in ("panelType", "bgColor"):
        if data.get(key):
            out[key] = data[key]
    out.setdefault("panelType", "default")
    out.setdefault("bgColor", "default")
    return json.dumps(out, separators=(",", ":"))


def _place_new(report, metric):
    """Put a new panel under the others, DEFAULT_W x DEFAULT_H."""
    items = json.loads(report.layout or "[]")
    bottom = max((it.get("y", 0) + it.get("h", 0) for it in items), default=0)
    count_last_row = [it for it in items if it.get("y", 0) + it.get("h", 0) == bottom]
    x = sum(it.get("w", 0) for it in count_last_row) if bottom else 0
    if x + DEFAULT_W > GRID_COLS or not items:
        x, y = 0, bottom
    else:
        y = min(it.get("y", 0) for it in count_last_row)
    items.append({"i": str(metric.id), "x": x, "y": y, "w": DEFAULT_W, "h": DEFAULT_H})
    report.layout = json.dumps(items, separators=(",", ":"))


def add_metric(user, module, data):
    report = report_of(module)
    metric = Metric(report_id=report.id, module_id=module.id, title=data["title"],
                    description=data.get("description") or "", attribute=data["attribute"],
                    layout=merge_layout({}, data))
    db.session.add(metric)
    db.session.flush()
    _place_new(report, metric)
    feed.record(user, module, "add", "metric",
                said(N_("Added the metric '%(title)s' to the report of '%(module)s'"), title=metric.title,
                     module=module.name),
                item=metric.id, data={"name": metric.title})
    db.session.commit()
    return _metric_item(user, module, metric)


def edit_metric(user, module, metric, data):
    check_version(metric, data, lambda: _metric_item(user, module, metric))
    metric.title = data["title"]
    if "description" in data:
        metric.description = data.get("description") or ""
    if data.get("attribute"):
        metric.attribute = data["attribute"]
    metric.layout = merge_layout(_layout_of(metric), data)
    feed.record(user, module, "edit", "metric",
                said(N_("Changed the metric '%(title)s' of '%(module)s'"), title=metric.title, module=module.name),
                item=metric.id, data={"name": metric.title})
    db.session.commit()
    return _metric_item(user, module, metric)


def delete_metric(user, module, metric):
    report = db.session.get(Report, metric.report_id)
    if report is not None:
        items = [it for it in json.loads(report.layout or "[]") if str(it.get("i")) != str(metric.id)]
        report.layout = json.dumps(items, separators=(",", ":"))
    db.session.delete(metric)
    feed.record(user, module, "delete", "metric",
                said(N_("Removed the metric '%(title)s' from '%(module)s'"), title=metric.title, module=module.name),
                data={"name": metric.title})
    db.session.commit()


def save_layout(user, module, report, items):
    """Keep the grid items of panels that exist (a panel deleted meanwhile is dropped)."""
    ids = set(db.session.scalars(select(Metric.id).where(Metric.report_id == report.id)))
    kept = [it for it in items if it["i"].isdigit() and int(it["i"]) in ids]
    report.layout = json.dumps(kept, separators=(",", ":"))
    feed.record(user, module, "edit", "report",
                said(N_("Arranged the report panels of '%(module)s'"), module=module.name))
    db.session.commit()
    return report


# --- the data of one attribute ---------------------------------------------------------------------

def _number(x):
    if x is None:
        return None
    if float(x).is_integer() and abs(x) < 1e15:
        return f"{int(x):,}"
    return f"{x:,.2f}"


def format_number(x, field):
    text = _number(x)
    if text is None:
        return None
    if field is not None and field.symbol:
        return f"{field.symbol}{text}" if field.prefix_symbol else f"{text} {field.symbol}"
    return text


def _formatted(value, option, field):
    if field.type == "PICKLIST":
        return option.label if option is not None else value.stringval
    if field.type in NUMERIC_TYPES:
        return format_number(value.numval, field)
    if field.type == "DATE":
        return value.dateval.isoformat() if value.dateval else None
    return value.stringval


def show(user, module, attribute):
    """{type, values, groupedValues, aggregatedValues} of one attribute over the module's subtree: two queries."""
    fields_ = db.session.scalars(_fields_query(module).where(CustomField.attribute == attribute)
                                 .order_by(CustomField.id)).all()
    if not fields_:
        raise NotFound(_("No custom field with this attribute here"))
    by_id = {f.id: f for f in fields_}
    near = {mid: i for i, mid in enumerate(reversed(module.ancestor_ids + [module.id]))}
    main = min(fields_, key=lambda f: (near.get(f.module_id, len(near)), f.id))
    rows = db.session.execute(
        select(CustomValue, Module.name, Module.type, PicklistOption)
        .join(Module, Module.id == CustomValue.module_id)
        .outerjoin(PicklistOption, PicklistOption.id == CustomValue.option_id)
        .where(CustomValue.field_id.in_(list(by_id)), path_under(Module.path, module.path))
        .order_by(Module.path, CustomValue.id)).all()
    labels = {}
    for (platform, _parent), rules in platforms.skeleton().items():
        for rule in rules:
            if platform == module.platform:
                labels[rule.child_type] = translate(rule.label)
    values = []
    for value, name, mtype, option in rows:
        field = by_id[value.field_id]
        values.append({
            "id": value.id, "module_id": value.module_id, "module_name": name,
            "entity_name": labels.get(mtype, platforms.short_type(mtype).title()), "entity_type": mtype,
            "user_id": value.user_id, "stringval": value.stringval, "numval": value.numval,
            "dateval": value.dateval.isoformat() if value.dateval else None,
            "option_value": option.value if option is not None else None,
            "option_label": option.label if option is not None else None,
            "value_formatted": _formatted(value, option, field)})
    return {"attribute": attribute, "label": main.label, "type": main.type, "symbol": main.symbol,
            "prefixSymbol": main.prefix_symbol, "values": values,
            "groupedValues": grouped(main, values), "aggregatedValues": aggregated(main, values)}


def grouped(field, values):
    """Numbers: per module (freq values, total their sum). Picklists and text: per value label (freq of
    the label, total all values), picklist groups in the order of the options with their `rank` among the
    `ranks` options."""
    if field.type in NUMERIC_TYPES:
        out = {}
        for v in values:
            if v["numval"] is None:
                continue
            g = out.setdefault(v["module_id"], {"module_id": v["module_id"], "module_name": v["module_name"],
                                                "label": v["module_name"], "freq": 0, "total": 0.0})
            g["freq"] += 1
            g["total"] += v["numval"]
        for g in out.values():
            g["total_formatted"] = format_number(g["total"], field)
        return list(out.values())
    order = {o.value: i for i, o in enumerate(field.options)} if field.type == "PICKLIST" else {}
    out = {}
    for v in values:
        label = v["value_formatted"] if field.type != "DATE" else v["dateval"]
        if label is None or label == "":
            continue
        g = out.setdefault(label, {"module_id": None, "module_name": label, "label": label,
                                   "value": v["option_value"] or v["stringval"] or label, "freq": 0, "total": 0})
        g["freq"] += 1
    total = sum(g["freq"] for g in out.values())
    for g in out.values():
        g["total"] = total
        if order:  # a picklist's option: its place among all the options, so its colour is the same on every chart
            g["rank"], g["ranks"] = order.get(g["value"]), len(order)
    return sorted(out.values(), key=lambda g: (order.get(g["value"], len(order)), -g["freq"], str(g["label"])))


def aggregated(field, values):
    out = {"count": len(values), "avg_value": None, "min_value": None, "max_value": None, "sum_value": None,
           "avg_value_formatted": None, "min_value_formatted": None, "max_value_formatted": None,
           "sum_value_formatted": None}
    if field.type in NUMERIC_TYPES:
        nums = [v["numval"] for v in values if v["numval"] is not None and math.isfinite(v["numval"])]
        out["count"] = len(nums)
        if nums:
            total = sum(nums)
            out.update(avg_value=total / len(nums), min_value=min(nums), max_value=max(nums), sum_value=total)
            for k in ("avg", "min", "max", "sum"):
                out[f"{k}_value_formatted"] = format_number(out[f"{k}_value"], field)
    elif field.type == "DATE":
        dates = sorted(v["dateval"] for v in values if v["dateval"])
        if dates:
            out.update(min_value=dates[0], max_value=dates[-1], min_value_formatted=dates[0],
                       max_value_formatted=dates[-1])
    return out
