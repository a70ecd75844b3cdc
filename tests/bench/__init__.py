"""memoryd's benchmarks: ``./dev bench NAME [options]`` (``python -m tests.bench``) in a
development checkout. They are not shipped: they drive the fake model of
:mod:`daemon.testing.fakellm` and print their own figures (one JSON object with ``--json``)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The development checkout: ``python -m tests...`` children run from there."""
