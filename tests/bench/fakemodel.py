"""The fake OpenAI-compatible model the benchmarks talk to (``tests/fakellm`` of a source
checkout, playing its extraction policy): in a process of its own, so that its CPU is not
the measured processes', or in this process where a benchmark must steer its faults."""

from __future__ import annotations

import importlib
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from daemon.errors import ConfigError


def checkout() -> Path:
    """The source checkout holding tests/fakellm."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "tests" / "fakellm" / "policy_extract.py").is_file():
        raise ConfigError("this benchmark needs a source checkout (tests/fakellm)")
    return root


def modules() -> tuple[Any, Any]:
    """``FakeLLM`` and ``ExtractionPolicy`` from the source checkout's tests/fakellm."""
    root = checkout()
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    try:
        server = importlib.import_module("tests.fakellm")
        policy = importlib.import_module("tests.fakellm.policy_extract")
    except ImportError as exc:
        raise ConfigError("this benchmark needs a source checkout (tests/fakellm)") from exc
    return server.FakeLLM, policy.ExtractionPolicy


@contextmanager
def fake_model(latency_s: float) -> Iterator[Any]:
    """A ``FakeLLM`` serving the extraction policy in this process (``.base_url``,
    ``.fail_rate(...)`` to inject faults)."""
    fake_llm, policy = modules()
    with fake_llm(policy=policy(), latency_s=latency_s, cache_window=1_000_000) as fake:
        yield fake


@contextmanager
def fake_model_process(latency_s: float) -> Iterator[str]:
    """The fake model in a child process (its CPU is not the measured processes'); yields
    its base URL."""
    child = subprocess.Popen(  # noqa: S603 - our own interpreter and module
        [sys.executable, "-m", "tests.fakellm.policy_extract", str(latency_s)],
        cwd=checkout(),
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
