"""Sysadmin commands: create-user, seed-demo, bench-data, init-platforms."""
import json

import click

from .extensions import db


def register_cli(app):
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
        user = accounts.create_user(email, password, name, superuser=superuser)
        db.session.commit()
        click.echo(f"Created {'superuser' if superuser else 'user'} {user.email} (id {user.id}).")

    @app.cli.command("seed-demo")
    def seed_demo():
        """Load the demo data of both brands (idempotent) and print how to sign in."""
        from .services import demo
        created = demo.seed()
        click.echo("Demo data loaded." if created else "Demo data already present.")
        click.echo(demo.SIGN_IN_HELP)

    @app.cli.command("vault-gc")
    @click.option("--delete", is_flag=True, help="remove them (otherwise only list)")
    def vault_gc(delete):
        """List (or remove) stored vault files that no row points at, e.g. after a crash mid-upload."""
        from .services import storage, vault
        names = vault.orphans()
        for name in names:
            click.echo(name)
            if delete:
                storage.remove("files", name)
        click.echo(f"{len(names)} orphaned file(s){' removed' if delete and names else ''}.")

    @app.cli.command("bench-data")
    @click.option("--modules", default=10000)
    @click.option("--members", default=50)
    def bench_data(modules, members):
        """Build a synthetic tree for `make bench` (10,000 modules, 50 members by default)."""
        from .services import benchdata
        info = benchdata.build(modules, members)
        click.echo(json.dumps(info))

