"""``memoryd sessions``: cursors, lag, breakers and runs of each session; retry a held one;
read the rolling summary the workers keep of one."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from daemon.cli.common import (
    Json,
    Limit,
    Project,
    Tenant,
    User,
    container_of,
    emit_json,
    open_store,
    print_record,
    print_table,
)
from daemon.cli.program import fail, run_async, settings_of

sessions_app = typer.Typer(
    help="Sessions: where each one's cursor stands (turns stored but not yet extracted), "
    "failures, open breakers and parked batches; retry a held session.",
    no_args_is_help=True,
)

SessionId = Annotated[str, typer.Argument(metavar="SESSION_ID", help="The session's id.")]
#: A session id is its tenant's own: the same id in two tenants is two sessions.
OfTenant = Annotated[
    str | None,
    typer.Option(
        "--tenant",
        "-t",
        help="The session's tenant; needed only when several tenants use the id.",
    ),
]
COLUMNS = [
    "session_id",
    "project",
    "user",
    "last_turn",
    "cursor_turn",
    "turns_behind",
    "failures",
    "breaker_open",
    "parked",
    "last_event_at",
]


@sessions_app.command("list")
def list_command(
    ctx: typer.Context,
    project: Project = None,
    user: User = None,
    tenant: Tenant = None,
    behind: Annotated[
        bool, typer.Option("--behind", help="Only sessions with turns not yet extracted.")
    ] = False,
    held: Annotated[
        bool, typer.Option("--held", help="Only sessions with an open breaker or parked.")
    ] = False,
    limit: Limit = 50,
    as_json: Json = False,
) -> None:
    """Sessions, most recently active first, with their cursor and what holds them."""
    from daemon.admin.session_admin import SessionFilter, list_sessions
    from daemon.base.clock import SystemClock

    settings = settings_of(ctx)
    where = SessionFilter(project, user, tenant, behind=behind, held=held, limit=limit)

    async def run() -> list[dict[str, Any]]:
        async with open_store(settings) as store, store.connect() as conn:
            return await list_sessions(conn, SystemClock().now(), where)

    found = run_async(run())
    if as_json:
        emit_json(found)
    else:
        print_table(found, COLUMNS, empty="no sessions")


@sessions_app.command("show")
def show_command(
    ctx: typer.Context, session_id: SessionId, tenant: OfTenant = None, as_json: Json = False
) -> None:
    """One session: scope, cursor, failures, breaker, parking reason and its last runs."""
    from daemon.admin.session_admin import show_session
    from daemon.base.clock import SystemClock

    settings = settings_of(ctx)

    async def run() -> dict[str, Any] | None:
        async with open_store(settings) as store, store.connect() as conn:
            of = tenant if tenant is not None else await _tenant_of(conn, session_id)
            return await show_session(conn, session_id, SystemClock().now(), tenant=of)

    found = run_async(run())
    if found is None:
        fail(f"no session {session_id}")
    if as_json:
        emit_json(found)
        return
    recent = found.pop("runs")
    print_record(found)
    print_table(
        recent,
        [
            "id",
            "outcome",
            "from_turn",
            "to_turn",
            "created",
            "duration_ms",
            "finished_at",
            "error",
        ],
        title="last runs",
        empty="no runs yet",
    )


@sessions_app.command("summary")
def summary_command(
    ctx: typer.Context, session_id: SessionId, tenant: OfTenant = None, as_json: Json = False
) -> None:
    """The rolling summary the workers keep of the session: its markdown (goal, key
    decisions, accomplished, in progress, relevant files) and the last turn it covers."""
    from daemon.store.transcripts.summaries import SessionSummary, read_summary

    settings = settings_of(ctx)

    async def run() -> SessionSummary | None:
        async with open_store(settings) as store, store.connect() as conn:
            of = tenant if tenant is not None else await _tenant_of(conn, session_id)
            return await read_summary(conn, of, session_id)

    found = run_async(run())
    if found is None:
        fail(f"no summary of session {session_id} yet")
    if as_json:
        emit_json(
            {
                "session_id": found.session_id,
                "summary": found.fields(),
                "text": found.render(),
                "through_turn": found.through_turn,
                "updated_at": found.updated_at.isoformat(),
            }
        )
        return
    typer.echo(
        f"session {session_id}, through turn {found.through_turn}, "
        f"updated {found.updated_at.isoformat()}\n"
    )
    typer.echo(found.render())


@sessions_app.command("retry")
def retry_command(ctx: typer.Context, session_id: SessionId, tenant: OfTenant = None) -> None:
    """Close the session's breaker, unpark it and queue its extraction now."""
    from daemon.admin.session_admin import retry_session
    from daemon.queue import JobQueue

    async def run() -> bool:
        async with container_of(ctx) as built:
            queue = JobQueue(built.redis, built.keys, built.clock, debounce_s=0)
            now = built.clock.now()
            of = tenant
            if of is None:
                async with built.store.connect() as conn:
                    of = await _tenant_of(conn, session_id)
            return await retry_session(built.store, queue, session_id, now, tenant=of)

    if not run_async(run()):
        fail(f"no session {session_id} (or it has no cursor yet)")
    typer.echo(f"session {session_id}: breaker closed, unparked, extraction queued")


async def _tenant_of(conn: Any, session_id: str) -> str:
    """The one tenant using ``session_id`` ("" when none does); a clear error when several
    do and the operator named none."""
    from daemon.store.transcripts.session_listing import tenants_of

    found = await tenants_of(conn, session_id)
    if len(found) > 1:
        fail(f"session {session_id} exists in {len(found)} tenants: name one with --tenant")
    return found[0] if found else ""


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``memoryd`` app."""
    app.add_typer(sessions_app, name="sessions")
