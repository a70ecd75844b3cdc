"""`memoryd demo` on embedded defaults: no Redis needed, nothing left behind."""

from __future__ import annotations

import socket

import pytest
from typer.testing import CliRunner

from daemon.cli import app


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_demo_runs_on_the_stand_in_and_reports_kept_and_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MEMORYD_REDIS_URL", f"redis://127.0.0.1:{_closed_port()}/0")
    result = CliRunner().invoke(app, ["demo"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "in-process stand-in" in out
    assert "pytest-asyncio" in out and "2026-11-24" in out and "early returns" in out
    assert "platform team" in out
    assert "refused" in out and "secret" in out and "instruction inside a tool output" in out
    assert "sk_live_51Hq8ZPq2eZvKYlo2C9xR7dT4mWq0LbN3sUa" not in out
    assert "hunter2" not in out.split("Against the fixtures")[0].replace("never stores hunter2", "")
    assert "✗ billing-fix: keeps a project memory mentioning Adyen" in out
    assert out.count("✓") == 8
