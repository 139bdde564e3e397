"""Sysadmin commands: create-user, reset-mfa, link-sso, security-log, seed-demo, bench-data, init-platforms (and
those of imports, cli_imports.py, and of documents, cli_documents.py)."""
import functools
import json

import click

from .extensions import db
from .transactions import writing

# Commands that read and then write while the server may be running: on SQLite their transactions begin
# IMMEDIATE, as a write request's do, or a worker's commit between the read and the write fails them at once
# ('database is locked', which busy_timeout does not wait out). Backup stays a reader.
READ_ONLY = {"security-log", "backup"}


def _in_writing(callback):
    @functools.wraps(callback)
    def run(*args, **kwargs):
        with writing():
            return callback(*args, **kwargs)
    return run


def register_cli(app):
    from . import cli_documents, cli_imports
    _register(app)
    cli_imports.register(app)
    cli_documents.register(app)
    for name, command in app.cli.commands.items():
        if name not in READ_ONLY and command.callback is not None and not hasattr(command, "commands"):
            command.callback = _in_writing(command.callback)


def _register(app):
    @app.cli.command("init-platforms")
    def init_platforms():
        """Make sure the three platform roots and the skeleton exist."""
        from .services.platforms import ensure_platforms
        with db.engine.begin() as conn:
            ensure_platforms(conn)
        click.echo("Platforms ready.")

    @app.cli.command("create-user")
    @click.argument("email")
    @click.option("--password", prompt=True, hide_input=True, confirmation_prompt=True)
    @click.option("--name", required=True)
    @click.option("--superuser", is_flag=True, default=False)
    def create_user(email, password, name, superuser):
        """Create an account (username is the e-mail)."""
        from .services import accounts
        if len(password) < accounts.MIN_PASSWORD:
            raise click.UsageError("Password must have at least 8 characters")
        if accounts.find_by_email(email):
            raise click.UsageError(f"{email} already exists")
        from .errors import ApiError
        try:
            user = accounts.create_user(email, password, name, superuser=superuser)
        except ApiError as e:  # a look-alike address
            raise click.UsageError(e.message)
        db.session.commit()
        click.echo(f"Created {'superuser' if superuser else 'user'} {user.email} (id {user.id}).")

    @app.cli.command("reset-mfa")
    @click.argument("email")
    def reset_mfa(email):
        """Remove an account's second factor and recovery codes (a lost phone); logged in its security log."""
        from .errors import NotFound
        from .services import mfa
        try:
            user = mfa.reset(email)
        except NotFound as e:
            raise click.UsageError(e.message)
        click.echo(f"Two-factor sign-in removed for {user.email}.")

    @app.cli.command("link-sso")
    @click.argument("email")
    @click.argument("issuer")
    @click.argument("subject")
    def link_sso(email, issuer, subject):
        """Link an account to a single sign-on identity (the provider's issuer URL and the user's subject, `sub`):
        its next sign-on needs no password proof. Logged in its security log."""
        from .errors import ApiError
        from .services import oidc
        try:
            user = oidc.link(email, issuer, subject)
        except ApiError as e:
            raise click.UsageError(e.message)
        click.echo(f"{user.email} is linked to {subject} at {issuer}.")

    @app.cli.command("security-log")
    @click.argument("email", required=False)
    @click.option("--limit", default=200, help="newest entries to show")
    def security_log(email, limit):
        """The security log (sign-ins, failures, password, 2FA and token changes, new addresses), newest first:
        of one account, or of everyone."""
        from .services import sessions
        for line in sessions.log_lines(email, limit):
            click.echo(line)

    @app.cli.command("seed-demo")
    def seed_demo():
        """Load the demo data of both brands (idempotent) and print how to sign in."""
        from .services import demo
        created = demo.seed()
        click.echo("Demo data loaded." if created else "Demo data already present.")
        click.echo(demo.SIGN_IN_HELP)

    @app.cli.command("vault-gc")
    @click.option("--delete", is_flag=True, help="settle them (otherwise only list)")
    def vault_gc(delete):
        """List (or settle) stored files no row accounts for, e.g. after a crash mid-upload: a staged file whose
        row committed is published, anything else removed. The gunicorn master does this at every start."""
        from .services import storage
        names = storage.unreferenced()
        for kind, name in names:
            click.echo(f"{kind}/{name}")
        if delete:
            published, removed = storage.recover()
            click.echo(f"{len(published)} published, {len(removed)} removed.")
        else:
            click.echo(f"{len(names)} file(s) no row accounts for.")

    @app.cli.command("prune-events")
    def prune_events():
        """Remove read notifications, dispatched events and finished webhook deliveries past their keeping time
        (NOTIFICATION_RETENTION_DAYS, EVENT_RETENTION_DAYS); the Huey consumer does this every night."""
        from .services.events import retention
        gone = retention.prune()
        click.echo(", ".join(f"{n} {what}" for what, n in gone.items()) + " removed.")

    @app.cli.command("storage-migrate")
    @click.option("--to", "to_url", required=True, help="the store to copy to: s3://bucket[/prefix] or file:///folder")
    @click.option("--from", "from_url", default=None, help="the store to copy from (default: STORAGE_URL's)")
    def storage_migrate(to_url, from_url):
        """Copy every stored file (files, versions, logos, avatars) to another store, verifying sizes and
        checksums; run it again to resume or for a final sync, then set STORAGE_URL to the new store."""
        from .services import objectstore
        src = objectstore.from_url(from_url, app.config) if from_url else objectstore.backend()
        dst = objectstore.from_url(to_url, app.config)
        done = objectstore.migrate(src, dst, report=click.echo)
        click.echo(f"{done['copied']} copied ({done['bytes']} bytes), {done['skipped']} already there, "
                   f"{len(done['failed'])} failed.")
        if done["failed"]:
            raise SystemExit(1)

    @app.cli.command("bench-data")
    @click.option("--modules", default=10000)
    @click.option("--members", default=50)
    @click.option("--wide", default=200, help="children of the wide project (the view benchmark's)")
    @click.option("--relations", default=0, help="finish-to-start relations between the wide project's tasks")
    def bench_data(modules, members, wide, relations):
        """Build a synthetic tree for `make bench` (10,000 modules, 50 members, a project of 200 tasks by
        default)."""
        from .services import benchdata
        info = benchdata.build(modules, members, wide, relations)
        click.echo(json.dumps(info))

    @app.cli.command("bench-search-data")
    @click.option("--modules", default=10000)
    @click.option("--articles", default=20000)
    @click.option("--files", default=10000)
    @click.option("--comments", default=50000)
    def bench_search_data(modules, articles, files, comments):
        """Add the search corpus of `make bench` (after bench-data): portals of their own with 10,000 modules,
        20,000 articles, 10,000 files and 50,000 comments by default, and a member of the first portal."""
        from .services import benchdata
        info = benchdata.build_search(modules, articles, files, comments)
        click.echo(json.dumps(info))

    @app.cli.command("search-reindex")
    def search_reindex():
        """Write every search document again from the items (the triggers keep them; this repairs)."""
        from .models.search import backfill, install
        with db.engine.begin() as conn:
            install(conn)
            backfill(conn)
        click.echo("Search documents written again.")


    @app.cli.command("backup")
    @click.argument("path", type=click.Path(dir_okay=False))
    def backup_command(path):
        """Write one archive (PATH; gzip when it ends in .gz/.tgz) with a consistent snapshot of the database,
        every file under UPLOAD_DIR and a manifest of their sizes and sha256 checksums."""
        from .services import backup
        try:
            info = backup.backup(path)
        except backup.BackupError as e:
            raise click.ClickException(str(e)) from None
        click.echo(f"Backup written to {info['path']} ({info['archiveBytes']} bytes, {info['seconds']} s): "
                   f"{info['dialect']} database at revision {info['revision'] or 'unknown'} "
                   f"({info['databaseBytes']} bytes), {info['files']} file(s) ({info['fileBytes']} bytes).")
        for rel in info["skipped"]:
            click.echo(f"Skipped {rel} (a link, not a regular file, or removed while the backup ran).", err=True)

    @app.cli.command("restore")
    @click.argument("path", type=click.Path(dir_okay=False))
    @click.option("--force", is_flag=True, help="replace a database that holds data and the files in UPLOAD_DIR")
    def restore_command(path, force):
        """Restore an archive made by `backup` into an empty database and an empty UPLOAD_DIR (same kind of
        database only), checking every checksum first. Files are staged beside UPLOAD_DIR and switched in by renames:
        a restore killed midway is finished or undone by the next start (any `flask` command, gunicorn)."""
        from .services import backup
        try:
            info = backup.restore(path, force=force)
        except backup.BackupError as e:
            raise click.ClickException(str(e)) from None
        click.echo(f"Restored the {info['dialect']} database (revision {info['revision'] or 'unknown'}, backup of "
                   f"{info['createdAt']}) and {info['files']} file(s) ({info['fileBytes']} bytes) "
                   f"in {info['seconds']} s.")
        if info["revision"] and info["head"] and info["revision"] != info["head"]:
            click.echo(f"The code's migrations are at {info['head']}: run `flask --app api db upgrade`.")
