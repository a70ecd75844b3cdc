"""``memoryd runs``: extraction runs, the newest first; one run in full."""

from __future__ import annotations

from datetime import timedelta
from typing import Annotated, Any

import typer

from daemon.cli.common import Json, Limit, Project, emit_json, open_store, print_record, print_table
from daemon.cli.program import fail, run_async, settings_of
from daemon.extraction.outcome import RECORDED

runs_app = typer.Typer(
    help="Extraction runs: one record per attempt, whatever its outcome, with its turns, "
    "model calls, tokens, memories written and duration.",
    no_args_is_help=True,
)

COLUMNS = [
    "id",
    "session_id",
    "outcome",
    "from_turn",
    "to_turn",
    "model_calls",
    "prompt_tokens",
    "cached_tokens",
    "created",
    "duration_ms",
    "finished_at",
    "error",
]


@runs_app.command("list")
def list_command(
    ctx: typer.Context,
    session: Annotated[str | None, typer.Option(help="Only this session's runs.")] = None,
    outcome: Annotated[
        str | None, typer.Option(help=f"Only this outcome ({', '.join(RECORDED)}).")
    ] = None,
    project: Project = None,
    since_minutes: Annotated[
        float | None, typer.Option("--since-minutes", help="Only runs this recent.", min=0)
    ] = None,
    limit: Limit = 50,
    as_json: Json = False,
) -> None:
    """Runs, the newest first."""
    from daemon.admin.run_admin import RunFilter, list_runs
    from daemon.base.clock import SystemClock

    settings = settings_of(ctx)
    since = None
    if since_minutes is not None:
        since = SystemClock().now() - timedelta(minutes=since_minutes)
    where = RunFilter(session, outcome, project, since, limit)

    async def run() -> list[dict[str, Any]]:
        async with open_store(settings) as store, store.connect() as conn:
            return await list_runs(conn, where)

    found = run_async(run())
    if as_json:
        emit_json(found)
    else:
        print_table(found, COLUMNS, empty="no runs")


@runs_app.command("show")
def show_command(
    ctx: typer.Context,
    run_id: Annotated[int, typer.Argument(metavar="RUN_ID", help="The run's id.")],
    as_json: Json = False,
) -> None:
    """One run in full: accounting, refusals and the error of a failed run."""
    from daemon.admin.run_admin import get_run

    settings = settings_of(ctx)

    async def run() -> dict[str, Any] | None:
        async with open_store(settings) as store, store.connect() as conn:
            return await get_run(conn, run_id)

    found = run_async(run())
    if found is None:
        fail(f"no run {run_id}")
    if as_json:
        emit_json(found)
    else:
        print_record(found)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``memoryd`` app."""
    app.add_typer(runs_app, name="runs")
