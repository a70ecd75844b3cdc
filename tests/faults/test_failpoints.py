"""A dispatcher killed between the statements of a batch (or between the store's commit and
the XACK) by a failpoint, then restarted: every message published is stored exactly once,
at its turn and place, with the content it was sent with.

The dispatcher runs in a subprocess (a real SIGKILL), so Redis is the real one for both
stores: SQLite and PostgreSQL.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from typing import Any

import pytest
import sqlalchemy as sa
from arq.connections import ArqRedis

from daemon.app.container import connect_redis
from daemon.base.failpoints import NAMES
from daemon.base.redis_keys import Keys
from daemon.base.settings import Settings
from daemon.store.db import Store
from daemon.store.tables import turns as turn_rows
from tests.backends import REDIS_URL, unavailable
from tests.bench.cluster import process_env
from tests.bench.ledger import verify_messages
from tests.bench.load import turns
from tests.bench.publish import PacedPublisher

pytestmark = [pytest.mark.slow, pytest.mark.redis]

_SESSIONS, _TURNS, _BATCH = 20, 5, 10


@pytest.fixture
async def real_redis(prefix: str, request: pytest.FixtureRequest) -> AsyncIterator[ArqRedis]:
    error = request.getfixturevalue("real_redis_error")
    if error is not None:
        unavailable("Redis", error)
    keys = Keys(prefix)
    client = connect_redis(Settings(redis_url=REDIS_URL, redis_prefix=prefix))
    yield client
    for pattern in keys.all_patterns():
        async for key in client.scan_iter(match=pattern, count=500):
            await client.delete(key)
    await client.aclose()


def _dispatch(settings: Settings, *args: str) -> int:
    env = process_env(
        settings, MEMORYD_STREAM__CONSUMER="victim", MEMORYD_STREAM__BATCH_SIZE=str(_BATCH)
    )
    command = [sys.executable, "-m", "daemon.cli", "dispatch", *args]
    return subprocess.run(command, env=env, timeout=90, check=False).returncode


async def _turns_stored(store: Store) -> int:
    async with store.connect() as conn:
        return int(
            (await conn.execute(sa.select(sa.func.count()).select_from(turn_rows))).scalar_one()
        )


@pytest.mark.timeout(120)
@pytest.mark.parametrize("point", NAMES)
async def test_a_dispatcher_killed_at_a_failpoint_then_restarted_stores_every_message_once(
    point: str, settings_factory: Any, real_redis: ArqRedis
) -> None:
    settings: Settings = settings_factory()
    keys = Keys.of(settings)
    publisher = PacedPublisher(real_redis, keys.stream, rate=10_000)
    events = list(turns(_SESSIONS, _TURNS, seed=4))
    await publisher.run(iter(events), len(events))
    store = Store.from_url(settings.database_url)
    try:
        # The third batch: its sessions' scopes are known by then, as in a long-running one.
        assert _dispatch(settings, f"--failpoints={point}@3") == -signal.SIGKILL
        assert 0 < await _turns_stored(store) < len(events), "the kill must land mid-way"
        assert _dispatch(settings, "--burst") == 0  # the same consumer: its pending entries

        assert await _turns_stored(store) == len(events)
        verdict = await verify_messages(store, publisher.ledger)
    finally:
        await store.close()
    assert verdict.published == 5 * len(events)
    assert verdict.report() == {
        "published_messages": 5 * len(events),
        "lost_messages": 0,
        "duplicated_messages": 0,
        "corrupted_messages": 0,
        "unexpected_messages": 0,
    }
    pending = await real_redis.xpending(keys.stream, keys.group)
    assert pending["pending"] == 0
