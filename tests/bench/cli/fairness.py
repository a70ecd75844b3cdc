"""``./dev bench fairness``: what other tenants' memories cost a SQLite search."""

from __future__ import annotations

from typing import Annotated

import typer

from daemon.cli.program import run_async
from tests.bench.cli.app import Json, bench_app, print_result


@bench_app.command("fairness")
def fairness_bench(
    as_json: Json = False,
    scopes: Annotated[int, typer.Option(help="Tenants in the shared store.", min=2)] = 100,
    per_scope: Annotated[int, typer.Option(help="Memories of each tenant.", min=100)] = 1000,
    calls: Annotated[int, typer.Option(help="Timed searches per row.", min=20)] = 300,
) -> None:
    """A search in one scope alone in its store, then among ``--scopes`` tenants with the
    same words (SQLite): p50 and p95 one call at a time and from 4 concurrent clients, and
    the shared/alone ratios. Issue 22's bar: a ratio of at most 2, a 4-client p95 under
    25 ms."""
    from tests.bench.fairness import bench_fairness

    result = run_async(bench_fairness(scopes=scopes, per_scope=per_scope, calls=calls))
    print_result(result, as_json)
