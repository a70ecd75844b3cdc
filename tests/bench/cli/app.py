"""``./dev bench …`` (``python -m tests.bench``): benchmarks that print their own figures
(one JSON object with --json).

The settings are memoryd's own (``MEMORYD_*``, built once by the callback, as ``memoryd``
does); command modules (``tests/bench/cli/*.py``) register on ``bench_app``.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from daemon.base.errors import MemorydError
from daemon.cli.program import LogFormat, LogLevel, fail, prepare, run_async, settings_of

bench_app = typer.Typer(
    name="bench",
    help="memoryd's benchmarks (a development checkout: ./dev bench NAME). Each prints its "
    "figures and the baseline measured in the same run. Configured by MEMORYD_* as memoryd is.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
    rich_markup_mode="markdown",  # as memoryd's: docstring paragraphs are reflowed
)


@bench_app.callback()
def _callback(
    ctx: typer.Context,
    log_format: Annotated[
        LogFormat | None,
        typer.Option(
            "--log-format", help="Log lines as JSON or for a human.", case_sensitive=False
        ),
    ] = None,
    log_level: Annotated[
        LogLevel | None,
        typer.Option("--log-level", help="The lowest level logged.", case_sensitive=False),
    ] = None,
) -> None:
    """Build the settings from the environment and configure logging (to stderr)."""
    prepare(
        ctx,
        log_format=None if log_format is None else log_format.value,
        log_level=None if log_level is None else log_level.value,
    )


Json = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")]
#: What a worker's embedding throughput row embeds by default (tests/bench/embedding_rate.py).
FAKE_MEMORIES = 5_000
LOCAL_MEMORIES = 1_000
FakeMemories = Annotated[
    int, typer.Option(help="Memories a worker embeds through the fake endpoint (0: none).", min=0)
]
LocalMemories = Annotated[
    int, typer.Option(help="Memories a worker embeds with the local model (0: none).", min=0)
]


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
    encrypted: Annotated[
        bool,
        typer.Option(
            "--encrypted/--clear",
            help="Seal transcripts at rest with a fresh data key (default: stored in clear).",
        ),
    ] = False,
) -> None:
    """Dispatcher throughput (messages/s) against a plain batched INSERT of the same rows.

    Publishes the load to Redis first (MEMORYD_REDIS_URL, a private prefix), drains it with a
    dispatcher process into a scratch database beside MEMORYD_DATABASE_URL (PostgreSQL: a
    new database, dropped afterwards; SQLite: a temporary file), and reports the dispatcher's
    peak resident memory. Then counts the extraction jobs 1,000 turns of one session,
    published within a second, turn into.
    """
    from tests.bench.ingest import bench_ingest

    try:
        result = run_async(
            bench_ingest(
                settings_of(ctx), sessions=sessions, per_session=turns, encrypted=encrypted
            )
        )
    except MemorydError as exc:
        fail(str(exc))
    print_result(result, as_json)
