"""``./dev bench scale``."""

from __future__ import annotations

from typing import Annotated

import typer

from daemon.base.errors import MemorydError
from daemon.cli.program import fail, run_async, settings_of
from tests.bench.cli.app import Json, bench_app, print_result


@bench_app.command()
def scale(
    ctx: typer.Context,
    as_json: Json = False,
    sessions: Annotated[int, typer.Option(help="Sessions published.", min=1)] = 1000,
    turns: Annotated[int, typer.Option(help="Turns per session.", min=1)] = 20,
    rate: Annotated[
        float,
        typer.Option(help="Turns published per second (fast enough not to be the limit).", min=1),
    ] = 2000.0,
    workers: Annotated[
        str, typer.Option(help="Worker process counts to compare, comma-separated.")
    ] = "1,2,4",
) -> None:
    """Scale-out: 2 dispatchers and N worker processes on this machine against the real
    Redis (MEMORYD_REDIS_URL) and PostgreSQL (a scratch database beside MEMORYD_DATABASE_URL),
    the fake model at 200 ms per call. Reports throughput, publish-to-memory latency (p50,
    p99) and checks that no session was extracted by two workers at once, no memory was
    duplicated, no turn was left behind and every message published was stored once with
    the content it was sent with, for each worker count, with how busy the
    machine's CPUs were meanwhile (every process counted: at 100% there is nothing left for
    more processes to use)."""
    from tests.bench.scale import bench_scale

    counts = [int(part) for part in workers.split(",") if part.strip()]
    try:
        result = run_async(
            bench_scale(
                settings_of(ctx),
                sessions=sessions,
                turns_per_session=turns,
                rate=rate,
                workers=counts,
            )
        )
    except MemorydError as exc:
        fail(str(exc))
    print_result(result, as_json)
