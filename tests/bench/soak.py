"""``./dev bench soak``: a steady load for minutes against 2 dispatchers and 2 workers on
this machine (the real PostgreSQL and Redis, the fake model in this process), sampled every
few seconds: the consumer group's lag and pending entries, the sessions and turns behind
their cursor, the arq queue, and each process's resident memory.

The load is a rolling population of sessions: ``sessions`` at a time, each of ``turns``
turns, interleaved; when a generation of sessions has ended a new one starts. Resident
memory is compared between the first sample after a warm-up (the smaller of 60 s and a
tenth of the run) and the last one; CPU seconds of each process are reported beside it.
Lag is called bounded when it is not growing (see :func:`bounded`). At the end every turn
and every message published is checked in the store (``invariants_held``).
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
import structlog
from redis.exceptions import RedisError

from daemon.base.settings import Settings
from daemon.events.models import TurnEvent
from daemon.store.tables import cursors, sessions
from tests.bench.fakemodel import fake_model
from tests.bench.load import turn_event
from tests.bench.publish import PacedPublisher
from tests.bench.rig import Rig, error_counts, open_rig, wait_extracted
from tests.bench.verify import verify

log = structlog.get_logger("memoryd.bench")

_DRAIN_S = 300.0


def rolling_turns(
    sessions_at_once: int, turns: int, count: int, *, seed: int = 9
) -> Iterator[TurnEvent]:
    """``count`` turns of successive generations of ``sessions_at_once`` sessions."""
    rng = random.Random(seed)
    start = datetime(2026, 11, 1, tzinfo=UTC)
    per_generation = sessions_at_once * turns
    for generation in range(count // per_generation + 1):
        for turn in range(1, turns + 1):
            for i in range(sessions_at_once):
                yield turn_event(generation * sessions_at_once + i, turn, rng, start)


async def sample(rig: Rig, t: float) -> dict[str, Any]:
    """One point of the series (a value that could not be read is None)."""
    point: dict[str, Any] = {"t": round(t)}
    try:
        groups = await rig.redis.xinfo_groups(rig.keys.stream)
        group: dict[Any, Any] = next(
            (g for g in groups if g["name"] in (rig.keys.group, rig.keys.group.encode())), {}
        )
        point["lag"], point["pending"] = group.get("lag"), group.get("pending")
        point["queue"] = int(await rig.redis.zcard(rig.keys.queue))
    except RedisError:
        point["lag"] = point["pending"] = point["queue"] = None
    behind = sessions.c.last_turn - sa.func.coalesce(cursors.c.turn, 0)
    async with rig.store.connect() as conn:
        row = (
            await conn.execute(
                sa.select(sa.func.count(), sa.func.coalesce(sa.func.sum(behind), 0))
                .select_from(
                    sessions.outerjoin(cursors, cursors.c.session_id == sessions.c.session_id)
                )
                .where(behind > 0)
            )
        ).one()
    point["sessions_behind"], point["turns_behind"] = int(row[0]), int(row[1])
    point["rss_mb"] = rig.cluster.rss_mb()
    return point


def bounded(values: list[int | None], slack: float) -> bool:
    """Not growing: the mean of the last third of the run is at most 1.25 times the mean of
    the middle third, plus ``slack`` (the first third is the warm-up). A backlog growing at
    a steady pace from zero has a ratio of 5/3."""
    known = [v for v in values if v is not None]
    third = len(known) // 3
    if third == 0:
        return True
    middle, last = known[third : 2 * third], known[2 * third :]
    return sum(last) / len(last) <= 1.25 * sum(middle) / len(middle) + slack


def cpu_s(rig: Rig) -> dict[str, float]:
    """CPU seconds (user + system) each live process has used."""
    tick = os.sysconf("SC_CLK_TCK")
    used: dict[str, float] = {}
    for name, process in rig.cluster.processes.items():
        try:
            fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        used[name] = round((int(fields[11]) + int(fields[12])) / tick, 1)
    return used


def _growth(start: dict[str, float], end: dict[str, float]) -> dict[str, float]:
    return {n: round((end[n] - mb) / mb * 100, 1) for n, mb in start.items() if n in end and mb}


async def bench_soak(
    base: Settings,
    *,
    minutes: float,
    rate: float = 200.0,
    sample_s: float = 10.0,
    latency_s: float = 0.05,
    sessions_at_once: int = 1000,
    turns: int = 20,
) -> dict[str, Any]:
    duration = minutes * 60
    count = int(duration * rate)
    warmup = min(60.0, duration / 10)
    with fake_model(latency_s) as fake:
        async with open_rig(base, "soak", str(fake.base_url)) as rig:
            boot = rig.cluster.rss_mb()
            publisher = PacedPublisher(rig.redis, rig.keys.stream, rate)
            events = rolling_turns(sessions_at_once, turns, count)
            publishing = asyncio.create_task(publisher.run(events, count))
            started = time.monotonic()
            points: list[dict[str, Any]] = []
            for i in range(1, int(duration / sample_s) + 1):
                await asyncio.sleep(max(0.0, started + i * sample_s - time.monotonic()))
                points.append(await sample(rig, time.monotonic() - started))
                fake.reset()  # the fake keeps every request it served: not ours to measure
                log.info(
                    "bench.soak_sample", **{k: v for k, v in points[-1].items() if k != "rss_mb"}
                )
            await publishing
            publish_end = time.monotonic()
            done_at = await wait_extracted(rig.store, publisher.last_turns, _DRAIN_S)
            verdict = await verify(
                rig.store, publisher.published, publisher.last_turns, publisher.ledger
            )
            errors = await error_counts(rig)
            exited = rig.cluster.exited()
            cpu = cpu_s(rig)
    start = next((p for p in points if p["t"] >= warmup), points[0] if points else None)
    first, last = (start or {}).get("rss_mb", boot), points[-1]["rss_mb"] if points else boot
    growth = _growth(first, last)
    slack = rate
    lag_ok = all(
        bounded([p.get(key) for p in points], slack) for key in ("lag", "pending", "turns_behind")
    )
    return {
        "minutes": minutes,
        "publish": publisher.report(),
        "rss_mb": {
            "boot": boot,
            "start": first,
            "end": last,
            "growth_pct": growth,
            "start_at_s": (start or {}).get("t"),
        },
        "cpu_s": cpu,
        "lag_series": [
            [p["t"], p["lag"], p["pending"], p["sessions_behind"], p["turns_behind"], p["queue"]]
            for p in points
        ],
        "lag_series_fields": ["t", "lag", "pending", "sessions_behind", "turns_behind", "queue"],
        "rss_series": [[p["t"], *(p["rss_mb"].get(n) for n in boot)] for p in points],
        "rss_series_fields": ["t", *boot],
        "lag_max": max((p["lag"] or 0 for p in points), default=None),
        "turns_behind_max": max((p["turns_behind"] for p in points), default=None),
        "drain_s": None if done_at is None else round(done_at - publish_end, 1),
        "published": verdict.published,
        "extracted": verdict.extracted,
        "lost": verdict.lost,
        "duplicated": verdict.duplicated,
        **verdict.messages.report(),
        "overlapping_runs": verdict.overlapping_runs,
        "invariants_held": verdict.lost == verdict.duplicated == 0 and verdict.messages.held,
        "errors": errors,
        "exited_on_their_own": exited,
        "rss_growth_under_10pct": bool(growth) and all(g < 10 for g in growth.values()),
        "lag_bounded": lag_ok,
    }
