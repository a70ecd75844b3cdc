"""`memoryd demo` on embedded defaults: no Redis needed, nothing left behind."""

from __future__ import annotations

import socket
import sys

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


def test_demo_without_redis_or_fakeredis_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """fakeredis is the optional `demo` extra: without it (and without a Redis server) the
    demo exits 1 with one line that names the extra, instead of a traceback."""
    monkeypatch.setitem(sys.modules, "fakeredis", None)  # import fakeredis fails
    monkeypatch.delitem(sys.modules, "daemon.app.redis_standin", raising=False)
    monkeypatch.setenv("MEMORYD_REDIS_URL", f"redis://127.0.0.1:{_closed_port()}/0")
    result = CliRunner().invoke(app, ["demo"])
    assert result.exit_code == 1, result.output
    assert "memoryd[demo]" in result.stderr and "Traceback" not in result.output
