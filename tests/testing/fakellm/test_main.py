"""``python -m daemon.testing.fakellm``: the server by hand, for hosts in other languages."""

from __future__ import annotations

import signal
import subprocess
import sys

import httpx

from daemon.testing.fakellm.__main__ import parse_args


def test_the_command_serves_until_interrupted_and_says_what_it_served() -> None:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "daemon.testing.fakellm",
            "--port",
            "0",
            "--model",
            "m1",
            "--embedding-dims",
            "12",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert first.startswith("fakellm serving http://127.0.0.1:"), first
        base_url = first.split()[2]
        body = {"model": "m1", "messages": [{"role": "user", "content": "hi"}]}
        models = httpx.get(f"{base_url}/models", timeout=10).json()
        assert [m["id"] for m in models["data"]] == ["m1"]
        reply = httpx.post(f"{base_url}/chat/completions", json=body, timeout=10).json()
        assert reply["choices"][0]["message"]["tool_calls"][0]["function"]["name"] == (
            "memory_done"
        )
        embedded = httpx.post(
            f"{base_url}/embeddings", json={"model": "e", "input": "hi"}, timeout=10
        )
        assert len(embedded.json()["data"][0]["embedding"]) == 12
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, err
    assert "stopped after 1 requests" in out and "1 embedding requests" in out


def test_fault_options_are_parsed_as_documented() -> None:
    args = parse_args(["--fail-rate", "0.05", "--fail-kinds", "429,500", "--latency-ms", "200"])
    assert (args.fail_rate, args.fail_kinds.split(","), args.latency_ms) == (
        0.05,
        ["429", "500"],
        200.0,
    )
    assert (args.port, args.style, args.seed) == (8999, "plain", 0)
