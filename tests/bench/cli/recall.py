"""``./dev bench recall``: search and injection-block latency (registered on ``bench``)."""

from __future__ import annotations

from typing import Annotated

import sqlalchemy as sa
import typer

from daemon.base.errors import MemorydError
from daemon.base.settings import normalize_database_url
from daemon.cli.program import fail, run_async, settings_of
from tests.bench.cli.app import (
    FAKE_MEMORIES,
    LOCAL_MEMORIES,
    FakeMemories,
    Json,
    LocalMemories,
    bench_app,
)


@bench_app.command("recall")
def recall_bench(
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
    calls: Annotated[int, typer.Option(help="Timed calls per row.", min=20)] = 300,
    small: Annotated[
        bool, typer.Option("--small", help="1,000 and 10,000 memories instead (a quick look).")
    ] = False,
    pgvector: Annotated[
        str | None,
        typer.Option(
            "--pgvector",
            metavar="URL",
            help="A PostgreSQL with pgvector for the hybrid rows; default: a pgserver "
            "started for the run.",
        ),
    ] = None,
    hybrid: Annotated[
        bool, typer.Option("--hybrid/--no-hybrid", help="Time hybrid searches too.")
    ] = True,
    fake_memories: FakeMemories = FAKE_MEMORIES,
    local_memories: LocalMemories = LOCAL_MEMORIES,
) -> None:
    """Search and injection-block latency at 10,000 and 100,000 memories in one scope.

    Runs on SQLite (a temporary file) and on PostgreSQL, through the same Recall API agent
    hosts use. Prints one JSON object with --json, whose ``results`` list holds
    {"backend", "operation", "memories", "p50_ms", "p95_ms"} rows. The target is a p95
    under 10 ms at 100,000 memories. With hybrid (the default), `hybrid.results` holds
    {"backend", "operation": "hybrid", "ranking", "memories", "p50_ms", "p95_ms"} rows of
    searches ranked by keywords and meaning fused (tests/bench/hybrid.py) on SQLite,
    PostgreSQL without pgvector and with it; its target is a p95 under 15 ms at 100,000
    memories where vectors are indexed. `hybrid.embedding` holds a worker's embedding
    throughput {"provider", "space", "memories", "seconds", "memories_per_s"} through the
    fake endpoint and with the local model (when its extra is installed).
    """
    from tests.bench.embedding_rate import line
    from tests.bench.hybrid import pgvector_url
    from tests.bench.recall import SIZES, bench_recall

    settings = settings_of(ctx)
    sizes = (1_000, 10_000) if small else SIZES
    try:
        url = normalize_database_url(postgres) if postgres else None
        given = normalize_database_url(pgvector) if pgvector else None
        with pgvector_url(given, hybrid) as vector_url:
            result = run_async(
                bench_recall(
                    settings.database_url,
                    postgres_url=url,
                    pgvector_url=vector_url,
                    sizes=sizes,
                    calls=calls,
                    hybrid=hybrid,
                    fake_memories=fake_memories,
                    local_memories=local_memories,
                )
            )
    except (MemorydError, ValueError, sa.exc.SQLAlchemyError, OSError) as exc:
        fail(str(exc).splitlines()[0])
    if as_json:
        import json

        typer.echo(json.dumps(result))
        return
    for row in result["results"]:
        typer.echo(
            f"{row['backend']:>10} {row['operation']:>16} {row['memories']:>8,} memories  "
            f"p50 {row['p50_ms']:7.2f} ms  p95 {row['p95_ms']:7.2f} ms"
        )
    for row in result["hybrid"]["results"]:
        typer.echo(
            f"{row['backend']:>20} {'hybrid':>8} {row['ranking']:>20} {row['memories']:>8,} "
            f"memories  p50 {row['p50_ms']:7.2f} ms  p95 {row['p95_ms']:7.2f} ms"
        )
    for row in result["hybrid"]["embedding"]:
        typer.echo(line(row))
    for note in result["skipped"]:
        typer.echo(f"skipped: {note}")
