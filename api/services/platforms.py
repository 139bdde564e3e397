"""The platform roots and their skeleton: data, inserted idempotently (migrations, tests, seed)."""
import sqlalchemy as sa

ROOT_TYPE = "4rineu_platform"
PORTAL = "4rineu_portal"

PLATFORMS = [
    # (platform, root name)
    ("4rineu", "4RinEU Renovation Platform"),
    ("peb", "PEB Data Platform"),
    ("calibr", "Calibr Data Platform"),
]

_RENOVATION = [
    (ROOT_TYPE, PORTAL, "Portal", "Portals"),
    (PORTAL, "4rineu_project", "Project", "Projects"),
    ("4rineu_project", "4rineu_phase", "Phase", "Phases"),
    ("4rineu_project", "4rineu_task", "Task", "Tasks"),
    ("4rineu_phase", "4rineu_task", "Task", "Tasks"),
    ("4rineu_task", "4rineu_subtask", "Subtask", "Subtasks"),
]
_CONSULTANCY = [
    (ROOT_TYPE, PORTAL, "Portal", "Portals"),
    (PORTAL, "4rineu_project", "Building", "Buildings"),
    ("4rineu_project", "4rineu_task", "Task", "Tasks"),
    ("4rineu_task", "4rineu_subtask", "Subtask", "Subtasks"),
]
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
