"""``./dev bench scale``: dispatcher and worker processes on this machine against the real
Redis and PostgreSQL, the fake model at 200 ms per call; throughput, publish-to-memory
latency, and the invariants (no overlapping runs of a session, no duplicate memory, no turn
left behind, every message stored once with the content it was sent with) for each number
of worker processes asked for."""

from __future__ import annotations

import time
from typing import Any

from daemon.base.settings import Settings
from tests.bench.fakemodel import fake_model_process
from tests.bench.load import turns
from tests.bench.publish import PacedPublisher
from tests.bench.rig import SHORT_TIMEOUTS, Load, open_rig, wait_extracted
from tests.bench.verify import verify

_DISPATCHERS = 2
_TIMEOUT_S = 900.0


async def run_shape(base: Settings, load: Load, workers: int, model_url: str) -> dict[str, Any]:
    """Publish ``load`` to 2 dispatchers and ``workers`` workers; wait; verify the store."""
    events = list(turns(load.sessions, load.turns, seed=5))
    async with open_rig(base, "scale", model_url, dispatchers=_DISPATCHERS, workers=workers) as rig:
        publisher = PacedPublisher(rig.redis, rig.keys.stream, load.rate)
        started, cpu_before = time.monotonic(), machine_cpu()
        await publisher.run(iter(events), len(events))
        done_at = await wait_extracted(rig.store, publisher.last_turns, _TIMEOUT_S)
        elapsed = (done_at or time.monotonic()) - started
        cpu_after = machine_cpu()
        verdict = await verify(
            rig.store, publisher.published, publisher.last_turns, publisher.ledger
        )
    return {
        "dispatchers": _DISPATCHERS,
        "workers": workers,
        "sessions": load.sessions,
        "turns": verdict.published,
        "seconds": round(elapsed, 1),
        "turns_per_s": round(verdict.extracted / elapsed, 1) if elapsed else None,
        "latency_p50_s": verdict.percentile(0.5),
        "latency_p99_s": verdict.percentile(0.99),
        "lost": verdict.lost,
        "behind": verdict.behind,
        "duplicated": verdict.duplicated,
        "overlapping_runs": verdict.overlapping_runs,
        **verdict.messages.report(),
        "invariants_held": verdict.held,
        "machine_cpu_busy_pct": busy_pct(cpu_before, cpu_after),
        "publish": publisher.report(),
    }


def machine_cpu() -> tuple[int, int] | None:
    """(busy, total) clock ticks of every CPU of this machine so far (None off Linux)."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            ticks = [int(v) for v in stat.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle = ticks[3] + (ticks[4] if len(ticks) > 4 else 0)  # idle + iowait
    return sum(ticks) - idle, sum(ticks)


def busy_pct(before: tuple[int, int] | None, after: tuple[int, int] | None) -> float | None:
    """How busy the machine's CPUs were between two readings: every process counts (the
    store, Redis and the fake model too), so 100 means no CPU was left to scale into."""
    if before is None or after is None or after[1] == before[1]:
        return None
    return round((after[0] - before[0]) / (after[1] - before[1]) * 100, 1)


async def bench_scale(
    base: Settings, *, sessions: int, turns_per_session: int, rate: float, workers: list[int]
) -> dict[str, Any]:
    load = Load(sessions, turns_per_session, rate)
    with fake_model_process(0.2) as model_url:
        results = [await run_shape(base, load, count, model_url) for count in workers]
    held = all(r["invariants_held"] for r in results)
    return {"runs": results, "invariants_held": held, "settings": SHORT_TIMEOUTS}
