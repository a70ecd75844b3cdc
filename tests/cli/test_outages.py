"""Every command prints one clear line, never a traceback, when the store is down (a
PostgreSQL port nothing listens on, or a SQLite file under a path that is not a folder) or
Redis is (a port nothing listens on). Run as
the ``memoryd`` command line in its own process, as an operator runs it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

COMMANDS = (
    ("keys", "list"),
    ("serve", "--port", "0"),
    ("mcp",),
    ("run", "--burst"),
    ("memories", "list"),
    ("status",),
)


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _run(
    args: tuple[str, ...], database_url: str, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMORYD_")}
    env |= {
        "MEMORYD_DATABASE_URL": database_url,
        "MEMORYD_REDIS_URL": f"redis://127.0.0.1:{_closed_port()}/0",
        "MEMORYD_API_KEY": "mdk_000000000000_" + "A" * 43,
    }
    command = [sys.executable, "-m", "daemon.cli", *args]
    return subprocess.run(
        command, env=env, capture_output=True, text=True, timeout=60, input=stdin or ""
    )


@pytest.mark.parametrize("args", COMMANDS, ids=lambda args: args[0])
@pytest.mark.parametrize("store", ["postgresql", "sqlite"])
def test_a_store_that_is_down_is_one_line_and_no_traceback(
    args: tuple[str, ...], store: str, tmp_path: Path
) -> None:
    if store == "postgresql":
        url = f"postgresql://memoryd@127.0.0.1:{_closed_port()}/memoryd"
    else:
        (tmp_path / "file").write_text("not a folder")
        url = f"sqlite:///{tmp_path / 'file' / 'memoryd.db'}"
    done = _run(args, url)
    if args[0] == "status":  # its own report: a down store is exit 2, on standard output
        assert done.returncode == 2 and "Traceback" not in done.stderr
        return
    lines = done.stderr.strip().splitlines()
    if args[0] == "mcp" and store == "sqlite":  # it never makes a store: none is there
        assert done.returncode == 2 and len(lines) == 1, done.stderr
        assert lines[0].startswith("memoryd: no memoryd store at"), lines[0]
        return
    assert done.returncode == 1, done.stderr
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("memoryd: the store is not answering"), lines[0]
    assert "Traceback" not in done.stdout


EVENT = (
    '{"v": 1, "event_id": "e1", "session_id": "s1", "turn": 1, "at": "2026-01-01T00:00:00Z", '
    '"scope": {"project": "billing", "tenant": "acme"}, '
    '"messages": [{"id": "m1", "role": "user", "content": "hello"}]}'
)


@pytest.mark.parametrize("args", [("dlq", "list"), ("dlq", "show", "1"), ("publish", "-")])
def test_redis_that_is_down_is_one_line_and_no_traceback(
    args: tuple[str, ...], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'memoryd.db'}"
    assert _run(("db", "upgrade"), url).returncode == 0
    done = _run(args, url, EVENT)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1, done.stderr
    assert len(lines) == 1, done.stderr
    assert "Redis is not answering" in lines[0] or "cannot publish" in lines[0], lines[0]
