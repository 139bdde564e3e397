"""Sysadmin commands of issue 46: import-redmine, export-portal, import-portal (services/imports)."""
import json
import time

import click
from sqlalchemy import select

from .extensions import db


def _user(email):
    """The user a command acts as: the one named, else the first superuser."""
    from .models import User
    q = select(User).where(User.email == email.lower()) if email else \
        select(User).where(User.is_superuser.is_(True), User.is_active.is_(True)).order_by(User.id)
    user = db.session.scalars(q).first()
    if user is None:
        raise click.ClickException(f"No such user: {email}" if email else "No active superuser: pass --user")
    return user


def _module(user, module_id, action):
    from . import permissions as perm
    from .errors import ApiError
    from .services import modules
    try:
        module = modules.get_module(module_id)
        perm.require(user, module, action)
    except ApiError as e:
        raise click.ClickException(f"{module_id}: {e}") from None
    return module


def register(app):
    @app.cli.command("import-redmine")
    @click.option("--url", required=True, help="the Redmine's address, e.g. https://redmine.example.org")
    @click.option("--key", required=True, help="a Redmine API key that may read the project")
    @click.option("--project", required=True, help="the Redmine project's identifier (its subprojects come along)")
    @click.option("--into", "portal_id", required=True, type=int, help="the id of the portal to import into")
    @click.option("--user", "email", default=None, help="who imports (a portal admin; default: the first superuser)")
    @click.option("--people", type=click.Choice(["inactive", "invite"]), default="inactive",
                  help="people not known here: created inactive (default) or invited")
    @click.option("--levels", default="", help="module types of the project and its subprojects by depth, "
                  "comma-separated (e.g. 4rineu_project,4rineu_task); default: project, phase, task")
    @click.option("--dry-run", is_flag=True, help="read everything and count what would be written; write nothing")
    def import_redmine(url, key, project, portal_id, email, people, levels, dry_run):
        """Import a Redmine project with its subprojects, issues, relations, journals, wiki, files, versions, custom
        fields, time entries and members into a portal. Run it again to update what an earlier run imported."""
        from .services.imports import jobs, plan
        user = _user(email)
        portal = _module(user, portal_id, "import")
        started = time.monotonic()
        try:
            report = jobs.run_here(user, portal, "redmine", {"url": url, "key": key, "project": project,
                                                           "people": people, "cli": True,
                                                           "levels": [t for t in levels.split(",") if t]},
                                   dry_run=dry_run)
        except (plan.Invalid, plan.Unreachable) as e:
            raise click.ClickException(str(e)) from None
        click.echo(json.dumps({**report, "seconds": round(time.monotonic() - started, 1)}, indent=1, default=str))

    @app.cli.command("export-portal")
    @click.argument("portal_id", type=int)
    @click.argument("path", type=click.Path(dir_okay=False))
    @click.option("--user", "email", default=None, help="who exports (a portal admin; default: the first superuser)")
    def export_portal(portal_id, path, email):
        """Write a portal as an archive (ZIP, docs/archive-format.md) to PATH."""
        from .services.imports import archive
        user = _user(email)
        portal = _module(user, portal_id, "import")
        with open(path, "wb") as out:
            archive.export(user, portal, out)
        click.echo(f"Portal {portal.id} '{portal.name}' written to {path}.")

    @app.cli.command("import-portal")
    @click.argument("path", type=click.Path(exists=True, dir_okay=False))
    @click.option("--platform", default="4rineu", help="the platform the new portal goes in (default 4rineu)")
    @click.option("--user", "email", default=None, help="who imports (default: the first superuser)")
    def import_portal(path, platform, email):
        """Import a portal archive as a new portal of the platform."""
        from .models import Module
        from .services.imports import archive, plan
        user = _user(email)
        root = db.session.scalar(select(Module).where(Module.platform == platform, Module.level == 0))
        if root is None:
            raise click.ClickException(f"No such platform: {platform}")
        _module(user, root.id, "import_portal")
        try:
            done = archive.import_archive(user, root, path)
        except plan.Invalid as e:
            raise click.ClickException(str(e)) from None
        click.echo(json.dumps(done, indent=1))
