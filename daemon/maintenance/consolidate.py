"""Consolidation: the memory store kept small and true.

Steps, in order, each a set-based statement repeated in batches of ``batch_size`` rows:

1. ``expired``: memories past ``expires_at``, never a pinned one;
2. ``summaries_trimmed``: compaction summaries beyond the 10 most recent of their scope;
3. ``working_idle``: working memories not surfaced (or, never surfaced, not updated) for 14
   days;
4. ``duplicates_merged``: exact duplicates merged into the oldest (see ``merge``);
5. ``over_cap``: with a per-scope cap, the least valuable memories beyond it (working before
   durable before priority, least recently used first; never a pinned one);
6. ``purged``: tombstones older than 30 days deleted for good (see ``tombstones``); one
   removed within the version window (90 days) is kept as a superseded version first, the
   only record left of when its fact stopped being true;
7. ``versions_pruned``: superseded versions that stopped being true longer ago than the
   version window (see ``versions``); none within it;
8. ``term_counts_folded``: PostgreSQL's document counts (``memory_term_counts``, a row a
   key each write moved) summed into one row a key (the rows read; see ``term_counts``);
9. ``memory_changes_folded``: PostgreSQL's marks of which transactions changed a project's
   memories (``memory_changes``, a row a project each writing transaction), folded into one
   row a project (the projects folded; see ``changes``).

Steps 1 to 5 leave tombstones, restorable until purged; every change has a history row with
actor ``maintenance`` and the reason. Each step reads only the rows it may change, through a
partial index (revision 0003), so its time follows the rows affected, not the store's size.
Running it twice changes nothing the second time.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from daemon.base.settings import MaintenanceSettings
from daemon.store import memory
from daemon.store.db import Connection, Store
from daemon.store.memory import sweeps
from daemon.store.memory.sweeps import Sweep

STEPS = (
    "expired",
    "summaries_trimmed",
    "working_idle",
    "duplicates_merged",
    "over_cap",
    "purged",
    "versions_pruned",
    "term_counts_folded",
    "memory_changes_folded",
)

SweepStep = Callable[[Connection], Awaitable[int]]


@dataclass(frozen=True, slots=True)
class ConsolidationPolicy:
    summaries_kept: int = 10
    working_idle: timedelta = timedelta(days=14)
    tombstone_keep: timedelta = timedelta(days=30)
    version_keep: timedelta = timedelta(days=90)
    max_per_scope: int | None = None
    batch_size: int = 50_000

    @classmethod
    def of(cls, settings: MaintenanceSettings) -> ConsolidationPolicy:
        return cls(
            summaries_kept=settings.compaction_summaries_kept,
            working_idle=timedelta(days=settings.working_idle_days),
            tombstone_keep=timedelta(days=settings.tombstone_days),
            version_keep=timedelta(days=settings.version_days),
            max_per_scope=settings.max_memories_per_scope,
            batch_size=settings.batch_size,
        )


def _batches(
    policy: ConsolidationPolicy, now: datetime, actor_id: str | None
) -> dict[str, SweepStep]:
    size = policy.batch_size
    idle_cutoff = now - policy.working_idle

    def tomb(sweep: Sweep) -> SweepStep:
        async def run(conn: Connection) -> int:
            return await sweep.tombstone(conn, now=now, actor_id=actor_id)

        return run

    async def merged(conn: Connection) -> int:
        return await memory.merge_duplicates(conn, now=now, actor_id=actor_id, limit=size)

    async def capped(conn: Connection) -> int:
        if policy.max_per_scope is None:
            return 0
        return await tomb(sweeps.over_cap(policy.max_per_scope, size))(conn)

    async def purged(conn: Connection) -> int:
        return await memory.purge(
            conn,
            now=now,
            keep=policy.tombstone_keep,
            limit=size,
            actor_id=actor_id,
            versions_keep=policy.version_keep,
        )

    async def pruned(conn: Connection) -> int:
        return await memory.prune_versions(conn, now=now, keep=policy.version_keep, limit=size)

    async def folded(conn: Connection) -> int:
        return await memory.fold_term_counts(conn, size)

    async def marks_folded(conn: Connection) -> int:
        return await memory.fold_changes(conn, size)

    return {
        "expired": tomb(sweeps.expired(now, size)),
        "summaries_trimmed": tomb(sweeps.summaries_beyond(policy.summaries_kept, size)),
        "working_idle": tomb(sweeps.idle_working(idle_cutoff, policy.working_idle, size)),
        "duplicates_merged": merged,
        "over_cap": capped,
        "purged": purged,
        "versions_pruned": pruned,
        "term_counts_folded": folded,
        "memory_changes_folded": marks_folded,
    }


async def consolidate(
    store: Store,
    policy: ConsolidationPolicy,
    *,
    now: datetime,
    actor_id: str | None = None,
    dry_run: bool = False,
) -> dict[str, int]:
    """Run every step; returns the rows each changed (or, with ``dry_run``, would change:
    everything runs in one transaction that is rolled back)."""
    batches = _batches(policy, now, actor_id)
    counts = dict.fromkeys(STEPS, 0)
    async with store.connect() as conn:
        if dry_run:
            transaction = await conn.begin()
            try:
                for name in STEPS:
                    counts[name] = await _drain(conn, batches[name], policy.batch_size, False)
            finally:
                await transaction.rollback()
        else:
            for name in STEPS:
                counts[name] = await _drain(conn, batches[name], policy.batch_size, True)
    return counts


async def _drain(conn: Connection, batch: SweepStep, size: int, commit: bool) -> int:
    """Repeat a batch until it changes fewer rows than a full batch."""
    total = 0
    while True:
        if commit:
            async with conn.begin():
                await memory.tune(conn)
                changed = await batch(conn)
        else:
            await memory.tune(conn)
            changed = await batch(conn)
        total += changed
        if changed < size:
            return total
