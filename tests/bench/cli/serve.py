"""``./dev bench serve``: memoryd serve under 16 concurrent clients (registered on ``bench``)."""

from __future__ import annotations

from typing import Annotated

import sqlalchemy as sa
import typer

from daemon.base.errors import MemorydError
from daemon.base.settings import normalize_database_url
from daemon.cli.program import fail, run_async, settings_of
from tests.bench.cli.app import Json, bench_app, print_result


@bench_app.command("serve")
def serve_bench(
    ctx: typer.Context,
    as_json: Json = False,
    postgres: Annotated[
        str | None,
        typer.Option(
            "--postgres",
            metavar="URL",
            help="A PostgreSQL server to bench on (a scratch database is created beside it "
            "and dropped); default: MEMORYD_DATABASE_URL when it is PostgreSQL.",
        ),
    ] = None,
    memories: Annotated[int, typer.Option(help="Memories in the scope.", min=100)] = 100_000,
    clients: Annotated[int, typer.Option(help="Concurrent clients.", min=1)] = 16,
    requests: Annotated[int, typer.Option(help="Timed requests per operation.", min=50)] = 3000,
    pgvector: Annotated[
        str | None,
        typer.Option(
            "--pgvector",
            metavar="URL",
            help="A PostgreSQL with pgvector for the hybrid row; default: a pgserver "
            "started for the run.",
        ),
    ] = None,
    hybrid: Annotated[
        bool, typer.Option("--hybrid/--no-hybrid", help="Time hybrid searches too.")
    ] = True,
    only: Annotated[
        str | None,
        typer.Option(
            "--only",
            metavar="PART",
            help="Run one part alone: 'publish' (the publishing figures, on SQLite, with no "
            "recall rows) or 'hybrid' (the hybrid_search row alone).",
        ),
    ] = None,
) -> None:
    """Recall and publishing over HTTP against a real `memoryd serve`, at 100,000 memories.

    On SQLite and on PostgreSQL, 16 concurrent clients in a separate process. Prints one
    JSON object with --json: `results` rows {"backend", "operation", "memories", "clients",
    "requests_per_s", "p50_ms", "p95_ms"} for search and the injection block (1 and 2 serve
    workers); publishing judged against its own floor: `publish_vs_floor` (one event per
    request over `GET /healthz` of the same process) and `publish_batched_vs_python` (20
    events a request over memoryd's Python publisher), with `publish_ratio` and
    `publish_ratio_batched` (over raw XADDs) kept for comparison; `sqlite_fairness` (a
    search in one of 100 scopes over the same search in a store holding that scope alone).
    Targets: 1,000 recall requests/s with p95 under 25 ms; each publishing ratio at least
    0.5; fairness at most 2 with 4 clients' p95 under 25 ms. With hybrid
    (the default), a `hybrid_search` row: `mode=hybrid` searches on a PostgreSQL with
    pgvector, embeddings from the fake model server; its target is a p95 under 25 ms.
    """
    from tests.bench.hybrid import pgvector_url
    from tests.bench.serve import bench_serve

    settings = settings_of(ctx)
    try:
        url = normalize_database_url(postgres) if postgres else None
        given = normalize_database_url(pgvector) if pgvector else None
        with pgvector_url(given, hybrid and only != "publish") as vector_url:
            result = run_async(
                bench_serve(
                    settings.database_url,
                    redis_url=settings.redis_url,
                    postgres_url=url,
                    pgvector_url=vector_url,
                    memories_count=memories,
                    clients=clients,
                    requests=requests,
                    only=only,
                )
            )
    except (MemorydError, ValueError, RuntimeError, sa.exc.SQLAlchemyError, OSError) as exc:
        fail(str(exc).splitlines()[0])
    print_result(result, as_json)
