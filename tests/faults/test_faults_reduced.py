"""The fault proof (``./dev bench faults``) in a reduced form: a small load published while
dispatchers and workers are killed with SIGKILL, a private Redis is killed and restarted,
PostgreSQL connections are terminated and the model fails 60% of its calls. Every time,
no turn and no message is lost or duplicated, every message is stored with the content it
was sent with, no session is extracted twice at once, and every published turn is
extracted in the end.

Waiting for the end: a worker killed in the middle of a job (or one whose Redis died under
it) leaves arq's in-progress key behind, and the job runs again only when that key expires,
after the largest timeout of the worker's functions plus 10 s (20 s here, with a job timeout
of 10 s); the two scenarios that strand jobs allow for it.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from redis import Redis as SyncRedis

from tests.backends import REAL_ONLY
from tests.bench.faults import INVARIANTS, Plan, bench_faults
from tests.bench.redisproc import private_redis
from tests.bench.rig import Load

pytestmark = [pytest.mark.slow]

# arq's in-progress key of a stranded job (20 s), the sweep (5 s), and slack for a busy box.
_STRANDED_S = 45.0
_QUICK_S = 30.0


def _plan(name: str, *, recovery_s: float, **sizes: Any) -> Plan:
    load = Load(sessions=20, turns=5, rate=40)  # 100 turns in 2.5 s
    return Plan(
        scenarios=(name,),
        kill_load=load,
        load=load,
        recovery_timeout_s=recovery_s,
        **sizes,
    )


async def _one(settings: Any, plan: Plan) -> dict[str, Any]:
    result = await bench_faults(settings, plan)
    (fault,) = result["faults"]
    assert fault["lost"] == 0, fault
    assert fault["duplicated"] == 0, fault
    assert fault["published_messages"] == 500, fault
    for key in INVARIANTS:
        assert fault[key] == 0, (key, fault)
    assert result["invariants_held"], fault
    assert fault["overlapping_runs"] == 0, fault
    assert fault["published"] == 100 and fault["publish"]["unsent"] == 0, fault
    assert fault["recovery_s"] is not None, f"not all extracted within the bound: {fault}"
    assert fault["extracted"] == fault["published"] and fault["behind"] == 0, fault
    assert fault["dead_letters"] == 0 and fault["parked_sessions"] == 0, fault
    assert fault["exited_on_their_own"] == {}, fault
    return dict(fault)


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="no redis-server on the PATH")
def test_private_redis_keeps_acknowledged_writes_across_kill_9(tmp_path: Path) -> None:
    """The Redis of the restart scenario is our own, and persistence is really on."""
    with private_redis(tmp_path / "redis") as server:
        assert server.port != 6379
        client = SyncRedis.from_url(server.url)
        try:
            client.xadd("s", {"k": "v"})
            server.kill()
            server.restart()
            assert client.xlen("s") == 1
        finally:
            client.close()


@REAL_ONLY
@pytest.mark.timeout(120)
async def test_kill_9_of_dispatchers_and_workers_loses_and_duplicates_nothing(
    settings_factory: Any, redis: Any
) -> None:
    fault = await _one(
        settings_factory(),
        _plan("kill_9", recovery_s=_STRANDED_S, kills=6, failpoint_passes=3),
    )
    kills = fault["fault"]["kills"]
    assert kills["dispatch"] > 0 and kills["worker"] > 0 and sum(kills.values()) == 6
    # Every dispatcher is armed to die within its first 3 batches: some die that way.
    assert sum(fault["fault"]["failpoints_armed"].values()) >= 2 + kills["dispatch"]
    assert sum(fault["fault"]["failpoints_fired"].values()) > 0


@REAL_ONLY
@pytest.mark.timeout(120)
async def test_redis_killed_and_restarted_mid_load_loses_and_duplicates_nothing(
    settings_factory: Any, redis: Any
) -> None:
    fault = await _one(settings_factory(), _plan("redis_restart", recovery_s=_STRANDED_S))
    assert fault["publish"]["retries"] > 0, "the publisher must have met the outage"


@REAL_ONLY
@pytest.mark.timeout(90)
async def test_postgres_connections_killed_mid_load_lose_and_duplicate_nothing(
    settings_factory: Any, redis: Any
) -> None:
    fault = await _one(settings_factory(), _plan("postgres_kill", recovery_s=_QUICK_S, pg_kills=3))
    assert sum(fault["fault"]["terminated"]) > 0
    assert fault["recovery_s"] <= _QUICK_S


@REAL_ONLY
@pytest.mark.timeout(90)
async def test_a_storm_of_model_failures_loses_and_duplicates_nothing(
    settings_factory: Any, redis: Any
) -> None:
    fault = await _one(settings_factory(), _plan("model_storm", recovery_s=_QUICK_S, storm_s=3))
    served = fault["fault"]["served_during"]
    assert served.get("error", 0) + served.get("timeout", 0) > 0, "the storm must have hit calls"
    assert fault["recovery_s"] <= _QUICK_S
