"""The platform roots and their skeleton: data, inserted idempotently (migrations, tests, seed), and read here:
which child types each type allows, and what each type is called (label, plural, tab)."""
import time
from dataclasses import dataclass

import sqlalchemy as sa
from flask import current_app

from ..extensions import db
from ..i18n import N_, get_locale, translate
from ..models import SkeletonRule

ROOT_TYPE = "4rineu_platform"
PORTAL = "4rineu_portal"

PLATFORMS = [
    # (platform, root name)
    ("4rineu", "4RinEU Renovation Platform"),
    ("peb", "PEB Data Platform"),
    ("calibr", "Calibr Data Platform"),
]

_RENOVATION = [
    (ROOT_TYPE, PORTAL, N_("Portal"), N_("Portals")),
    (PORTAL, "4rineu_project", N_("Project"), N_("Projects")),
    ("4rineu_project", "4rineu_phase", N_("Phase"), N_("Phases")),
    ("4rineu_project", "4rineu_task", N_("Task"), N_("Tasks")),
    ("4rineu_phase", "4rineu_task", N_("Task"), N_("Tasks")),
    ("4rineu_task", "4rineu_subtask", N_("Subtask"), N_("Subtasks")),
]
_CONSULTANCY = [
    (ROOT_TYPE, PORTAL, N_("Portal"), N_("Portals")),
    (PORTAL, "4rineu_project", N_("Building"), N_("Buildings")),
    ("4rineu_project", "4rineu_task", N_("Task"), N_("Tasks")),
    ("4rineu_task", "4rineu_subtask", N_("Subtask"), N_("Subtasks")),
]
# The labels are data (skeleton_rule rows) and English; marked for the catalogs, a sentence or a form says them in
# its reader's language.
SKELETON = {"4rineu": _RENOVATION, "peb": _CONSULTANCY, "calibr": _CONSULTANCY}


def ensure_platforms(conn):
    """Insert the three platform roots and the skeleton rules that are missing. Works on a Connection."""
    meta = sa.MetaData()
    module = sa.Table("module", meta, autoload_with=conn)
    rule = sa.Table("skeleton_rule", meta, autoload_with=conn)
    for platform, name in PLATFORMS:
        exists = conn.execute(sa.select(module.c.id).where(
            module.c.platform == platform, module.c.level == 0)).first()
        if not exists:
            new_id = conn.execute(module.insert().values(
                name=name, description="", type=ROOT_TYPE, platform=platform, path="/", level=0, idx=0,
                locked=False, created=sa.func.current_timestamp())).inserted_primary_key[0]
            conn.execute(module.update().where(module.c.id == new_id).values(path=f"/{new_id}/"))
        for i, (parent, child, label, plural) in enumerate(SKELETON[platform]):
            have = conn.execute(sa.select(rule.c.id).where(
                rule.c.platform == platform, rule.c.parent_type == parent, rule.c.child_type == child)).first()
            if not have:
                conn.execute(rule.insert().values(platform=platform, parent_type=parent, child_type=child,
                                                  label=label, label_plural=plural, idx=i))


def tab_path(label):
    return label.lower().replace(" ", "-")


# --- reading the skeleton: what each type allows below it, and what each type is called ------------------

@dataclass(frozen=True)
class Rule:
    """A skeleton rule as plain data (kept between requests, so no ORM object)."""
    platform: str
    parent_type: str
    child_type: str
    label: str
    label_plural: str
    idx: int


SKELETON_SECONDS = 300  # the skeleton is data the migrations write; a process rereads it this often


def _skeleton_maps():
    """({(platform, parent_type): [rules]}, {(platform, child_type): rule}, {type: names}). Read at most every
    SKELETON_SECONDS by each process (kept in the app's extensions), so a page costs no query for it."""
    app = current_app._get_current_object()
    held = app.extensions.get("skeleton")
    if held is None or held[0] + SKELETON_SECONDS < time.monotonic():
        rules = [Rule(r.platform, r.parent_type, r.child_type, r.label, r.label_plural, r.idx)
                 for r in db.session.scalars(db.select(SkeletonRule).order_by(SkeletonRule.idx))]
        by_parent, by_child = {}, {}
        for rule in rules:
            by_parent.setdefault((rule.platform, rule.parent_type), []).append(rule)
            by_child.setdefault((rule.platform, rule.child_type), rule)
        held = app.extensions["skeleton"] = (time.monotonic(), (by_parent, by_child, {}))
    return held[1]


def forget_skeleton():
    """After the skeleton rows change in this process (tests, platform setup)."""
    current_app.extensions.pop("skeleton", None)


def skeleton():
    """{(platform, parent_type): [Rule, ...]}."""
    return _skeleton_maps()[0]


def child_rules(module):
    return skeleton().get((module.platform, module.type), [])


def type_rule(module):
    """The skeleton rule that names this module's type on its platform (None for a platform root)."""
    return _skeleton_maps()[1].get((module.platform, module.type))


def type_names(module):
    """(label, plural, tab) of the module's type in the request's language, worked out once per type and language
    (and kept with the skeleton). The tab is a path: made from the English plural, the same in every language."""
    language = str(get_locale() or "en")
    key = (module.platform, module.type, module.level == 0, language)
    names = _skeleton_maps()[2].get(key)
    if names is None:
        plural = type_plural(module)
        names = _skeleton_maps()[2][key] = (translate(type_label(module)), translate(plural),
                                            plural.lower().replace(" ", "-"))
    return names


def tab_under(platform, parent_type, child_type):
    """The tab a child of `child_type` lives under on the page of a `parent_type` module (the skeleton rule's
    plural as a path, as module/view's childTypes give it), or None when the skeleton has no such rule."""
    for rule in skeleton().get((platform, parent_type), ()):
        if rule.child_type == child_type:
            return tab_path(rule.label_plural)
    return None


def type_label(module):
    rule = type_rule(module)
    if rule:
        return rule.label
    return N_("Platform") if module.level == 0 else module.type.replace("4rineu_", "").title()


def type_plural(module):
    rule = type_rule(module)
    return rule.label_plural if rule else type_label(module) + "s"


def short_type(type_):
    return type_[len("4rineu_"):] if type_.startswith("4rineu_") else type_


def present_rule(rule):
    """A skeleton rule, its labels in the request's language (the tab, a path, from the English plural)."""
    return {"parentType": rule.parent_type, "type": rule.child_type, "label": translate(rule.label),
            "labelPlural": translate(rule.label_plural), "tab": rule.label_plural.lower().replace(" ", "-")}


def platform_rules(platform):
    """Every rule of a platform's skeleton, presented."""
    return [present_rule(r) for (p, _), rules in skeleton().items() if p == platform for r in rules]
