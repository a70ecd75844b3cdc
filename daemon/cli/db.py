"""``memoryd db``: migrate and inspect the SQL store's schema."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

import typer

from daemon.cli.program import fail, run_async, settings_of

db_app = typer.Typer(
    help="Migrate and inspect the SQL store's schema (MEMORYD_DATABASE_URL).",
    no_args_is_help=True,
)


@dataclass(frozen=True)
class Revisions:
    """The schema revision a database is at, and the one this memoryd needs."""

    current: str | None
    head: str

    @property
    def up_to_date(self) -> bool:
        return self.current == self.head


async def _upgrade(url: str, revision: str) -> Revisions:
    from daemon.store.engine import current_revision, head_revision, make_engine, upgrade
    from daemon.store.failures import store_errors

    async with store_errors():
        engine = make_engine(url, pool_size=1)
        try:
            await upgrade(engine, revision)
            return Revisions(current=await current_revision(engine), head=head_revision())
        finally:
            await engine.dispose()


async def _current(url: str) -> Revisions:
    from daemon.store.engine import current_revision, head_revision, make_engine
    from daemon.store.failures import store_errors

    async with store_errors():
        engine = make_engine(url, pool_size=1)
        try:
            return Revisions(current=await current_revision(engine), head=head_revision())
        finally:
            await engine.dispose()


@db_app.command("upgrade")
def upgrade_command(
    ctx: typer.Context,
    revision: Annotated[
        str,
        typer.Argument(help="The alembic revision to migrate to; 'head' is the newest."),
    ] = "head",
) -> None:
    """Create or migrate the database schema (safe to run again; run before starting)."""
    from daemon.base.errors import StatementFailed
    from daemon.base.settings import masked

    settings = settings_of(ctx)
    where = masked(settings)["database_url"]
    try:
        revisions = run_async(_upgrade(settings.database_url, revision))
    except (StatementFailed, OSError) as exc:
        fail(f"cannot upgrade {where}: {_reason(exc)}")
    typer.echo(f"{where}: at revision {revisions.current} ({_state(revisions)})")


@db_app.command("current")
def current_command(
    ctx: typer.Context,
    check: Annotated[
        bool,
        typer.Option("--check", help="Exit 1 unless the schema is at the head revision."),
    ] = False,
) -> None:
    """Show the database's schema revision and the one this memoryd needs."""
    from daemon.base.errors import StatementFailed
    from daemon.base.settings import masked

    settings = settings_of(ctx)
    where = masked(settings)["database_url"]
    try:
        revisions = run_async(_current(settings.database_url))
    except (StatementFailed, OSError) as exc:
        fail(f"cannot read the schema revision of {where}: {_reason(exc)}")
    typer.echo(f"database: {where}")
    typer.echo(f"current:  {revisions.current or '(empty)'}")
    typer.echo(f"head:     {revisions.head}")
    typer.echo(_state(revisions))
    if check and not revisions.up_to_date:
        raise typer.Exit(1)


def _state(revisions: Revisions) -> str:
    if revisions.up_to_date:
        return "up to date"
    return "needs `memoryd db upgrade`"


def _reason(exc: BaseException) -> str:
    from daemon.base.errors import StatementFailed

    if isinstance(exc, StatementFailed) and exc.orig is not None:
        return " ".join(str(exc.orig).split())
    return " ".join(str(exc).split())


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``memoryd`` app."""
    app.add_typer(db_app, name="db")
