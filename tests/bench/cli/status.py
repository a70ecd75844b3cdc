"""``./dev bench status``: what reading ``memoryd status`` costs (registered on ``bench``)."""

from __future__ import annotations

from typing import Annotated

import typer
from redis.exceptions import RedisError
from sqlalchemy.exc import SQLAlchemyError

from daemon.base.errors import MemorydError
from daemon.cli.program import fail, run_async, settings_of
from tests.bench.cli.app import Json, bench_app, print_result


@bench_app.command("status")
def status_bench(
    ctx: typer.Context,
    as_json: Json = False,
    entries: Annotated[
        int, typer.Option(help="Entries in the turn stream of the busy deployment.", min=10_000)
    ] = 1_000_000,
    sessions: Annotated[
        int, typer.Option(help="Sessions in the store (a third behind their cursor).", min=1)
    ] = 10_000,
    runs: Annotated[int, typer.Option(help="Extraction runs in the last hour.", min=1)] = 20_000,
    calls: Annotated[int, typer.Option(help="Timed status reads per figure.", min=20)] = 50,
) -> None:
    """How long `memoryd status` takes to read a busy deployment; the target is under 200 ms.

    Builds the deployment on MEMORYD_REDIS_URL under a private prefix (deleted afterwards)
    and a scratch store beside MEMORYD_DATABASE_URL: a turn stream of --entries entries with
    5,000 read and unacknowledged, 500 dead letters, 3,000 queued jobs, 10,000 sessions (a
    third of them behind their cursor) and 20,000 runs in the last hour. Times the status
    read (Redis and the store, side by side, as `memoryd status` does) on the empty
    deployment first, as the baseline, then on the busy one; prints p50, p95 and the worst
    call of each, and what the busy status reported.
    """
    from tests.bench.status import bench_status

    try:
        result = run_async(
            bench_status(
                settings_of(ctx),
                entries=entries,
                sessions_count=sessions,
                runs_count=runs,
                calls=calls,
            )
        )
    except (MemorydError, RedisError, SQLAlchemyError, OSError) as exc:
        fail(str(exc).splitlines()[0])
    print_result(result, as_json)
