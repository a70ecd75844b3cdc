"""``memoryd bench …``: benchmarks that print their own figures (one JSON object with --json)."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from daemon.cli.app import app, fail, run_async, settings_of
from daemon.errors import MemorydError

bench_app = typer.Typer(
    help="Benchmarks. Each prints its figures and the baseline measured in the same run.",
    no_args_is_help=True,
)
app.add_typer(bench_app, name="bench")

Json = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")]


def print_result(result: dict[str, Any], as_json: bool) -> None:
    """One JSON object, or a line a figure for people: nested figures as JSON, and a list of
    rows (one per size, shape or scenario) a row a line."""
    if as_json:
        typer.echo(json.dumps(result))
        return
    width = max((len(key) for key in result), default=0)
    for key, value in result.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            typer.echo(f"{key:>{width}}")
            for row in value:
                typer.echo(f"{'':>{width}}  {json.dumps(row)}")
        else:
            shown = json.dumps(value) if isinstance(value, dict | list) else value
            typer.echo(f"{key:>{width}}  {shown}")


@bench_app.command()
def ingest(
    ctx: typer.Context,
    as_json: Json = False,
    sessions: Annotated[int, typer.Option(help="Sessions in the generated load.", min=1)] = 1000,
    turns: Annotated[
        int, typer.Option(help="Turns per session (about 5 messages each).", min=1)
    ] = 20,
) -> None:
    """Dispatcher throughput (messages/s) against a plain batched INSERT of the same rows.

    Publishes the load to Redis first (MEMORYD_REDIS_URL, a private prefix), drains it with a
    dispatcher process into a scratch database beside MEMORYD_DATABASE_URL (PostgreSQL: a
    new database, dropped afterwards; SQLite: a temporary file), and reports the dispatcher's
    peak resident memory. Then counts the extraction jobs 1,000 turns of one session,
    published within a second, turn into.
    """
    from daemon.bench.ingest import bench_ingest

    try:
        result = run_async(bench_ingest(settings_of(ctx), sessions=sessions, per_session=turns))
    except MemorydError as exc:
        fail(str(exc))
    print_result(result, as_json)
