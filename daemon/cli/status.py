"""``memoryd status``: is it keeping up, and if not, where is it stuck."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from daemon.cli.common import container_of
from daemon.cli.program import run_async, settings_of

if TYPE_CHECKING:
    from daemon.app.container import Container
    from daemon.base.settings import Settings
    from daemon.health import Status


async def _once(probe: Container) -> Status:
    from daemon.health import gather_status

    return await gather_status(probe)


async def _watch(probe: Container, interval_s: float, as_json: bool) -> Status:
    from rich.console import Console
    from rich.live import Live

    from daemon.health import gather_status
    from daemon.health.render import render_status

    console = Console()
    status = await gather_status(probe)
    if as_json:
        while True:
            typer.echo(json.dumps(status.as_dict()))
            await probe.clock.sleep(interval_s)
            status = await gather_status(probe)
    with Live(render_status(status), console=console, auto_refresh=False) as live:
        while True:
            await probe.clock.sleep(interval_s)
            status = await gather_status(probe)
            live.update(render_status(status), refresh=True)


async def _run(
    ctx: typer.Context, settings: Settings, watch: float | None, as_json: bool
) -> Status:
    # the status reports the schema; a store it cannot open is "down" (2)
    async with container_of(ctx, check_schema=False, down_code=2) as probe:
        if watch is None:
            return await _once(probe)
        return await _watch(probe, watch, as_json)


def status(
    ctx: typer.Context,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the status as one JSON object (a line each).")
    ] = False,
    watch: Annotated[
        bool, typer.Option("--watch", help="Keep the screen up to date until Ctrl-C.")
    ] = False,
    interval: Annotated[
        float, typer.Option(help="Seconds between two readings with --watch.", min=0.2)
    ] = 2.0,
) -> None:
    """Is memoryd keeping up? Queue health at a glance.

    Redis and its latency; the turn stream's length, the consumer group's lag (and how long
    the oldest unread event has waited), pending entries and the oldest one's idle time,
    consumers; dead letters; the job queue (due, deferred, in progress, retrying, failed in
    the last hour); live workers; the last run of each scheduled job; extraction in the last
    hour (runs by outcome, p50/p95 duration, tokens, cached share); sessions behind their
    cursor, open breakers and parked sessions.

    Exit status: 0 healthy, 1 degraded, 2 down, with the thresholds in MEMORYD_HEALTH__*
    (see `memoryd config`), so it serves as a liveness or readiness probe: e.g. a readiness
    probe fails on exit 2 only. It reads summaries, never the stream itself: cheap to run
    every few seconds.
    """
    from rich.console import Console

    from daemon.health.render import render_status

    settings = settings_of(ctx)
    try:
        result = run_async(_run(ctx, settings, interval if watch else None, as_json))
    except KeyboardInterrupt:
        raise typer.Exit(0) from None
    if as_json:
        typer.echo(json.dumps(result.as_dict()))
    else:
        Console().print(render_status(result))
    raise typer.Exit(int(result.level))


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``memoryd`` app."""
    app.command()(status)
