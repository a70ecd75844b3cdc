"""``./dev bench faults`` and ``./dev bench soak``."""

from __future__ import annotations

from typing import Annotated

import typer

from daemon.base.errors import MemorydError
from daemon.cli.program import fail, run_async, settings_of
from tests.bench.cli.app import Json, bench_app, print_result


@bench_app.command()
def faults(
    ctx: typer.Context,
    as_json: Json = False,
    kills: Annotated[int, typer.Option(help="kill -9 of a dispatcher or worker.", min=1)] = 50,
    storm_s: Annotated[float, typer.Option(help="Seconds of model failures.", min=1)] = 10.0,
) -> None:
    """Fault proof: 2 dispatchers and 2 workers on this machine against the real PostgreSQL
    (a scratch database beside MEMORYD_DATABASE_URL) and Redis (MEMORYD_REDIS_URL, a private
    prefix), the fake model in-process at 50 ms per call, a paced load, and one fault per
    scenario while it is published.

    kill_9: SIGKILL of a random dispatcher or worker, --kills times,
    a replacement started after each; replacement dispatchers also die
    at a failpoint (between the statements of a batch, or between the
    store's commit and the XACK), chosen at random, and are replaced.

    redis_restart: a private redis-server on a free port (append-only,
    fsync always), killed with SIGKILL mid-load and restarted on its
    directory 2 s later; the shared Redis is never stopped.

    postgres_kill: pg_terminate_backend of every connection to the
    scratch database, 5 times during the load.

    model_storm: 60% of model calls answered with 429, 500 or a stall
    past the client's timeout, for --storm-s seconds.

    Prints, per scenario: published, extracted, duplicated and lost
    turns; lost, duplicated, corrupted and unexpected messages (every
    message published is held against its stored row by a digest of its
    content, role, tool calls and name); and recovery_s (seconds from
    the end of the fault until every published turn is extracted; null
    if not within 5 minutes), with dead letters, failed runs, ERROR lines
    in the processes' logs and the publisher's achieved rate. The target:
    nothing lost, duplicated or altered, every time.
    """
    from tests.bench.faults import Plan, bench_faults

    try:
        result = run_async(bench_faults(settings_of(ctx), Plan(kills=kills, storm_s=storm_s)))
    except MemorydError as exc:
        fail(str(exc))
    print_result(result, as_json)


@bench_app.command()
def soak(
    ctx: typer.Context,
    as_json: Json = False,
    minutes: Annotated[float, typer.Option(help="How long the load runs.", min=0.1)] = 20.0,
    rate: Annotated[float, typer.Option(help="Turns published per second.", min=1)] = 200.0,
    sample_s: Annotated[float, typer.Option(help="Seconds between samples.", min=1)] = 10.0,
) -> None:
    """Soak: a steady --rate turns/s for --minutes against 2 dispatchers and 2 workers on this
    machine (real PostgreSQL and Redis as for `bench faults`, the fake model at 50 ms per
    call). Samples every --sample-s seconds the consumer group's lag and pending entries, the
    sessions and turns behind their cursor, and each process's resident memory. Prints the
    resident memory of each process at the start (after a warm-up) and at the end, the lag
    series, the publisher's achieved rate, and error counts (dead letters, failed runs,
    ERROR lines in the processes' logs), and whether every turn and every message published
    was stored once, unaltered. The target over 20 minutes: resident memory grows less than
    10%, lag stays bounded, nothing is lost, duplicated or altered.
    """
    from tests.bench.soak import bench_soak

    try:
        result = run_async(
            bench_soak(settings_of(ctx), minutes=minutes, rate=rate, sample_s=sample_s)
        )
    except MemorydError as exc:
        fail(str(exc))
    print_result(result, as_json)
