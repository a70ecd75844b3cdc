"""``./dev bench faults``: processes on this machine (2 dispatchers, 2 workers) against
the real PostgreSQL and Redis, the fake model in this process, a paced load, and one fault
per scenario while the load is published:

- ``kill_9``: SIGKILL of a dispatcher or a worker at random points (a replacement starts
  after each); every dispatcher has a failpoint armed, chosen at random (seeded) among
  :data:`daemon.base.failpoints.NAMES`, that kills it between the statements of a batch or
  between the store's commit and the XACK; one that died there is replaced too;
- ``redis_restart``: a private ``redis-server`` (append-only, fsync always) killed with
  SIGKILL and restarted on the same directory; the shared Redis is never touched;
- ``postgres_kill``: ``pg_terminate_backend`` of every connection to the scratch database;
- ``model_storm``: 429s, 500s and timeouts from the model for a while.

Each scenario reports what :func:`~tests.bench.verify.verify` finds in its scratch store:
published, extracted, lost and duplicated turns, lost, duplicated, corrupted and unexpected
messages (each message published is held against its stored row by digest), and
``recovery_s``, the seconds from the end of the fault until every published turn is
extracted (None: not within the timeout).
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import sqlalchemy as sa
import structlog
from sqlalchemy.ext.asyncio import create_async_engine

from daemon.base.errors import ConfigError
from daemon.base.failpoints import NAMES
from daemon.base.settings import Settings
from tests.bench.fakemodel import fake_model
from tests.bench.load import turns
from tests.bench.publish import PacedPublisher
from tests.bench.redisproc import PrivateRedis, private_redis
from tests.bench.rig import (
    SHORT_TIMEOUTS,
    Load,
    Rig,
    error_counts,
    open_rig,
    wait_extracted,
)
from tests.bench.verify import verify

log = structlog.get_logger("memoryd.bench")

Fault = Callable[[Rig], Awaitable[dict[str, Any]]]
_STORM_KINDS = ("429", "500", "timeout")
SCENARIOS = ("kill_9", "redis_restart", "postgres_kill", "model_storm")
#: The counts of a scenario that must be 0.
INVARIANTS = (
    "lost",
    "duplicated",
    "lost_messages",
    "duplicated_messages",
    "corrupted_messages",
    "unexpected_messages",
)


@dataclass(frozen=True, slots=True)
class Plan:
    """The sizes of a fault run (the defaults are the full bench; tests use smaller)."""

    kills: int = 50
    failpoint_passes: int = 60  # an armed failpoint fires at a pass drawn from 1..this
    kill_load: Load = field(default_factory=lambda: Load(sessions=250, turns=20, rate=100))
    load: Load = field(default_factory=lambda: Load(sessions=150, turns=10, rate=100))
    redis_down_s: float = 2.0
    pg_kills: int = 5
    storm_s: float = 10.0
    latency_s: float = 0.05
    recovery_timeout_s: float = 300.0
    seed: int = 6
    scenarios: tuple[str, ...] = SCENARIOS


@dataclass
class Arming:
    """Failpoints for the dispatchers of the ``kill_9`` scenario: one at random (seeded)
    among :data:`daemon.base.failpoints.NAMES`, firing at a pass drawn from 1..``passes``."""

    seed: int
    passes: int
    armed: Counter[str] = field(default_factory=Counter)
    fired: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def __call__(self) -> str:
        name = self._rng.choice(NAMES)
        self.armed[name] += 1
        return f"{name}@{self._rng.randint(1, self.passes)}"


async def _kill_processes(
    rig: Rig, *, kills: int, spacing_s: float, seed: int, arming: Arming
) -> dict[str, Any]:
    """SIGKILL a random dispatcher or worker ``kills`` times, starting a replacement after
    each, at random intervals averaging ``spacing_s``. Dispatchers are started with a
    failpoint armed; those that died at it are replaced (armed again) before each kill. At
    the end, those still armed are stopped and replaced by unarmed ones."""
    rng = random.Random(seed)
    killed: Counter[str] = Counter()

    def replace_fired(*, armed: bool) -> None:
        for _, point in rig.cluster.fired():
            arming.fired[point] += 1
            rig.cluster.start("dispatch", failpoint=arming() if armed else None)

    for _ in range(kills):
        await asyncio.sleep(rng.uniform(0.2, 1.8) * spacing_s)
        replace_fired(armed=True)
        kind = rng.choice(("dispatch", "worker"))
        victim = rng.choice(rig.cluster.names(kind))
        rig.cluster.kill(victim)
        rig.cluster.start(kind, failpoint=arming() if kind == "dispatch" else None)
        killed[kind] += 1
    replace_fired(armed=False)
    for name in list(rig.cluster.armed):
        await asyncio.to_thread(rig.cluster.stop_one, name)
        rig.cluster.start("dispatch")
    log.info("bench.kills_done", **killed, failpoints_fired=sum(arming.fired.values()))
    return {
        "kills": dict(killed),
        "failpoints_armed": dict(arming.armed),
        "failpoints_fired": dict(arming.fired),
    }


async def _restart_redis(
    rig: Rig, *, server: PrivateRedis, at_s: float, down_s: float
) -> dict[str, Any]:
    await asyncio.sleep(at_s)
    await asyncio.to_thread(server.kill)
    await asyncio.sleep(down_s)
    started = time.monotonic()
    await asyncio.to_thread(server.restart)
    return {"down_s": round(down_s + time.monotonic() - started, 2)}


async def _kill_connections(rig: Rig, *, times: int, every_s: float) -> dict[str, Any]:
    """``pg_terminate_backend`` every connection to the scratch database, ``times`` times."""
    name = sa.engine.make_url(rig.settings.database_url).database
    admin = create_async_engine(rig.admin_url, isolation_level="AUTOCOMMIT")
    terminated: list[int] = []
    try:
        for _ in range(times):
            await asyncio.sleep(every_s)
            async with admin.connect() as conn:
                result = await conn.execute(
                    sa.text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        "WHERE datname = :name AND pid <> pg_backend_pid()"
                    ),
                    {"name": name},
                )
                terminated.append(sum(1 for row in result if row[0]))
    finally:
        await admin.dispose()
    log.info("bench.connections_killed", terminated=terminated)
    return {"terminated": terminated}


async def _storm(rig: Rig, *, fake: Any, at_s: float, storm_s: float, seed: int) -> dict[str, Any]:
    """The model answers 60% of requests with a 429, a 500 or a stall past the client's
    timeout for ``storm_s`` seconds."""
    await asyncio.sleep(at_s)
    before = Counter(fake.served)
    fake.fail_rate(0.6, kinds=_STORM_KINDS, seed=seed, timeout_s=3.0)
    try:
        await asyncio.sleep(storm_s)
    finally:
        fake.fail_rate(0)
    served = Counter(fake.served)
    served.subtract(before)
    return {"storm_s": storm_s, "served_during": dict(+served)}


async def run_scenario(
    base: Settings,
    name: str,
    load: Load,
    fault: Fault,
    model_url: str,
    *,
    plan: Plan,
    redis_url: str | None = None,
    arming: Arming | None = None,
) -> dict[str, Any]:
    """Publish ``load`` while ``fault`` runs, wait for extraction, verify the store."""
    events = list(turns(load.sessions, load.turns, seed=plan.seed))
    log.info("bench.scenario_started", scenario=name, turns=len(events))
    async with open_rig(base, "faults", model_url, redis_url=redis_url, arming=arming) as rig:
        publisher = PacedPublisher(rig.redis, rig.keys.stream, load.rate)
        publishing = asyncio.create_task(publisher.run(iter(events), len(events)))
        try:
            details = await fault(rig)
        except BaseException:
            publishing.cancel()
            raise
        fault_end = time.monotonic()
        await publishing
        publish_end = time.monotonic()
        done_at = await wait_extracted(rig.store, publisher.last_turns, plan.recovery_timeout_s)
        verdict = await verify(
            rig.store, publisher.published, publisher.last_turns, publisher.ledger
        )
        errors = await error_counts(rig)
        exited = rig.cluster.exited()
    result = {
        "name": name,
        "published": verdict.published,
        "extracted": verdict.extracted,
        "duplicated": verdict.duplicated,
        "lost": verdict.lost,
        **verdict.messages.report(),
        "recovery_s": None if done_at is None else round(max(0.0, done_at - fault_end), 1),
        "after_publish_s": None if done_at is None else round(done_at - publish_end, 1),
        "behind": verdict.behind,
        "overlapping_runs": verdict.overlapping_runs,
        **errors,
        "exited_on_their_own": exited,
        "publish": publisher.report(),
        "fault": details,
    }
    log.info("bench.scenario_finished", **{k: v for k, v in result.items() if k != "name"})
    return result


def _at(load: Load, share: float) -> float:
    return load.sessions * load.turns / load.rate * share


async def _scenario(base: Settings, name: str, plan: Plan, fake: Any, tmp: Path) -> dict[str, Any]:
    url = str(fake.base_url)
    if name == "kill_9":
        spacing = _at(plan.kill_load, 1.0) / plan.kills
        arming = Arming(plan.seed, plan.failpoint_passes)
        kill = partial(
            _kill_processes, kills=plan.kills, spacing_s=spacing, seed=plan.seed, arming=arming
        )
        return await run_scenario(base, name, plan.kill_load, kill, url, plan=plan, arming=arming)
    if name == "redis_restart":
        with private_redis(tmp / "redis") as server:
            restart = partial(
                _restart_redis, server=server, at_s=_at(plan.load, 0.4), down_s=plan.redis_down_s
            )
            return await run_scenario(
                base, name, plan.load, restart, url, plan=plan, redis_url=server.url
            )
    if name == "postgres_kill":
        every = _at(plan.load, 0.8) / plan.pg_kills
        pg = partial(_kill_connections, times=plan.pg_kills, every_s=every)
        return await run_scenario(base, name, plan.load, pg, url, plan=plan)
    if name == "model_storm":
        storm = partial(
            _storm, fake=fake, at_s=_at(plan.load, 0.2), storm_s=plan.storm_s, seed=plan.seed
        )
        return await run_scenario(base, name, plan.load, storm, url, plan=plan)
    raise ConfigError(f"unknown fault scenario {name!r} (known: {', '.join(SCENARIOS)})")


def _held(result: dict[str, Any]) -> bool:
    """No turn and no message lost or duplicated, no message altered or unexpected."""
    return all(result[key] == 0 for key in INVARIANTS)


async def bench_faults(base: Settings, plan: Plan | None = None) -> dict[str, Any]:
    """The scenarios of the plan in turn; ``faults`` holds one result per scenario."""
    plan = plan or Plan()
    results: list[dict[str, Any]] = []
    with (
        fake_model(plan.latency_s) as fake,
        tempfile.TemporaryDirectory(prefix="memoryd-faults-") as tmp,
    ):
        for name in plan.scenarios:
            results.append(await _scenario(base, name, plan, fake, Path(tmp)))
    return {
        "faults": results,
        "invariants_held": all(_held(r) for r in results),
        "all_extracted": all(r["recovery_s"] is not None for r in results),
        "plan": asdict(plan),
        "settings": SHORT_TIMEOUTS,
    }
