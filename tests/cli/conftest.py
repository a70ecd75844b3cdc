"""The operator command tests' ``cli``: ``memoryd`` on the test's Redis and store."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from arq.connections import ArqRedis

from daemon.base.logs import reset_logging
from daemon.base.settings import Settings
from tests.cli.operator_cli import Cli


@pytest.fixture
def cli(settings: Settings, redis: ArqRedis, backend: str) -> Iterator[Cli]:
    yield Cli(settings, redis, backend)
    reset_logging()
