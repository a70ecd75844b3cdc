"""The benchmarks' command line: ``python -m tests.bench NAME [options]`` (``./dev bench``).

``bench_app`` is the typer app; the modules of this package register their commands on it
when imported (below).
"""

from __future__ import annotations

import signal
import sys
from types import FrameType

from tests.bench.cli.app import bench_app, print_result

# isort: split
from tests.bench.cli import (  # noqa: F401
    context,
    extract,
    fairness,
    faults,
    maintenance,
    quality,
    recall,
    redteam,
    scale,
    secrets,
    serve,
    stateful,
    status,
    tenants,
    vectors,
)

__all__ = ["bench_app", "main", "print_result", "stop_on_sigterm"]


def main() -> None:
    """Run the benchmarks' command line (``./dev bench``)."""
    stop_on_sigterm()
    bench_app(prog_name="./dev bench")


def stop_on_sigterm() -> None:
    """SIGTERM ends a bench as Ctrl-C does, through its cleanups: the pgvector server it
    started and its data directory, scratch databases (left running by the signal's default
    action)."""

    def stop(signum: int, frame: FrameType | None) -> None:
        sys.exit(128 + signum)

    signal.signal(signal.SIGTERM, stop)
