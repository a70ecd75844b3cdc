"""``./dev bench context``."""

from __future__ import annotations

from typing import Annotated

import typer

from daemon.cli.program import run_async
from tests.bench.cli.app import Json, bench_app, print_result


@bench_app.command()
def context(
    as_json: Json = False,
    turns: Annotated[int, typer.Option(help="Turns of the generated session.", min=1)] = 320,
    window: Annotated[
        int, typer.Option(help="The model's context window, in tokens.", min=20_000)
    ] = 200_000,
    seed: Annotated[int, typer.Option(help="The generated session's seed.")] = 7,
) -> None:
    """The host kit on a generated coding session (320 turns, realistic tool outputs): the
    prompt tokens of every model call for a host that resends its whole history (the
    baseline), one that only truncates tool outputs, and one that runs the kit's pipeline
    against a memoryd in this process (SQLite, Redis's stand-in, its dispatcher and worker
    run after every turn, so the rolling session summary is kept as the daemon keeps it);
    the share of compactions served from that summary; the time the pipeline adds per call.
    Targets: ratio_vs_full at least 5, served_from_summary_share at least 0.8, added_ms_p95
    under 5 ms at a 200,000-token window."""
    from tests.bench.context import bench_context

    print_result(run_async(bench_context(turns=turns, window=window, seed=seed)), as_json)
