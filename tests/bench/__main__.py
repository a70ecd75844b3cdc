"""``python -m tests.bench NAME [options]`` runs a benchmark (what ``./dev bench`` does)."""

from tests.bench.cli import main

main()
