"""The demo: a renovation consortium portal (phases 0 to IV) and the consultancy's two platforms,
with members of every badge, deliverables of every status around today, and custom values.
Later features add their own demo content here."""
from datetime import date, timedelta

from sqlalchemy import select

from ..extensions import db
from ..models.module import path_under
from ..models import (CustomField, CustomValue, Deliverable, Membership, Module, PicklistOption, User)
from ..i18n import N_
from . import accounts, done, feed, sentences
from .sentences import said
from .modules import add_default_fields
from .platforms import PORTAL, ensure_platforms

PASSWORD = "demo1234"
SIGN_IN_HELP = f"""Sign in at http://127.0.0.1:8080 with one of the demo accounts (password: {PASSWORD}):
  admin@demo.eu    superuser, sees every portal
  sofia@demo.eu    Super Admin of the 4RinEU consortium portal
  marco@demo.eu    Editor of the Lisbon demo case
  elena@demo.eu    Editor of the Oslo demo case, Viewer of Lisbon
  lars@demo.eu     Super Admin of the Oslo demo case
  viktor@demo.eu   Viewer of the consortium portal
  paula@demo.eu    Admin of the PEB and Calibr portals
  nobody@demo.eu   no portal yet"""

USERS = [
    ("admin@demo.eu", "Ada Administrator", "4RinEU Coordination", True),
    ("sofia@demo.eu", "Sofia Marques", "NOVA University Lisbon", False),
    ("marco@demo.eu", "Marco Rossi", "EURAC Research", False),
    ("elena@demo.eu", "Elena Novak", "SINTEF", False),
    ("lars@demo.eu", "Lars Berg", "Oslo Boligbyggelag", False),
    ("viktor@demo.eu", "Viktor Hansen", "Aalborg University", False),
    ("paula@demo.eu", "Paula Weber", "Calibr Energy Consulting", False),
    ("nobody@demo.eu", "Nora Newcomer", "Independent", False),
]

PHASES = [
    ("Phase 0 – Preliminary diagnosis", "Survey the building, its users and its energy use to find what renovation it needs.",
     ["Building survey", "Energy audit", "Occupant questionnaire"]),
    ("Phase I – Design and strategy", "Choose the renovation package: envelope, systems and renewables, with costs.",
     ["Renovation scenarios", "Life-cycle cost analysis", "Façade module design"]),
    ("Phase II – Procurement", "Tender the works and contract the suppliers of the prefabricated modules.",
     ["Tender documents", "Supplier selection"]),
    ("Phase III – Construction", "Install the prefabricated façade, the systems and the renewables on site.",
     ["Site preparation", "Façade installation", "Heat pump commissioning"]),
    ("Phase IV – Commissioning and monitoring", "Check the promised performance and monitor it in use.",
     ["Monitoring plan", "Post-occupancy evaluation"]),
]
STATUSES = ["COMPLETED", "VERIFIED_COMPLETE", "COMPLETED", "IN_PROGRESS", "IN_PROGRESS", "BLOCKED", "NOT_STARTED",
            "NOT_STARTED"]


class _Builder:
    def __init__(self, users):
        self.users = users
        self.today = date.today()

    def module(self, parent, type_, name, description="", by="admin@demo.eu"):
        last = db.session.scalar(select(db.func.max(Module.idx)).where(Module.parent_id == parent.id))
        m = Module(parent_id=parent.id, name=name, description=description, type=type_, platform=parent.platform,
                   level=parent.level + 1, idx=0 if last is None else last + 1, path=parent.path,
                   created_by_id=self.users[by].id)
        db.session.add(m)
        db.session.flush()
        m.path = f"{parent.path}{m.id}/"
        feed.record(self.users[by], m, "add", "module", said(N_("Created '%(name)s'"), name=name))
        return m

    def member(self, module, email, role="User", admin=False, create=False, edit=False, delete=False):
        db.session.add(Membership(module_id=module.id, user_id=self.users[email].id, role=role, admin=admin,
                                  allow_create=create or admin, allow_view=True, allow_edit=edit or admin,
                                  allow_delete=delete or admin))

    def deliverable(self, module, status, start, length, owner):
        start_date = self.today + timedelta(days=start)
        d = Deliverable(module_id=module.id, status=status, owner_id=self.users[owner].id, start_date=start_date,
                        deadline=start_date + timedelta(days=length))
        if status in ("IN_PROGRESS", "BLOCKED", "COMPLETED", "VERIFIED_COMPLETE"):
            d.commenced_date = start_date + timedelta(days=1)
        if status in done.DONE:
            d.completion_date = max(d.commenced_date, min(d.deadline, self.today))  # never before it began
            d.status_before_done = "IN_PROGRESS"  # it was under way: unticking it says so again
        db.session.add(d)
        return d

    def value(self, field, module, user, **kw):
        db.session.add(CustomValue(field_id=field.id, module_id=module.id, user_id=self.users[user].id, **kw))


def _field(portal, attribute, label, type_, symbol=None, prefix=False, target=None, options=()):
    f = CustomField(module_id=portal.id, attribute=attribute, label=label, type=type_, symbol=symbol,
                    prefix_symbol=prefix, target_type=target)
    db.session.add(f)
    db.session.flush()
    for i, (value, lbl) in enumerate(options):
        db.session.add(PicklistOption(field_id=f.id, value=value, label=lbl, idx=i))
    db.session.flush()
    return f


def _tick_what_is_done():
    """One meaning of done (services/done.py): every demo module whose status is done has its checklist box
    ticked, by the deliverable's owner."""
    rows = db.session.execute(select(Deliverable, Module).join(Module, Module.id == Deliverable.module_id)
                              .where(Deliverable.status.in_(done.DONE)).order_by(Module.id)).all()
    for d, m in rows:
        field = done.box_field(m)
        if field is not None:
            opt = next(o for o in field.options if o.value == done.TICKED)
            db.session.add(CustomValue(field_id=field.id, module_id=m.id, user_id=d.owner_id, option_id=opt.id,
                                       stringval=done.TICKED))


def seed():
    with db.engine.begin() as conn:
        ensure_platforms(conn)
    if db.session.scalar(select(User).where(User.email == "admin@demo.eu")):
        return False
    users = {}
    for email, name, org, su in USERS:
        users[email] = accounts.create_user(email, PASSWORD, name, superuser=su, organisation=org)
    b = _Builder(users)
    roots = {m.platform: m for m in db.session.scalars(select(Module).where(Module.level == 0))}

    portal = b.module(roots["4rineu"], PORTAL, "4RinEU Consortium",
                      "Robust and reliable technology concepts and business models for the deep renovation of "
                      "residential buildings in Europe: the consortium's shared workspace.")
    add_default_fields(portal)
    b.member(portal, "sofia@demo.eu", role="Coordinator", admin=True)
    b.member(portal, "viktor@demo.eu", role="Reviewer")
    energy = _field(portal, "energy_class", "Energy class", "PICKLIST", target="4rineu_project",
                    options=[(c, c) for c in ("A", "B", "C", "D", "E", "F", "G")])
    budget = _field(portal, "budget", "Budget", "NUMERIC", symbol="€", prefix=True, target="4rineu_project")
    area = _field(portal, "floor_area", "Floor area", "NUMERIC", symbol="m²", target="4rineu_project")
    saving = _field(portal, "energy_saving", "Energy saving", "DATED_NUMERIC", symbol="%")
    cases = [
        ("Lisbon demo case – social housing block", "A 1970s eight-storey block of 64 flats renovated with "
         "prefabricated timber façade modules and a central heat pump.", "marco@demo.eu", "D", 2400000, 5200),
        ("Oslo demo case – multifamily building", "A 1950s brick building with 24 flats: external insulation, "
         "ventilation with heat recovery and rooftop photovoltaics.", "lars@demo.eu", "E", 1450000, 2100),
        ("Madrid demo case – terraced houses", "Twelve terraced houses renovated one by one while occupied.",
         "elena@demo.eu", "F", 860000, 1500),
    ]
    projects = []
    for n, (name, desc, owner, cls, money, m2) in enumerate(cases):
        p = b.module(portal, "4rineu_project", name, desc)
        projects.append(p)
        b.deliverable(p, ["IN_PROGRESS", "IN_PROGRESS", "NOT_STARTED"][n], -120 + 30 * n, 420, owner)
        opt = next(o for o in energy.options if o.value == cls)
        b.value(energy, p, owner, option_id=opt.id, stringval=cls)
        b.value(budget, p, owner, numval=money)
        b.value(area, p, owner, numval=m2)
        for k, (phase_name, phase_desc, tasks) in enumerate(PHASES if n < 2 else PHASES[:2]):
            phase = b.module(p, "4rineu_phase", phase_name, phase_desc)
            b.deliverable(phase, STATUSES[min(k * 2, 7)] if n == 0 else STATUSES[min(k * 2 + 1, 7)],
                          -90 + k * 30, 45, owner)
            b.value(saving, phase, owner, numval=[12, 25, 31, 44, 58][k], dateval=b.today - timedelta(days=60 - k * 12))
            for t, task_name in enumerate(tasks):
                task = b.module(phase, "4rineu_task", task_name, f"{task_name} for the {name.split(' –')[0]}.")
                status = STATUSES[(k * 3 + t + n) % len(STATUSES)]
                b.deliverable(task, status, -40 + k * 12 + t * 4, 10 + t * 5,
                              [owner, "sofia@demo.eu", "elena@demo.eu"][t % 3])
                if t == 0:
                    for s, sub in enumerate(("Collect drawings", "Check on site")):
                        st = b.module(task, "4rineu_subtask", sub)
                        b.deliverable(st, STATUSES[(s + k + n) % len(STATUSES)], -20 + s * 5 + k * 10, 6, owner)
    lisbon, oslo, madrid = projects
    b.member(lisbon, "marco@demo.eu", role="Work package leader", create=True, edit=True)
    b.member(lisbon, "elena@demo.eu", role="Observer")
    b.member(oslo, "elena@demo.eu", role="Energy analyst", edit=True)
    b.member(oslo, "lars@demo.eu", role="Building owner", admin=True)
    b.member(madrid, "marco@demo.eu", role="Designer", edit=True)
    template = b.module(portal, "4rineu_project", "Renovation methodology template",
                        "The five phases of the methodology as an empty project to clone.")
    for phase_name, phase_desc, _ in PHASES:
        b.module(template, "4rineu_phase", phase_name, phase_desc)
    seed_knowledge_and_discussion(users, portal, projects)
    seed_vault(users, portal, projects)
    seed_avatars(users)
    seed_clone_templates(users, portal)

    for platform, pname, pdesc, buildings in (
        ("peb", "PEB Energy Audits", "Energy performance audits of office and school buildings.",
         ["Office tower Brussels", "Primary school Ghent"]),
        ("calibr", "Calibr Monitoring", "Calibrated energy models of monitored buildings.",
         ["Hospital wing Leuven", "Retail park Antwerp", "Library Mechelen"]),
    ):
        cp = b.module(roots[platform], PORTAL, pname, pdesc)
        add_default_fields(cp)
        b.member(cp, "paula@demo.eu", role="Lead consultant", admin=True)
        b.member(cp, "viktor@demo.eu", role="Client")
        for i, bname in enumerate(buildings):
            bld = b.module(cp, "4rineu_project", bname, f"Audit and model of the {bname}.", by="admin@demo.eu")
            b.deliverable(bld, STATUSES[(i + 3) % 8], -30 + i * 10, 90, "paula@demo.eu")
            for t, tname in enumerate(("Metering data import", "Model calibration", "Savings report")):
                task = b.module(bld, "4rineu_task", tname)
                status = STATUSES[(i + t * 2) % 8]
                b.deliverable(task, status, -15 + t * 8, 12, "paula@demo.eu")
    _tick_what_is_done()
    seed_report(users, portal)
    db.session.commit()
    seed_field_values(users, portal, projects)
    seed_watches(users, portal, projects)
    return True


def seed_watches(users, portal, projects):
    """Who watches what in the demo (the coordinator her portal, each case's owner their case), and the demo's
    own history marked as dispatched: it is not news to anyone."""
    from .events import dispatch, watching
    watching.auto([users["sofia@demo.eu"].id], portal, "manual")
    for project in projects:
        owner = project.deliverable.owner_id if project.deliverable else None
        watching.auto([owner], project, "owner")
    db.session.commit()
    dispatch.skip_to_end()


def seed_field_values(users, portal, projects):
    """Values of every type on the demo cases, entered through the service as a person would (each a feed
    entry): notes (TEXT), the building permit (DATE), the measures (a multiple PICKLIST) and a monthly series of
    the measured energy saving (DATED_NUMERIC)."""
    from . import custom_field_values as cfv
    notes = _field(portal, "site_notes", "Site notes", "TEXT", target="4rineu_project")
    permit = _field(portal, "building_permit", "Building permit", "DATE", target="4rineu_project")
    measures = _field(portal, "measures", "Renovation measures", "PICKLIST", target="4rineu_project",
                      options=[("facade", "Prefabricated façade"), ("heat_pump", "Heat pump"),
                               ("pv", "Photovoltaics"), ("ventilation", "Ventilation with heat recovery")])
    measures.multiple = True
    saving = db.session.scalar(select(CustomField).where(CustomField.module_id == portal.id,
                                                         CustomField.attribute == "energy_saving"))
    db.session.commit()
    today = date.today()
    plan = [
        ("marco@demo.eu", "Tenants informed by letter; the site office opens on Mondays.", -200,
         ["facade", "heat_pump"], [8, 14, 19, 23, 27, 31]),
        ("lars@demo.eu", "Scaffolding on the north side until the roof works end.", -90,
         ["facade", "ventilation", "pv"], [5, 9, 12, 18]),
        ("elena@demo.eu", "Works house by house, one family moved out at a time.", 45, ["facade"], []),
    ]
    for project, (who, note, permit_in, chosen, points) in zip(projects, plan):
        user = users[who]
        cfv.add_value(user, project, notes, {"stringval": note})
        cfv.add_value(user, project, permit, {"dateval": today + timedelta(days=permit_in)})
        for option in chosen:
            cfv.add_value(user, project, measures, {"option": option})
        for i, n in enumerate(points):
            cfv.add_value(user, project, saving, {"numval": float(n),
                                                  "dateval": today - timedelta(days=30 * (len(points) - i))})
    return True


# --- knowledge library and discussions (issue 5) -------------------------------------------------

def draft(*blocks, links=()):
    """A draft-js raw state from (type, text[, [(style, words)...]]) tuples, each style on the first
    occurrence of its words; `links` are (block index, words, url) made into LINK entities."""
    import json
    import secrets
    raw_blocks, entity_map = [], {}
    for i, block in enumerate(blocks):
        type_, text = block[0], block[1]
        styles = block[2] if len(block) > 2 else []
        raw_blocks.append({"key": secrets.token_hex(3)[:5], "text": text, "type": type_, "depth": 0,
                           "inlineStyleRanges": [{"style": st, "offset": text.index(w), "length": len(w)}
                                                 for st, w in styles],
                           "entityRanges": [], "data": {}})
    for n, (bi, words, url) in enumerate(links):
        entity_map[str(n)] = {"type": "LINK", "mutability": "MUTABLE", "data": {"url": url}}
        raw_blocks[bi]["entityRanges"].append({"offset": raw_blocks[bi]["text"].index(words), "length": len(words),
                                               "key": n})
    return json.dumps({"blocks": raw_blocks, "entityMap": entity_map})


def seed_knowledge_and_discussion(users, portal, projects):
    from ..models import Article, Comment
    by = {e: u for e, u in users.items()}

    def article(module, title, content, author, parent=None):
        a = Article(module_id=module.id, parent_id=parent.id if parent else None, title=title, content=content,
                    created_by_id=by[author].id)
        db.session.add(a)
        db.session.flush()
        feed.record(by[author], module, "add", "article", said(N_("Added the article '%(title)s'"), title=title))
        return a

    method = article(portal, "The 4RinEU renovation methodology", draft(
        ("header-two", "Five phases, one process"),
        ("unstyled", "Every demo case follows the same five phases, from the first survey to monitoring in use.",
         [("BOLD", "five phases")]),
        ("ordered-list-item", "Phase 0 – preliminary diagnosis"),
        ("ordered-list-item", "Phase I – design and strategy"),
        ("ordered-list-item", "Phase II – procurement"),
        ("ordered-list-item", "Phase III – construction"),
        ("ordered-list-item", "Phase IV – commissioning and monitoring"),
        ("unstyled", "See the project website for the public deliverables.", [("ITALIC", "See the project website for the public deliverables.")]),
        links=[(7, "project website", "https://www.4rineu.eu")]), "sofia@demo.eu")
    article(portal, "Phase 0: what to survey", draft(
        ("header-three", "Survey checklist"),
        ("unordered-list-item", "Geometry and construction of the envelope", [("BOLD", "Geometry")]),
        ("unordered-list-item", "Heating, hot water and ventilation systems"),
        ("unordered-list-item", "Three years of energy bills"),
        ("blockquote", "Measure twice, prefabricate once.")), "sofia@demo.eu", parent=method)
    article(portal, "Phase I: choosing a renovation package", draft(
        ("unstyled", "Compare at least three scenarios on cost, energy and disruption for the tenants.",
         [("UNDERLINE", "cost")])), "marco@demo.eu", parent=method)
    article(portal, "Writing good deliverables", draft(
        ("header-two", "House style"),
        ("unstyled", "Short sentences, one idea per paragraph, numbers with units.", [("BOLD", "Short sentences")])),
        "sofia@demo.eu")
    lisbon = projects[0]
    article(lisbon, "Façade module specification", draft(
        ("header-two", "Prefabricated timber modules"),
        ("unstyled", "Modules are 3 m by 2.8 m, with 200 mm of wood-fibre insulation and integrated windows.",
         [("BOLD", "3 m by 2.8 m")]),
        ("code-block", "U-value wall: 0.18 W/m²K\nU-value window: 0.9 W/m²K")), "marco@demo.eu")

    def comment(module, author, text, parent=None):
        c = Comment(module_id=module.id, parent_id=parent.id if parent else None, content=text,
                    created_by_id=by[author].id)
        db.session.add(c)
        db.session.flush()
        feed.record(by[author], module, "add", "comment",
                    said(N_("%(name)s commented on '%(module)s'"), name=by[author].name, module=module.name))
        return c

    c1 = comment(portal, "sofia@demo.eu", "Welcome to the consortium portal! Please fill in your profile.")
    comment(portal, "viktor@demo.eu", "Thanks Sofia, done.", c1)
    c2 = comment(lisbon, "marco@demo.eu", "The façade supplier needs the survey drawings by Friday.")
    r = comment(lisbon, "elena@demo.eu", "I uploaded them to the vault this morning.", c2)
    comment(lisbon, "marco@demo.eu", "Perfect, thank you!", r)
    comment(projects[1], "lars@demo.eu", "Residents' meeting moved to next Tuesday.")


# --- vault (issue 6) -----------------------------------------------------------------------------

def seed_vault(users, portal, projects):
    import io
    import os

    from PIL import Image, ImageDraw

    from ..models import Reference, VaultFile
    from . import storage
    lisbon, oslo = projects[0], projects[1]
    img = Image.new("RGB", (640, 400), (230, 240, 235))
    draw = ImageDraw.Draw(img)
    for i in range(8):
        draw.rectangle([60 + i * 66, 120, 110 + i * 66, 360], fill=(20, 110 + i * 12, 80))
    png = io.BytesIO()
    img.save(png, "PNG")
    csv = "month,heating_kwh,electricity_kwh\n" + "".join(
        f"2026-{m:02d},{1800 - m * 110},{420 + m * 7}\n" for m in range(1, 13))
    report = ("Energy audit summary – Lisbon demo case\n\nHeated floor area: 5,200 m²\n"
              "Primary energy before renovation: 212 kWh/m²a\nTarget after renovation: 48 kWh/m²a\n")
    files = [
        (lisbon, "Façade photo survey", "facade-survey.png", png.getvalue(), "image/png", "marco@demo.eu", False),
        (lisbon, "Monthly energy use 2026", "energy-use-2026.csv", csv.encode(), "text/csv", "elena@demo.eu", False),
        (lisbon, "Energy audit summary (signed off)", "audit-summary.txt", report.encode(), "text/plain",
         "sofia@demo.eu", True),
        (oslo, "Point cloud extract", "pointcloud-extract.bin", os.urandom(2_600_000), "application/octet-stream",
         "lars@demo.eu", False),
        (portal, "Consortium logo sheet", "logo-sheet.svg",
         b'<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60" '
         b'fill="#0b6b4f"/></svg>', "image/svg+xml", "sofia@demo.eu", False),
    ]
    for module, title, name, data, mime, author, locked in files:
        stored = storage.save_bytes("files", data)
        db.session.add(VaultFile(module_id=module.id, title=title, filename=name, stored_name=stored,
                                 filesize=len(data), mime=mime, locked=locked, created_by_id=users[author].id))
        feed.record(users[author], module, "add", "file",
                    said(N_("Uploaded '%(title)s' (%(file)s)"), title=title, file=name))
    refs = [
        (portal, "4RinEU project website", "Public results and deliverables", "https://www.4rineu.eu", "LINK"),
        (portal, "Prefabricated façade installation", "Time-lapse of a module installation",
         "https://www.youtube.com/watch?v=renovation", "VIDEO"),
        (lisbon, "EPBD recast 2024", "EU directive on the energy performance of buildings",
         "https://eur-lex.europa.eu/eli/dir/2024/1275/oj", "DOCUMENT"),
        (lisbon, "Survey drawings (shared drive)", "DWG files of the 1970s block", "https://files.example.org/lisbon",
         "FILE"),
        (oslo, "Heat pump datasheet", "Manufacturer's data", "https://example.org/heatpump.pdf", "DOCUMENT"),
    ]
    for module, title, desc, url, kind in refs:
        db.session.add(Reference(module_id=module.id, title=title, description=desc, url=url, resource_type=kind,
                                 created_by_id=users["sofia@demo.eu"].id, locked=title.startswith("EPBD")))
        feed.record(users["sofia@demo.eu"], module, "add", "reference",
                    said(N_("Added the reference '%(title)s'"), title=title))


# --- avatars (issue 7) ---------------------------------------------------------------------------

def seed_avatars(users):
    import io

    from PIL import Image, ImageDraw

    from . import storage
    for email, colour in (("sofia@demo.eu", (196, 90, 60)), ("marco@demo.eu", (40, 110, 170)),
                          ("lars@demo.eu", (120, 80, 160))):
        img = Image.new("RGB", (256, 256), colour)
        draw = ImageDraw.Draw(img)
        draw.ellipse([78, 40, 178, 140], fill=(250, 235, 215))
        draw.ellipse([38, 150, 218, 330], fill=(250, 235, 215))
        out = io.BytesIO()
        img.save(out, "PNG")
        users[email].avatar = storage.save_bytes("avatars", out.getvalue(), ".png")


# --- templates (clone configurations) ---------------------------------------------------------------

def seed_clone_templates(users, portal):
    """A 'Renovation project template' on the methodology template project: the phases, their deliverables,
    articles, files and references, no members."""
    import json

    from ..models import CloneConfig
    source = db.session.scalar(select(Module).where(Module.parent_id == portal.id,
                                                    Module.name == "Renovation methodology template"))
    if source is None:
        return
    config = {"include": {"children": True, "deliverables": True, "articles": True, "files": True,
                          "references": True, "members": False, "customValues": True},
              "shiftDays": 0, "exclude": []}
    db.session.add(CloneConfig(module_id=source.id, name="Renovation project template",
                               description="A new renovation case with the five phases of the methodology.",
                               config=json.dumps(config, sort_keys=True), created_by_id=users["sofia@demo.eu"].id))
    feed.record(users["sofia@demo.eu"], source, "add", "template",
                said(N_("Added the template '%(name)s'"), name="Renovation project template"))


# --- the report of the consortium portal (metrics) ---------------------------------------------------

def seed_report(users, portal):
    """Risk levels and hours on the consortium's tasks, and a dashboard: a pie of the energy classes, the
    average, smallest and largest budget, budgets in a bar chart, the energy savings in a table."""
    import json

    from ..models import Metric, Report
    sofia = users["sofia@demo.eu"]
    risk = _field(portal, "risk_level", "Risk level", "PICKLIST", target="4rineu_task",
                  options=[("low", "Low"), ("medium", "Medium"), ("high", "High")])
    hours = _field(portal, "hours_spent", "Hours spent", "NUMERIC", symbol="h", target="4rineu_task")
    tasks = db.session.scalars(select(Module).where(path_under(Module.path, portal.path),
                                                    Module.type == "4rineu_task").order_by(Module.id)).all()
    for i, task in enumerate(tasks):
        opt = risk.options[(i * 7) % 5 % 3]
        db.session.add(CustomValue(field_id=risk.id, module_id=task.id, user_id=sofia.id, option_id=opt.id,
                                   stringval=opt.value))
        db.session.add(CustomValue(field_id=hours.id, module_id=task.id, user_id=sofia.id,
                                   numval=float(8 + (i * 13) % 40)))
    report = Report(module_id=portal.id, layout="[]")
    db.session.add(report)
    db.session.flush()
    panels = [
        ("Energy class of the demo cases", "Before renovation", "energy_class", "default", "default", 0, 0, 3, 4),
        ("Average budget", "Per demo case", "budget", "avg", "blue", 3, 0, 3, 2),
        ("Smallest budget", "", "budget", "min", "green", 6, 0, 3, 2),
        ("Largest budget", "", "budget", "max", "red", 9, 0, 3, 2),
        ("Total floor area", "Of the renovated buildings", "floor_area", "tot", "pink", 3, 2, 3, 2),
        ("Budget per demo case", "", "budget", "bar", "default", 6, 2, 6, 4),
        ("Risk of the tasks", "As the work package leaders see it", "risk_level", "default", "yellow", 0, 4, 3, 4),
        ("Energy saving by phase", "Measured or simulated", "energy_saving", "table", "default", 3, 4, 3, 4),
    ]
    layout = []
    for title, desc, attribute, panel, colour, x, y, w, h in panels:
        m = Metric(report_id=report.id, module_id=portal.id, title=title, description=desc, attribute=attribute,
                   layout=json.dumps({"panelType": panel, "bgColor": colour}))
        db.session.add(m)
        db.session.flush()
        layout.append({"i": str(m.id), "x": x, "y": y, "w": w, "h": h})
    report.layout = json.dumps(layout)
    feed.record(sofia, portal, "add", "metric",
                sentences.ngettext("Set up the report of '%(module)s' with %(num)d metrics",
                                   "Set up the report of '%(module)s' with %(num)d metrics", len(panels),
                                   module=portal.name))
