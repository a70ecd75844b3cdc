"""``memoryd erase``: remove a user's or a project's data everywhere memoryd keeps it."""

from __future__ import annotations

from typing import Annotated

import typer

from daemon.cli.common import Json, Yes, confirm, container_of, emit_json, print_table, progress_bar
from daemon.cli.program import fail, run_async


def erase_command(
    ctx: typer.Context,
    user: Annotated[
        str | None, typer.Option("--user", "-u", help="Erase this user's data.")
    ] = None,
    project: Annotated[
        str | None, typer.Option("--project", "-p", help="Erase this project's data.")
    ] = None,
    tenant: Annotated[
        str | None, typer.Option("--tenant", "-t", help="Only within this tenant.")
    ] = None,
    yes: Yes = False,
    as_json: Json = False,
) -> None:
    """Erase a user (--user) or a project (--project), or a user within a project (both).

    Removes their memories; their sessions' stored messages and turns, cursors, sessions
    and run records; the truncation files spilled from those sessions; their events still on
    the turn stream and in the dead-letter stream; their queued extraction jobs and
    generation counters. History rows of erased memories are kept with the content and the
    erased names redacted, so the fact of each change stays. Shared project memories that
    came from an erased user's sessions stay, without that provenance. A user's erasure also
    revokes the keys bound to that user that act only inside what was erased. Prints what it
    removed. Asks first unless --yes.
    """
    from daemon.admin.erasure import ErasureReport, ErasureScope, erase, erase_user
    from daemon.store.truncation import TruncationStore

    if not user and not project:
        fail("give --user, --project or both", code=2)
    scope = ErasureScope(user=user, project=project, tenant=tenant)
    who = " and ".join(
        f"{k} {v!r}" for k, v in (("user", user), ("project", project), ("tenant", tenant)) if v
    )
    confirm(f"Erase every trace of {who}? This cannot be undone.", yes)

    async def run() -> ErasureReport:
        async with container_of(ctx) as built:
            truncation = TruncationStore(built.settings.truncation.dir)
            with progress_bar("erasing", None) as advance:
                if not user:
                    return await erase(
                        built.store,
                        built.redis,
                        built.keys,
                        truncation,
                        scope,
                        progress=lambda _step, n: advance(n),
                    )
                return await erase_user(
                    built.store,
                    built.redis,
                    built.keys,
                    truncation,
                    built.clock,
                    user=user,
                    tenant=tenant,
                    projects=None if project is None else (project,),
                    progress=lambda _step, n: advance(n),
                )

    report = run_async(run())
    if as_json:
        emit_json({"sessions": report.sessions, "removed": report.removed})
        return
    rows = [{"what": k, "count": v} for k, v in sorted(report.removed.items())]
    print_table(rows, ["what", "count"], title=f"erased {who}: {report.sessions} sessions")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``memoryd`` app."""
    app.command("erase")(erase_command)
