"""``./dev bench extract``: the LLM extractor against the fake model server."""

from __future__ import annotations

from typing import Annotated

import typer

from daemon.base.errors import MemorydError
from daemon.cli.program import fail, run_async, settings_of
from tests.bench.cli.app import Json, bench_app, print_result


@bench_app.command("extract")
def extract(
    ctx: typer.Context,
    as_json: Json = False,
    sessions: Annotated[int, typer.Option(help="Sessions in the load.", min=1)] = 100,
    turns: Annotated[int, typer.Option(help="Turns per session.", min=1)] = 20,
    wave: Annotated[int, typer.Option(help="Turns that arrive between two runs.", min=1)] = 5,
    latency_ms: Annotated[float, typer.Option(help="Fake model latency per call.", min=0)] = 200,
    max_jobs: Annotated[
        int, typer.Option(help="Worker max_jobs and LLM concurrency.", min=1)
    ] = 128,
    style_sessions: Annotated[
        int,
        typer.Option(
            help="Sessions per mode in each model style's load (at most --sessions).", min=1
        ),
    ] = 10,
) -> None:
    """Extraction cost and speed: delta and fork modes against naive baselines, in one run.

    Runs a fake OpenAI-compatible server in-process (the extraction policy of
    daemon/testing/fakellm, so a source checkout is needed), a dispatcher and one in-process worker,
    on scratch stores beside MEMORYD_DATABASE_URL and private prefixes on MEMORYD_REDIS_URL
    (an in-process stand-in when Redis does not answer). Reports runs, model calls per run,
    prompt tokens per turn, the cached share of prompt tokens (from a session's second run
    on), runs per second, and our uncached prompt tokens against the naive baselines. Then,
    for each answer style the fake model plays (fenced JSON, prose then JSON, other keys,
    ...), a smaller load in both modes: the share of sessions that reached their last turn
    (target 1.0) and model calls per run (target at most 2.5).
    """
    from tests.bench.extract import bench_extract

    try:
        result = run_async(
            bench_extract(
                settings_of(ctx),
                sessions=sessions,
                turns=turns,
                wave=wave,
                latency_s=latency_ms / 1000,
                max_jobs=max_jobs,
                style_sessions=style_sessions,
            )
        )
    except MemorydError as exc:
        fail(str(exc))
    print_result(result, as_json)
