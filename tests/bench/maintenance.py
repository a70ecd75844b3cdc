"""``./dev bench consolidate`` and ``./dev bench cleanup``: maintenance at scale.

consolidate: for each size, a scratch PostgreSQL database (``scratch_database``) is filled
by COPY with a store of that many memories in scopes of about 100, of which 10% expired (one
in ten of them pinned, which must survive), 5% exact duplicates of an older memory, 2%
working memories idle for 20 days, 1% tombstones past their window, 1% pinned, and scopes
with 12 compaction summaries. The store's live-hash unique index is swapped for a plain one
while duplicates are loaded (memoryd's own writes cannot create them) and rebuilt after the
run, which proves none is left. The load is checkpointed before the clock starts. The
consolidation is timed twice: the first run does the work, the second finds nothing to do
(its time is the cost of looking).

cleanup: 100,000 old spilled files in a temporary truncation root, timed while deleted.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from daemon.base.errors import ConfigError, StoreRefused
from daemon.base.scope import ScopeKey
from daemon.gate.hashing import content_hash
from daemon.maintenance.consolidate import ConsolidationPolicy, consolidate
from daemon.maintenance.truncation_cleanup import cleanup_truncations
from daemon.store.db import Store
from daemon.store.truncation import TruncationStore
from tests.bench.scratch import scratch_database

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
_CHUNK = 50_000
_COLUMNS = (
    "tenant", "project", "user", "type", "class", "pinned", "title", "content", "content_hash",
    "created_by", "created_at", "updated_at", "expires_at", "last_surfaced_at", "deleted_at",
    "deleted_reason",
)  # fmt: skip
_TYPES = ("project", "user", "decision")
_WORDS = ("cache", "deploy", "billing", "schema", "queue", "worker", "retry", "index", "audit")
_UNIQUE = (
    'CREATE UNIQUE INDEX uq_memories_live_hash ON memories (tenant, project, "user", type, '
    "content_hash) WHERE deleted_at IS NULL"
)
_PLAIN = (
    'CREATE INDEX ix_bench_live_hash ON memories (tenant, project, "user", type, content_hash) '
    "WHERE deleted_at IS NULL"
)


def _naive(value: datetime | None) -> datetime | None:
    return None if value is None else value.astimezone(UTC).replace(tzinfo=None)


def memory_rows(count: int) -> Iterator[tuple[Any, ...]]:
    """The fixture's rows, in COPY column order (``_COLUMNS``), oldest first."""
    day = timedelta(days=1)
    originals: list[tuple[str, str, str, str]] = []
    for i in range(count):
        scope = i // 100
        user = f"user-{scope % 7}" if scope % 4 == 0 else ""
        project = f"github.com/acme/repo-{scope}"
        created = NOW - timedelta(days=120) + timedelta(seconds=i * 5)
        kind = i % 100
        type_, klass, pinned = _TYPES[i % 3], "durable", i % 100 == 99
        created_by, expires, surfaced, deleted = "extractor:rules", None, created, None
        if kind < 10:  # expired; one in ten of them pinned
            expires, pinned = NOW - day * (1 + i % 9), i % 20 == 0
        elif kind < 15 and originals:  # an exact duplicate of an earlier memory of the scope
            dup_project, dup_user, type_, content = originals[-1 - (i % min(len(originals), 40))]
            project, user = dup_project, dup_user
        elif kind < 17:  # working memory idle for 20 days
            klass, surfaced = "working", NOW - day * 20
        elif kind < 18:  # a tombstone past the 30-day window
            deleted = NOW - day * 40
        elif kind == 18 and scope % 10 == 0:  # compaction summaries, twelve in these scopes
            klass, created_by, expires = "working", "compaction", NOW + day * 10
            surfaced = NOW - day
        if not (10 <= kind < 15 and originals):
            topic = _WORDS[i % len(_WORDS)]
            content = f"Fact {i}: the {topic} of repo-{scope} follows rule {i * 7919 % 10007}."
            if kind >= 20 and len(originals) < 50_000:
                originals.append((project, user, type_, content))
        for copy in range(12 if created_by == "compaction" else 1):
            text = content if copy == 0 else f"{content} (summary {copy})"
            yield (
                "", project, user, type_, klass, pinned, text[:60], text,
                content_hash(type_, text), created_by, _naive(created + timedelta(seconds=copy)),
                _naive(created), _naive(expires), _naive(surfaced), _naive(deleted),
                None if deleted is None else "expired",
            )  # fmt: skip


async def _load(store: Store, count: int) -> int:
    """COPY the fixture in chunks; returns the rows loaded."""
    loaded = 0
    chunk: list[tuple[Any, ...]] = []
    async with store.begin() as conn:
        await conn.execute(sa.text("DROP INDEX uq_memories_live_hash"))
        await conn.execute(sa.text(_PLAIN))
    for row in memory_rows(count):
        chunk.append(row)
        if len(chunk) == _CHUNK:
            loaded += await _copy(store, chunk)
            chunk = []
    if chunk:
        loaded += await _copy(store, chunk)
    async with store.engine.connect() as conn:
        autocommit = await conn.execution_options(isolation_level="AUTOCOMMIT")
        await autocommit.execute(sa.text("VACUUM ANALYZE memories"))
        # The load's dirty pages and WAL are written now, not billed to the timed run.
        await autocommit.execute(sa.text("CHECKPOINT"))
    return loaded


async def _copy(store: Store, rows: list[tuple[Any, ...]]) -> int:
    async with store.begin() as conn:
        raw = await conn.get_raw_connection()
        driver: Any = raw.driver_connection
        await driver.copy_records_to_table("memories", records=rows, columns=_COLUMNS)
    return len(rows)


async def _restore_unique(store: Store) -> bool:
    """Rebuild the live-hash unique index; True when it builds (no duplicate is left)."""
    try:
        async with store.begin() as conn:
            await conn.execute(sa.text("DROP INDEX ix_bench_live_hash"))
            await conn.execute(sa.text(_UNIQUE))
    except StoreRefused:  # a duplicate is left
        return False
    return True


async def _surviving_pinned(store: Store) -> int:
    async with store.connect() as conn:
        query = sa.text(
            "SELECT count(*) FROM memories WHERE pinned AND expires_at <= :now "
            "AND deleted_at IS NULL"
        )
        return int((await conn.execute(query, {"now": _naive(NOW)})).scalar_one())


async def _one_size(url: str, count: int) -> dict[str, Any]:
    async with scratch_database(url, "consolidate") as scratch:
        store = Store.from_url(scratch, pool_size=2)
        try:
            started = time.perf_counter()
            loaded = await _load(store, count)
            load_s = time.perf_counter() - started
            policy = ConsolidationPolicy()
            began = time.perf_counter()
            counts = await consolidate(store, policy, now=NOW, actor_id="bench")
            seconds = time.perf_counter() - began
            began = time.perf_counter()
            again = await consolidate(store, policy, now=NOW, actor_id="bench")
            again_s = time.perf_counter() - began
            pinned = await _surviving_pinned(store)
            unique = await _restore_unique(store)
        finally:
            await store.close()
    return {
        "memories": loaded,
        "affected": sum(counts.values()),
        "seconds": round(seconds, 2),
        "counts": counts,
        "second_run_affected": sum(again.values()),
        "second_run_seconds": round(again_s, 2),
        "pinned_expired_kept": pinned,
        "no_duplicate_left": unique,
        "load_seconds": round(load_s, 1),
    }


async def bench_consolidate(url: str, sizes: tuple[int, ...]) -> dict[str, Any]:
    if not url.startswith("postgresql"):
        raise ConfigError(
            "bench consolidate runs on PostgreSQL: set MEMORYD_DATABASE_URL or --postgres"
        )
    runs = [await _one_size(url, count) for count in sizes]
    return {"bench": "consolidate", "backend": "postgresql", "target_seconds": 30, "runs": runs}


def bench_cleanup(files: int = 100_000, size: int = 1024) -> dict[str, Any]:
    """Delete ``files`` spilled files of ``size`` bytes, all past keep_days."""
    keep = timedelta(days=7)
    old = (NOW - timedelta(days=8)).timestamp()
    payload = b"x" * size
    with tempfile.TemporaryDirectory(prefix="memoryd-cleanup-") as tmp:
        root = Path(tmp) / "truncations"
        root.mkdir()
        for i in range(files):
            name = TruncationStore.file_name(ScopeKey("bench"), "bench", str(i), 1)
            fd = os.open(root / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                os.write(fd, payload)
                os.utime(fd, (old, old))
            finally:
                os.close(fd)
        began = time.perf_counter()
        report = cleanup_truncations(root, keep=keep, now=NOW)
        seconds = time.perf_counter() - began
        left = len(os.listdir(root))
    return {
        "bench": "cleanup",
        "files": report.files,
        "bytes": report.bytes,
        "seconds": round(seconds, 2),
        "left": left,
        "errors": report.errors,
        "target_seconds": 10,
    }
