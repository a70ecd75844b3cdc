"""``./dev bench vectors``: nearest-neighbour latency per backend (registered on ``bench``)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Annotated, Any

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


@bench_app.command("vectors")
def vectors_bench(
    ctx: typer.Context,
    as_json: Json = False,
    postgres: Annotated[
        str | None,
        typer.Option(
            "--postgres",
            metavar="URL",
            help="A PostgreSQL without pgvector (exact path; a scratch database is created "
            "beside it and dropped); default: MEMORYD_DATABASE_URL when it is PostgreSQL.",
        ),
    ] = None,
    pgvector: Annotated[
        str | None,
        typer.Option(
            "--pgvector",
            metavar="URL",
            help="A PostgreSQL with pgvector; default: a pgserver started for the run.",
        ),
    ] = None,
    calls: Annotated[int, typer.Option(help="Timed calls per row.", min=20)] = 100,
    slow_calls: Annotated[
        int, typer.Option(help="Timed calls of rankings that scan in Python.", min=3)
    ] = 10,
    backend: Annotated[
        list[str] | None,
        typer.Option("--backend", help="Only these: sqlite, postgresql, pgvector (repeatable)."),
    ] = None,
    small: Annotated[
        bool, typer.Option("--small", help="1,000 and 10,000 memories instead (a quick look).")
    ] = False,
    python: Annotated[
        bool,
        typer.Option(
            "--python/--no-python", help="Time SQLite without sqlite-vec too (the fallback)."
        ),
    ] = True,
    fake_memories: FakeMemories = FAKE_MEMORIES,
    local_memories: LocalMemories = LOCAL_MEMORIES,
) -> None:
    """p50/p95 of nearest() (k = 10, 384 dimensions) at 10,000 and 100,000 memories in one
    scope: SQLite (sqlite-vec's vec0 index, its exact scan, and the Python fallback),
    PostgreSQL without pgvector (exact, in Python), PostgreSQL with pgvector (exact and
    HNSW); then a worker's embedding throughput (fake endpoint, local model)."""
    from tests.bench.embedding_rate import embedding_rows, line
    from tests.bench.vectors import SIZES, bench_vectors, start_pgvector

    settings = settings_of(ctx)
    sizes = (1_000, 10_000) if small else SIZES
    if postgres is None and settings.database_url.startswith("postgresql"):
        postgres = settings.database_url
    server: Any = None
    try:
        with tempfile.TemporaryDirectory(prefix="memoryd-bench-pgvector-") as tmp:
            backends = tuple(backend or ("sqlite", "postgresql", "pgvector"))
            if pgvector is None and "pgvector" in backends:
                pgvector, server = start_pgvector(Path(tmp) / "data")
            result = run_async(
                bench_vectors(
                    postgres_url=normalize_database_url(postgres) if postgres else None,
                    pgvector_url=normalize_database_url(pgvector) if pgvector else None,
                    sizes=sizes,
                    calls=calls,
                    slow_calls=slow_calls,
                    backends=backends,
                    python=python,
                )
            )
            if server is not None:
                server.cleanup()
        if fake_memories or local_memories:
            embedding = run_async(
                embedding_rows(fake_memories=fake_memories, local_memories=local_memories)
            )
            result["embedding"] = embedding["rows"]
            result["skipped"] += embedding["skipped"]
    except (MemorydError, ValueError, sa.exc.SQLAlchemyError, OSError) as exc:
        fail(str(exc).splitlines()[0])
    if as_json:
        import json

        typer.echo(json.dumps(result))
        return
    for row in result["results"]:
        typer.echo(
            f"{row['backend']:>20} {row['ranking']:>18} {row['memories']:>8,} memories  "
            f"p50 {row['p50_ms']:8.2f} ms  p95 {row['p95_ms']:8.2f} ms  ({row['calls']} calls)"
        )
    for row in result.get("embedding", []):
        typer.echo(line(row))
    typer.echo(f"load average {result['load_average']} on {result['cores']} cores")
    for note in result["skipped"]:
        typer.echo(f"skipped: {note}")
