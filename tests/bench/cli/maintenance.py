"""``./dev bench consolidate`` and ``./dev bench cleanup`` (registered on ``bench``)."""

from __future__ import annotations

from typing import Annotated

import typer

from daemon.base.errors import MemorydError
from daemon.base.settings import normalize_database_url
from daemon.cli.program import fail, run_async, settings_of
from tests.bench.cli.app import Json, bench_app, print_result


@bench_app.command("consolidate")
def consolidate_bench(
    ctx: typer.Context,
    as_json: Json = False,
    postgres: Annotated[
        str | None,
        typer.Option(
            "--postgres",
            metavar="URL",
            help="A PostgreSQL server to bench on (a scratch database is created beside it "
            "and dropped); default: MEMORYD_DATABASE_URL.",
        ),
    ] = None,
    sizes: Annotated[
        str, typer.Option(help="Store sizes to consolidate, comma-separated.")
    ] = "100000,1000000",
) -> None:
    """Consolidation of stores of 100,000 and 1,000,000 memories on PostgreSQL (10% expired,
    5% exact duplicates, some pinned, ...). With --json, one object whose ``runs`` list holds
    ``memories``, ``affected`` and ``seconds`` per size. Target: 1,000,000 in 30 s or less."""
    from tests.bench.maintenance import bench_consolidate

    try:
        url = normalize_database_url(postgres or settings_of(ctx).database_url)
        counts = tuple(int(part) for part in sizes.split(",") if part.strip())
    except ValueError as exc:
        fail(str(exc), code=2)
    try:
        result = run_async(bench_consolidate(url, counts))
    except MemorydError as exc:
        fail(str(exc))
    print_result(result, as_json)


@bench_app.command("cleanup")
def cleanup_bench(
    as_json: Json = False,
    files: Annotated[
        int, typer.Option(help="Spilled files to create, then delete.", min=1)
    ] = 100_000,
) -> None:
    """Truncation cleanup of 100,000 old spilled files in a temporary root. With --json, one
    object with ``files``, ``bytes`` and ``seconds``. Target: 10 s or less."""
    from tests.bench.maintenance import bench_cleanup

    print_result(bench_cleanup(files), as_json)
