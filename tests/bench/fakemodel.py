"""The fake OpenAI-compatible model the benchmarks talk to (:mod:`daemon.testing.fakellm`, playing
its extraction policy): in a process of its own, so that its CPU is not the measured
processes', or in this process where a benchmark must steer its faults."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from daemon.base.errors import ConfigError
from daemon.testing.fakellm import FakeLLM
from daemon.testing.fakellm.policy_extract import ExtractionPolicy
from daemon.testing.fakellm.styles import STYLES
from tests.bench import ROOT


def model_styles() -> tuple[str, ...]:
    """The answer styles the fake model can play (``fake-model@<style>``)."""
    return tuple(STYLES)


@contextmanager
def fake_model(latency_s: float) -> Iterator[FakeLLM]:
    """A ``FakeLLM`` serving the extraction policy in this process (``.base_url``,
    ``.fail_rate(...)`` to inject faults)."""
    with FakeLLM(policy=ExtractionPolicy(), latency_s=latency_s, cache_window=1_000_000) as fake:
        yield fake


@contextmanager
def fake_model_process(latency_s: float) -> Iterator[str]:
    """The fake model in a child process (its CPU is not the measured processes'); yields
    its base URL."""
    child = subprocess.Popen(
        [sys.executable, "-m", "daemon.testing.fakellm.policy_extract", str(latency_s)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        url = child.stdout.readline().strip()
        if not url.startswith("http"):
            raise ConfigError("the fake model server did not start")
        yield url
    finally:
        if child.stdin is not None:
            child.stdin.close()
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
        if child.stdout is not None:
            child.stdout.close()
