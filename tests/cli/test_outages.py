"""Every command prints one clear line, never a traceback, when the store is down: a
PostgreSQL port nothing listens on, or a SQLite file under a path that is not a folder. Run as
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


def _run(args: tuple[str, ...], database_url: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMORYD_")}
    env |= {
        "MEMORYD_DATABASE_URL": database_url,
        "MEMORYD_REDIS_URL": f"redis://127.0.0.1:{_closed_port()}/0",
        "MEMORYD_API_KEY": "mdk_000000000000_" + "A" * 43,
    }
    command = [sys.executable, "-m", "daemon.cli", *args]
    return subprocess.run(
        command, env=env, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
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
    assert done.returncode == 1, done.stderr
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("memoryd: the store is not answering"), lines[0]
    assert "Traceback" not in done.stdout
