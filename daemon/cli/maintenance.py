"""``memoryd consolidate``, ``cleanup-truncations``, ``retention``: the scheduled jobs, now.

Each runs its job once, on demand, without waiting for its period (workers run them on
their schedules, ``MEMORYD_MAINTENANCE__*``); ``--dry-run`` reports what would change and
changes nothing. A run (not a dry one) is recorded where ``memoryd status`` reads it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from daemon.base.errors import MemorydError
from daemon.cli.common import container_of
from daemon.cli.program import fail, run_async

if TYPE_CHECKING:
    from daemon.maintenance.scheduled import JobResult

DryRun = Annotated[
    bool, typer.Option("--dry-run", help="Report what would change; change nothing.")
]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]


async def _run(ctx: typer.Context, name: str, dry_run: bool) -> JobResult:
    from daemon.maintenance.scheduled import run_job

    async with container_of(ctx) as built:
        return await run_job(built, name, dry_run=dry_run, trigger="cli")


def _command(ctx: typer.Context, name: str, dry_run: bool, as_json: bool) -> None:
    from daemon.base.errors import StatementFailed

    try:
        result = run_async(_run(ctx, name, dry_run))
    except StatementFailed as exc:
        fail(f"{name} failed: {' '.join(str(exc.orig or exc).split())}")
    except MemorydError as exc:
        fail(str(exc))
    except Exception as exc:
        fail(f"{name} failed: {type(exc).__name__}: {exc}")
    if as_json:
        typer.echo(json.dumps(result.as_dict()))
    else:
        note = " (dry run: nothing changed)" if dry_run else ""
        typer.echo(f"{name}: {result.outcome} in {result.seconds:.2f} s{note}")
        for key, value in result.counts.items():
            typer.echo(f"  {key:<20} {value}")
    if result.outcome != "ok":  # partial: some entries could not be handled
        raise typer.Exit(1)


def consolidate_command(ctx: typer.Context, dry_run: DryRun = False, as_json: Json = False) -> None:
    """Consolidate the memory store now: expired memories (never pinned ones), compaction
    summaries beyond the 10 most recent per scope, working memories unused for 14 days,
    exact duplicates merged into the oldest, the per-scope cap; tombstones past their
    window purged. Removals are restorable tombstones, recorded in memory history."""
    _command(ctx, "consolidate", dry_run, as_json)


def cleanup_truncations_command(
    ctx: typer.Context, dry_run: DryRun = False, as_json: Json = False
) -> None:
    """Delete spilled tool outputs older than MEMORYD_TRUNCATION__KEEP_DAYS from the
    truncation store: only its own files, inside its root, never through a symlink."""
    _command(ctx, "cleanup_truncations", dry_run, as_json)


def retention_command(ctx: typer.Context, dry_run: DryRun = False, as_json: Json = False) -> None:
    """Delete transcripts older than the retention window that the sessions' cursors have
    passed, old run records, and turn-stream entries every consumer group acknowledged."""
    _command(ctx, "retention", dry_run, as_json)


def verify_integrity_command(
    ctx: typer.Context, dry_run: DryRun = False, as_json: Json = False
) -> None:
    """Check every live memory's integrity tag (recall hides a memory whose tag does not
    hold); the failing ones are logged by id and counted, for `memoryd status`."""
    _command(ctx, "verify_integrity", dry_run, as_json)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``memoryd`` app."""
    app.command("consolidate")(consolidate_command)
    app.command("cleanup-truncations")(cleanup_truncations_command)
    app.command("retention")(retention_command)
    app.command("verify-integrity")(verify_integrity_command)
