"""``memoryd serve`` leaves what start-up made out of the garbage collector's full passes
(``create_app(freeze_heap=True)``), with the real Redis; an app made for anything else (the
tests, the OpenAPI document) leaves the collector as it was."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from daemon.api.application import create_app
from daemon.base.clock import FakeClock
from daemon.base.settings import Settings
from daemon.cli.serve import _server_config
from tests.api.conftest import drop_prefix
from tests.api.in_process import MID_WINDOW
from tests.backends import unavailable

pytestmark = [pytest.mark.redis]


async def _frozen_once_started(app: Any) -> int:
    gc.unfreeze()
    try:
        async with app.router.lifespan_context(app):
            return gc.get_freeze_count()
    finally:
        gc.unfreeze()


async def test_only_a_serving_app_freezes_the_heap(
    settings_factory: Any, prefix: str, real_redis_error: BaseException | None
) -> None:
    if real_redis_error is not None:
        unavailable("Redis", real_redis_error)
    settings: Settings = settings_factory()
    try:
        plain = create_app(settings, clock=FakeClock(MID_WINDOW))
        assert await _frozen_once_started(plain) == 0
        served = _server_config(settings, no_auth=False).app
        assert await _frozen_once_started(served) > 10_000
    finally:
        drop_prefix(prefix)
