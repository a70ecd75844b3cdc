"""Recall over the test's runtime, on a fake clock."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.recall import Recall
from tests.operators.seed import T0


@pytest.fixture
async def recall(runtime: Container) -> AsyncIterator[Recall]:
    r = Recall(runtime.store, FakeClock(T0))
    yield r
    await r.aclose(close_store=False)
