"""``./dev bench stateful``: the dispatcher's state machine, long (registered on ``bench``)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Annotated

import typer

from tests.bench.cli.app import Json, bench_app, print_result

_CHECKOUT = Path(__file__).resolve().parents[3]
_SUMMARY = re.compile(r"(\d+) (passed|failed|error|skipped)")


@bench_app.command("stateful")
def stateful_bench(
    as_json: Json = False,
    examples: Annotated[int, typer.Option(help="Random sequences per backend.", min=1)] = 500,
    steps: Annotated[int, typer.Option(help="Steps per sequence at most.", min=1)] = 30,
    backend: Annotated[
        str, typer.Option(help="fake (fakeredis + SQLite), real (Redis + PostgreSQL) or both.")
    ] = "both",
) -> None:
    """The long run of the dispatcher's rule-based state machine (tests/dispatcher): random
    sequences of good and hostile events, redeliveries, store outages, crashes and
    restarts, with every invariant (nothing lost, stalled or leaked, per message) checked
    after every step. The test suite runs it short; this runs it long and reports how many
    examples ran and whether any failed (a failure prints hypothesis's shrunk sequence)."""
    selected = "never_loses" + ("" if backend == "both" else f" and {backend}")
    env = {
        **os.environ,
        "MEMORYD_STATEFUL_EXAMPLES": str(examples),
        "MEMORYD_STATEFUL_STEPS": str(steps),
    }
    command = [
        sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "timeout=0",
        "tests/dispatcher/test_stateful.py", "-k", selected,
    ]  # fmt: skip
    started = time.perf_counter()
    done = subprocess.run(
        command, cwd=_CHECKOUT, env=env, capture_output=True, text=True, check=False
    )
    seconds = time.perf_counter() - started
    tail = done.stdout.strip().splitlines()[-1:] or [""]
    counts = {kind: int(n) for n, kind in _SUMMARY.findall(tail[0])}
    if done.returncode not in (0, 1):
        sys.stderr.write(done.stdout[-4000:] + done.stderr[-2000:])
    elif done.returncode == 1:
        sys.stderr.write(done.stdout[-8000:])
    print_result(
        {
            "benchmark": "stateful",
            "examples_per_backend": examples,
            "max_steps": steps,
            "backend": backend,
            "passed": counts.get("passed", 0),
            "failed": counts.get("failed", 0) + counts.get("error", 0),
            "seconds": round(seconds, 1),
            "invariants_held": done.returncode == 0 and counts.get("passed", 0) > 0,
        },
        as_json,
    )
    if done.returncode != 0:
        raise typer.Exit(1)
