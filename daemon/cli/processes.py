"""``memoryd dispatch``, ``memoryd worker`` and ``memoryd run``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from daemon.base.errors import MemorydError
from daemon.cli.program import fail, run_async, settings_of

if TYPE_CHECKING:
    from daemon.base.settings import Settings

Burst = Annotated[
    bool, typer.Option("--burst", help="Drain what is waiting, then exit (for cron and tests).")
]


async def _run(settings: Settings, *, dispatch: bool, work: bool, burst: bool) -> None:
    from daemon.app.process_runner import run_processes
    from daemon.cli.common import open_container_or_fail
    from workers.worker_settings import build_worker

    container = await open_container_or_fail(settings, pool_size=None)
    try:
        stats = await run_processes(
            container, dispatch=dispatch, work=work, burst=burst, build_worker=build_worker
        )
    finally:
        await container.close()
    if stats is not None and burst:
        typer.echo(
            f"read {stats.read}, stored {stats.stored}, duplicates {stats.duplicates}, "
            f"dead-lettered {stats.dead}, claimed {stats.claimed}",
            err=True,
        )


def _start(ctx: typer.Context, *, dispatch: bool, work: bool, burst: bool) -> None:
    try:
        run_async(_run(settings_of(ctx), dispatch=dispatch, work=work, burst=burst))
    except MemorydError as exc:
        fail(str(exc))


def dispatch(
    ctx: typer.Context,
    burst: Burst = False,
    failpoints: Annotated[
        str, typer.Option(hidden=True, help="Benchmarks only: NAME@N, die at that pass.")
    ] = "",
) -> None:
    """Read turn events from the Redis stream, store them and queue extraction jobs.

    Bad events go to the dead-letter stream with their reason. Stops cleanly on SIGTERM or
    Ctrl-C after the batch in hand.
    """
    from daemon.base.failpoints import arm, parse

    if failpoints:
        try:
            arm(parse(failpoints))
        except MemorydError as exc:
            fail(str(exc))
    _start(ctx, dispatch=True, work=False, burst=burst)


def worker(ctx: typer.Context, burst: Burst = False) -> None:
    """Run an arq worker: extraction jobs and the scheduled jobs.

    On SIGTERM it stops taking jobs and lets running ones finish (up to
    MEMORYD_WORKER__JOB_COMPLETION_WAIT_S seconds).
    """
    _start(ctx, dispatch=False, work=True, burst=burst)


def run(ctx: typer.Context, burst: Burst = False) -> None:
    """Run a dispatcher and a worker in one process (small deployments, development)."""
    _start(ctx, dispatch=True, work=True, burst=burst)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``memoryd`` app."""
    app.command()(dispatch)
    app.command()(worker)
    app.command()(run)
