"""A dispatcher killed with SIGKILL in the middle of its work loses and duplicates nothing:
no turn, and no message (each held against what was published, by content digest)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from typing import Any

import pytest
import sqlalchemy as sa

from daemon.app.container import Container, open_container
from daemon.base.settings import Settings
from daemon.events.codec import EVENT_FIELD, encode_event
from tests.backends import REAL_ONLY
from tests.bench.ledger import Ledger, verify_messages
from tests.bench.load import turns
from tests.harness import rows

pytestmark = [pytest.mark.slow, REAL_ONLY]


def _env(settings: Settings) -> dict[str, str]:
    return {
        **os.environ,
        "MEMORYD_DATABASE_URL": settings.database_url,
        "MEMORYD_REDIS_URL": settings.redis_url,
        "MEMORYD_REDIS_PREFIX": settings.redis_prefix,
        "MEMORYD_TRUNCATION__DIR": str(settings.truncation.dir),
        "MEMORYD_STREAM__CONSUMER": "victim",
        "MEMORYD_STREAM__BATCH_SIZE": "100",
        "MEMORYD_LOG__LEVEL": "warning",
    }


async def _count(rt: Container, table: str) -> int:
    async with rt.store.connect() as conn:
        return int((await conn.execute(sa.text(f"SELECT count(*) FROM {table}"))).scalar_one())


async def test_kill_9_mid_batch_then_another_dispatcher_finishes_exactly_once(
    runtime: Container, settings_factory: Any
) -> None:
    events = list(turns(100, 8, seed=3))  # eight batches of the victim's hundred
    ledger = Ledger()
    pipe = runtime.redis.pipeline(transaction=False)
    for event in events:
        pipe.xadd(runtime.keys.stream, {EVENT_FIELD: encode_event(event, max_bytes=1 << 22)})
        ledger.record(event)
    await pipe.execute()

    victim = subprocess.Popen(
        [sys.executable, "-m", "daemon.cli", "dispatch"], env=_env(runtime.settings)
    )
    try:
        for _ in range(3000):  # until it has committed some turns, but not all
            if await _count(runtime, "turns") > 0 or victim.poll() is not None:
                break
            await asyncio.sleep(0.01)
        victim.send_signal(signal.SIGKILL)
    finally:
        victim.wait(timeout=30)
    stored_at_kill = await _count(runtime, "turns")
    assert 0 < stored_at_kill < len(events), "the kill must land mid-way"
    pending = await runtime.redis.xpending(runtime.keys.stream, runtime.keys.group)
    assert pending["pending"] > 0

    rescue_settings = settings_factory(stream={"claim_idle_s": 0.3, "claim_interval_s": 0.1})
    rescuer = await open_container(rescue_settings, redis=runtime.redis, clock=runtime.clock)
    try:
        await asyncio.sleep(0.4)  # the victim's entries become idle enough to claim
        stats = await rescuer.dispatcher(consumer="rescuer").run(burst=True)
    finally:
        await rescuer.store.close()

    assert stats.claimed > 0
    assert await _count(runtime, "turns") == len(events)
    assert await _count(runtime, "messages") == 5 * len(events)
    verdict = await verify_messages(runtime.store, ledger)
    assert verdict.published == 5 * len(events) and verdict.held, verdict
    assert stats.dead == 0
    pending = await runtime.redis.xpending(runtime.keys.stream, runtime.keys.group)
    assert pending["pending"] == 0
    sessions = await rows(runtime, "sessions")
    assert len(sessions) == 100 and all(s.last_turn == 8 for s in sessions)
