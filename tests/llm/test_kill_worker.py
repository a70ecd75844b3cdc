"""A worker killed with SIGKILL in the middle of an LLM run: the run is retried by another
worker and nothing is duplicated (the writes were only staged when the first one died)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from typing import Any

import pytest
from arq.connections import ArqRedis
from arq.constants import in_progress_key_prefix

from daemon.app.container import open_container
from daemon.base.redis_keys import glob_escape
from daemon.base.settings import Settings
from daemon.fixtures import load
from daemon.gate.hashing import content_hash
from daemon.testing.fakellm import FakeLLM
from daemon.testing.fakellm.policy_extract import ExtractionPolicy
from tests.backends import REAL_ONLY
from tests.extraction.llm.conftest import llm_overrides
from tests.harness import live_memories, publish_fixture, rows, work

pytestmark = [pytest.mark.slow, REAL_ONLY]

SESSION = "a3f1c2d4-0001-4e6b-9a51-billing-fix"


def _env(settings: Settings) -> dict[str, str]:
    llm = settings.llm
    assert llm.base_url is not None and llm.model is not None
    return {
        **os.environ,
        "MEMORYD_DATABASE_URL": settings.database_url,
        "MEMORYD_REDIS_URL": settings.redis_url,
        "MEMORYD_REDIS_PREFIX": settings.redis_prefix,
        "MEMORYD_TRUNCATION__DIR": str(settings.truncation.dir),
        "MEMORYD_EXTRACTION__EXTRACTOR": "llm",
        "MEMORYD_EXTRACTION__DEBOUNCE_S": "0",
        "MEMORYD_LLM__BASE_URL": llm.base_url,
        "MEMORYD_LLM__MODEL": llm.model,
        "MEMORYD_LLM__API_KEY": "test",
        "MEMORYD_LLM__TIMEOUT_S": "120",
        "MEMORYD_WORKER__JOB_TIMEOUT_S": str(settings.worker.job_timeout_s),
        "MEMORYD_WORKER__POLL_DELAY_S": "0.01",
        "MEMORYD_LOG__LEVEL": "warning",
    }


async def test_kill_9_mid_run_then_another_worker_extracts_exactly_once(
    settings_factory: Any, redis: ArqRedis
) -> None:
    """`memoryd worker` is killed while its model call is in flight. Nothing was committed:
    no run, no memory, the cursor where it was. Once arq's in-progress lease of the dead
    worker expires (shortened here instead of waited for: it is the largest job timeout
    plus 10 s) another worker runs the job again: every memory once, the cursor advanced
    once."""
    async with FakeLLM(ExtractionPolicy(), latency_s=60) as fake:
        settings = settings_factory(**llm_overrides(fake), worker={"job_timeout_s": 5})
        rt = await open_container(settings, redis=redis)
        try:
            await publish_fixture(rt, "billing-fix")
            await rt.dispatcher(consumer="d").run(burst=True)
            victim = subprocess.Popen(
                [sys.executable, "-c", "from daemon.cli import main; main()", "worker"],
                env=_env(settings),
            )
            try:
                for _ in range(1500):  # until its model call is in flight
                    if fake.calls or victim.poll() is not None:
                        break
                    await asyncio.sleep(0.02)
                assert victim.poll() is None, f"memoryd worker exited ({victim.returncode})"
                assert fake.calls == 1, "the worker never called the model"
                victim.send_signal(signal.SIGKILL)
            finally:
                victim.wait(timeout=30)
            assert victim.returncode == -signal.SIGKILL

            assert await rows(rt, "runs") == []
            assert await live_memories(rt) == []
            (cursor,) = await rows(rt, "cursors")
            assert (cursor.turn, cursor.version) == (None, 0)
            lease = in_progress_key_prefix + rt.keys.extract_job_id(("acme", SESSION))
            assert await rt.redis.pttl(lease) > 0  # the dead worker still holds the job
            # Time passes: the dead worker's leases run out (its cron jobs' too, if any was
            # in flight), and so does its lock on the session.
            held = rt.redis.scan_iter(
                match=f"{in_progress_key_prefix}*{glob_escape(rt.keys.prefix)}*"
            )
            for key in [k async for k in held] + [rt.keys.lock(("acme", SESSION))]:
                await rt.redis.pexpire(key, 1)
            await asyncio.sleep(0.01)

            fake.latency_s = 0
            await asyncio.wait_for(work(rt), timeout=30)
            (cursor,) = await rows(rt, "cursors")
            assert (cursor.turn, cursor.version) == (4, 1)
            (run,) = await rows(rt, "runs")
            assert (run.outcome, run.attempt) == ("wrote", 2)
            memories = await live_memories(rt)
            assert run.created > 0
            assert (
                len(memories)
                == run.created
                == len({content_hash(m.type, m.content) for m in memories})
            )
            for expectation in load("billing-fix")["expect"]["should_remember"]:
                found = [
                    m
                    for m in memories
                    if m.type == expectation["type"]
                    and all(
                        w.lower() in f"{m.title} {m.content}".lower()
                        for w in expectation["mentions"]
                    )
                ]
                assert len(found) == 1, (expectation, [m.content for m in memories])
        finally:
            closer = getattr(rt.extractor, "aclose", None)
            if closer is not None:
                await closer()
            await rt.store.close()
