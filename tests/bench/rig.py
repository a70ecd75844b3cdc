"""The rig of the fault and soak benchmarks: a scratch database and a private Redis prefix,
a cluster of memoryd processes pointed at them and at the fake model with short timeouts,
and what the runs read back (extraction done, error counts)."""

from __future__ import annotations

import asyncio
import json
import secrets
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa
import structlog
from arq.connections import ArqRedis
from redis.exceptions import RedisError, ResponseError

from daemon.app.container import connect_redis
from daemon.base.errors import ConfigError, StatementFailed
from daemon.base.redis_keys import Keys
from daemon.base.settings import Settings
from daemon.store.db import Store
from daemon.store.tables import cursors, runs
from tests.bench.cluster import Cluster
from tests.bench.scratch import drop_prefix, scratch_database

log = structlog.get_logger("memoryd.bench")

_ERROR_LEVELS = frozenset({"error", "critical", "exception"})


@dataclass(frozen=True, slots=True)
class Load:
    sessions: int
    turns: int
    rate: float  # turns published per second


#: What the rig's processes are told besides the model (reported with the results): short
#: timeouts and breaker cooldowns, so that recovery from a fault is quick.
SHORT_TIMEOUTS = {
    "MEMORYD_WORKER__JOB_TIMEOUT_S": "10",
    "MEMORYD_WORKER__SWEEP_INTERVAL_S": "5",
    "MEMORYD_STREAM__CLAIM_IDLE_S": "2",
    "MEMORYD_STREAM__CLAIM_INTERVAL_S": "1",
    "MEMORYD_LLM__TIMEOUT_S": "2",
    "MEMORYD_LLM__PROVIDER_BREAKER_COOLDOWN_S": "5",
    "MEMORYD_EXTRACTION__SESSION_BREAKER_COOLDOWN_S": "5",
    "MEMORYD_EXTRACTION__DEBOUNCE_S": "0.5",
}


def model_env(base_url: str) -> dict[str, str]:
    """Workers use the LLM extractor against the fake model, with short timeouts."""
    return {
        "MEMORYD_EXTRACTION__EXTRACTOR": "llm",
        "MEMORYD_LLM__BASE_URL": base_url,
        "MEMORYD_LLM__MODEL": "fake-model",
        "MEMORYD_LLM__API_KEY": "bench-key-not-a-secret",
        **SHORT_TIMEOUTS,
    }


def rig_settings(
    base: Settings, database_url: str, workdir: Path, *, redis_url: str | None = None
) -> Settings:
    """Short timeouts everywhere, so that recovery from a fault is quick."""
    return base.model_copy(
        update={
            "database_url": database_url,
            "redis_url": redis_url or base.redis_url,
            "redis_prefix": f"memoryd-bench-{secrets.token_hex(4)}",
            "truncation": base.truncation.model_copy(update={"dir": workdir / "truncations"}),
            "extraction": base.extraction.model_copy(update={"debounce_s": 0.5}),
            "worker": base.worker.model_copy(
                update={
                    "max_jobs": 40,
                    "poll_delay_s": 0.05,
                    "job_timeout_s": 10,
                    "sweep_interval_s": 5,
                    "retry_backoff_s": 0.5,
                }
            ),
            "stream": base.stream.model_copy(update={"claim_idle_s": 2, "claim_interval_s": 1}),
        }
    )


@dataclass
class Rig:
    settings: Settings
    admin_url: str  # the database the scratch one sits beside
    cluster: Cluster
    store: Store
    redis: ArqRedis
    workdir: Path

    @property
    def keys(self) -> Keys:
        return Keys.of(self.settings)


@asynccontextmanager
async def open_rig(
    base: Settings,
    label: str,
    model_url: str,
    *,
    redis_url: str | None = None,
    dispatchers: int = 2,
    workers: int = 2,
    arming: Callable[[], str] | None = None,
) -> AsyncIterator[Rig]:
    """A running cluster on a scratch database and a private prefix, cleaned up after;
    ``arming`` gives each dispatcher a failpoint (``NAME@N``)."""
    if base.is_sqlite:
        raise ConfigError("this benchmark needs PostgreSQL (MEMORYD_DATABASE_URL=postgresql://…)")
    with tempfile.TemporaryDirectory(prefix=f"memoryd-{label}-") as tmp:
        workdir = Path(tmp)
        async with scratch_database(base.database_url, label) as url:
            settings = rig_settings(base, url, workdir, redis_url=redis_url)
            store = Store.from_url(url)
            redis = connect_redis(settings)
            cluster = Cluster(settings, workdir, extra_env=model_env(model_url))
            try:
                for _ in range(dispatchers):
                    cluster.start("dispatch", failpoint=arming() if arming else None)
                for _ in range(workers):
                    cluster.start("worker")
                await wait_ready(redis, Keys.of(settings), dispatchers, workers)
                yield Rig(settings, base.database_url, cluster, store, redis, workdir)
            finally:
                cluster.stop()
                await store.close()
                with suppress(RedisError, OSError):
                    await drop_prefix(redis, Keys.of(settings))
                await redis.aclose()


async def wait_ready(
    redis: ArqRedis, keys: Keys, dispatchers: int, workers: int, *, timeout_s: float = 60.0
) -> None:
    """Until every dispatcher has joined the consumer group and every worker has beaten."""
    joined = beating = 0
    for _ in range(int(timeout_s / 0.1)):
        beating = int(await redis.zcard(keys.workers))
        with suppress(ResponseError):  # no group yet
            joined = len(await redis.xinfo_consumers(keys.stream, keys.group))
        if joined >= dispatchers and beating >= workers:
            return
        await asyncio.sleep(0.1)
    raise ConfigError(
        f"the cluster did not start within {timeout_s:.0f} s "
        f"({joined} dispatchers joined, {beating} workers beating)"
    )


async def wait_extracted(
    store: Store, last_turns: dict[str, int], timeout_s: float
) -> float | None:
    """The monotonic time at which every session's cursor reached its last published turn
    (None if that did not happen within ``timeout_s``)."""
    want = sum(last_turns.values())
    poll_s = 0.25
    deadline = time.monotonic() + timeout_s
    for _ in range(int(timeout_s / poll_s) + 1):
        try:
            async with store.connect() as conn:
                done = (
                    await conn.execute(sa.select(sa.func.coalesce(sa.func.sum(cursors.c.turn), 0)))
                ).scalar_one()
        except StatementFailed as exc:  # the store is down (a fault being recovered from)
            log.warning("bench.store_unavailable", error=str(exc)[:200])
            done = -1
        if int(done) >= want:
            return time.monotonic()
        if time.monotonic() > deadline:
            break
        await asyncio.sleep(poll_s)
    return None


async def error_counts(rig: Rig) -> dict[str, int]:
    """Dead letters, failed and parked runs, parked sessions, skipped gaps, error lines."""
    dead = int(await rig.redis.xlen(rig.keys.dead))
    async with rig.store.connect() as conn:
        result = await conn.execute(
            sa.select(runs.c.outcome, sa.func.count()).group_by(runs.c.outcome)
        )
        outcomes: dict[str, int] = {str(row[0]): int(row[1]) for row in result}
        parked, gaps = (
            await conn.execute(
                sa.select(
                    sa.func.count().filter(cursors.c.parked),
                    sa.func.coalesce(sa.func.sum(cursors.c.gaps_skipped), 0),
                )
            )
        ).one()
    return {
        "dead_letters": dead,
        "failed_runs": int(outcomes.get("failed", 0)) + int(outcomes.get("parked", 0)),
        "parked_sessions": int(parked),
        "gaps_skipped": int(gaps),
        "error_lines": error_lines(rig.workdir),
    }


def error_lines(log_dir: Path) -> int:
    """ERROR (and worse) lines in the processes' JSON logs, tracebacks included."""
    count = 0
    for path in sorted(log_dir.glob("*.log")):
        with path.open(encoding="utf-8", errors="replace") as lines:
            for line in lines:
                if line.startswith("Traceback"):
                    count += 1
                    continue
                if not line.startswith("{"):
                    continue
                try:
                    level = json.loads(line).get("level")
                except ValueError:
                    continue
                count += level in _ERROR_LEVELS
    return count
