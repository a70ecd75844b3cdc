"""What the command tests share: an environment without the developer's MEMORYD_* settings,
a fake Redis behind the CLI's documented seam, and one way to invoke ``memoryd``."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import fakeredis
import pytest
from typer.testing import CliRunner

from daemon.base.logs import reset_logging
from daemon.cli import app
from daemon.cli.program import CliState
from daemon.events.codec import decode_event

runner = CliRunner()


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """No MEMORYD_* variable or .env of the developer's reaches the command."""
    for name in list(os.environ):
        if name.startswith("MEMORYD_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MEMORYD_DATABASE_URL", f"sqlite:///{tmp_path / 'memoryd.db'}")
    monkeypatch.setenv("MEMORYD_REDIS_PREFIX", "mdtest-cli")
    yield
    reset_logging()


@pytest.fixture
def server() -> fakeredis.FakeServer:
    return fakeredis.FakeServer()


@pytest.fixture
def state(server: fakeredis.FakeServer) -> CliState:
    """The documented seam: commands get their Redis client from ``redis_factory``."""
    return CliState(redis_factory=lambda url: fakeredis.FakeAsyncRedis(server=server))


def invoke(*args: str, obj: Any = None, input: str | None = None) -> Any:
    return runner.invoke(app, list(args), obj=obj, input=input)


def stream(server: fakeredis.FakeServer) -> list[Any]:
    client = fakeredis.FakeRedis(server=server)
    return [
        decode_event(fields[b"event"], max_bytes=1 << 20)
        for _, fields in client.xrange("mdtest-cli:turns")
    ]
