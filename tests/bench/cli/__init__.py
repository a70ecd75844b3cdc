"""The benchmarks' command line: ``python -m tests.bench NAME [options]`` (``./dev bench``).

``bench_app`` is the typer app; the modules of this package register their commands on it
when imported (below).
"""

from __future__ import annotations

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

__all__ = ["bench_app", "main", "print_result"]


def main() -> None:
    """Run the benchmarks' command line (``./dev bench``)."""
    bench_app(prog_name="./dev bench")
