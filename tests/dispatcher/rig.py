"""A dispatcher on the test backends, with store outages on demand and a guard against
stalls, and everything it left behind read back in one snapshot."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from redis.asyncio import Redis
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from structlog.testing import capture_logs

from daemon.app.container import connect_redis
from daemon.app.redis_standin import standin_redis
from daemon.base.clock import FakeClock
from daemon.base.redis_keys import Keys
from daemon.base.settings import Settings, StreamSettings
from daemon.dispatcher.dispatcher import Dispatcher
from daemon.dispatcher.prepare import Preparer, SpillPolicy
from daemon.queue import JobQueue
from daemon.store.compaction import COMPACTION_CREATOR
from daemon.store.db import Store
from daemon.store.engine import make_engine
from daemon.store.tables import memories, messages, sessions, turns
from daemon.store.truncation import TruncationStore
from tests.backends import REDIS_URL, PostgresDatabase, SqliteTemplate

#: Sleeps in one burst run before it counts as stalled: outages retry once a second, a
#: batch given up on is redelivered ``max_deliveries`` times; anything past this is a loop.
STALL_SLEEPS = 40
SPILL = SpillPolicy(max_lines=2_000, max_bytes=50_000, preview_lines=20)


class FlakyStore(Store):
    """The store, with outages on demand. ``refuse`` transactions connect to a database that
    is not there (the driver's own error: a closed port for PostgreSQL, a directory for
    SQLite); ``lose`` transactions do all their work and lose the connection at commit, so
    the database rolls back what the transaction wrote."""

    def __init__(self, engine: AsyncEngine, dead: AsyncEngine) -> None:
        super().__init__(engine)
        self.dead = dead
        self.spared = 0  # transactions left alone before the outage starts
        self.refuse = 0
        self.lose = 0

    def outage(self, kind: str, times: int, *, after: int = 0) -> None:
        self.spared = after
        self.refuse = times if kind == "refuse" else 0
        self.lose = times if kind == "lose" else 0

    @asynccontextmanager
    async def begin(self) -> AsyncIterator[AsyncConnection]:
        if self.spared > 0:
            self.spared -= 1
            async with self.engine.begin() as connection:
                yield connection
            return
        if self.refuse > 0:
            self.refuse -= 1
            async with self.dead.begin() as connection:
                yield connection
            return
        async with self.engine.begin() as connection:
            yield connection
            if self.lose > 0:
                self.lose -= 1
                lost = ConnectionResetError("the connection was lost at COMMIT")
                raise OperationalError("COMMIT", None, lost)

    async def close(self) -> None:
        await self.dead.dispose()
        await super().close()


@dataclass
class GuardedClock(FakeClock):
    """A fake clock that stops the dispatcher sleeping on it more than ``STALL_SLEEPS``
    times in one run: a dispatcher that loops on a batch forever is reported, not waited
    for."""

    sleeps: int = 0
    stalled: bool = False
    dispatcher: Dispatcher | None = None

    def watch(self, dispatcher: Dispatcher) -> None:
        self.dispatcher, self.sleeps, self.stalled = dispatcher, 0, False

    async def sleep(self, seconds: float) -> None:
        self.sleeps += 1
        if self.sleeps > STALL_SLEEPS and self.dispatcher is not None:
            self.stalled = True
            self.dispatcher.stop()
        await super().sleep(seconds)


@dataclass(frozen=True, slots=True)
class MessageRow:
    turn: int
    seq: int
    role: str
    content: str | None


@dataclass(slots=True)
class Snapshot:
    """What the dispatcher left: stream, dead letters, rows, truncation files."""

    stalled: bool
    pending: int
    backlog: int
    dead: list[tuple[str, str]] = field(repr=False, default_factory=list)  # (entry id, reason)
    messages: dict[tuple[str, str], MessageRow] = field(repr=False, default_factory=dict)
    turns: dict[tuple[str, int], tuple[str, int]] = field(repr=False, default_factory=dict)
    sessions: dict[str, tuple[tuple[str, str, str], int]] = field(repr=False, default_factory=dict)
    files: dict[str, bytes] = field(repr=False, default_factory=dict)
    summaries: dict[tuple[str, str], list[str]] = field(repr=False, default_factory=dict)


class Rig:
    def __init__(
        self, redis: Redis, store: FlakyStore, keys: Keys, spill_dir: Path, *, shared: bool
    ) -> None:
        self.redis = redis
        self.shared = shared  # a real Redis: our keys are deleted at the end
        self.store = store
        self.keys = keys
        self.spill_dir = spill_dir
        self.clock = GuardedClock()

    def dispatcher(self, consumer: str, batch_size: int) -> Dispatcher:
        settings = StreamSettings(
            batch_size=batch_size,
            block_ms=10,
            claim_idle_s=0.0001,  # 0 ms once rounded: a dead consumer's entries are claimed
            max_deliveries=5,
        )
        return Dispatcher(
            self.redis,
            self.store,
            JobQueue(self.redis, self.keys, self.clock, debounce_s=0),
            Preparer(SPILL),
            TruncationStore(self.spill_dir),
            self.keys,
            settings,
            self.clock,
            consumer=consumer,
        )

    async def publish(self, fields: dict[str, bytes]) -> str:
        entry_id = await self.redis.xadd(self.keys.stream, fields)  # type: ignore[arg-type]
        return entry_id.decode() if isinstance(entry_id, bytes) else str(entry_id)

    async def run(self, dispatcher: Dispatcher) -> None:
        self.clock.watch(dispatcher)
        with capture_logs():  # kept from the terminal: an unexpected error logs its traceback
            await dispatcher.run(burst=True)

    async def snapshot(self) -> Snapshot:
        pending = await self.redis.xpending(self.keys.stream, self.keys.group)
        snap = Snapshot(
            stalled=self.clock.stalled,
            pending=int(pending["pending"]),
            backlog=int(await self.redis.xlen(self.keys.stream)),
        )
        for _, fields in await self.redis.xrange(self.keys.dead):
            snap.dead.append((fields[b"entry_id"].decode(), fields[b"reason"].decode()))
        async with self.store.connect() as conn:
            for row in await conn.execute(sa.select(messages)):
                snap.messages[(row.session_id, row.message_id)] = MessageRow(
                    row.turn, row.seq, row.role, row.content
                )
            for row in await conn.execute(sa.select(turns)):
                snap.turns[(row.session_id, row.turn)] = (row.event_id, row.message_count)
            for row in await conn.execute(sa.select(sessions)):
                scope = (row.project, row.user, row.tenant)
                snap.sessions[row.session_id] = (scope, row.last_turn)
            compactions = sa.select(memories).where(
                memories.c.created_by == COMPACTION_CREATOR, memories.c.deleted_at.is_(None)
            )
            for row in await conn.execute(compactions):
                key = (row.source_session, row.source_turns)
                snap.summaries.setdefault(key, []).append(row.content)
        if self.spill_dir.exists():
            snap.files = {p.name: p.read_bytes() for p in self.spill_dir.iterdir()}
        return snap

    async def close(self) -> None:
        await self.store.close()
        if self.shared:
            for pattern in self.keys.all_patterns():
                async for key in self.redis.scan_iter(match=pattern, count=500):
                    await self.redis.delete(key)
        await self.redis.aclose()


async def open_rig(backend: str, workdir: Path, database: Any) -> Rig:
    """A rig on ``fake`` (fakeredis + a copy of the migrated SQLite template) or ``real``
    (Redis under a private prefix + the run's PostgreSQL database, emptied)."""
    workdir.mkdir(parents=True)
    if backend == "fake":
        assert isinstance(database, SqliteTemplate)
        url = database.copy_to(workdir / "memoryd.db")
        dead_url = f"sqlite+aiosqlite:///{workdir}"  # a directory: unable to open database
        redis: Redis = standin_redis()
        keys = Keys("memoryd")
    else:
        assert isinstance(database, PostgresDatabase)
        await database.reset()
        url = database.url
        dead = sa.engine.make_url(url).set(port=1)  # nothing listens there
        dead_url = dead.render_as_string(hide_password=False)
        keys = Keys(f"mdtest-{uuid.uuid4().hex[:12]}")
        redis = connect_redis(Settings(redis_url=REDIS_URL, redis_prefix=keys.prefix))
    store = FlakyStore(make_engine(url), create_async_engine(dead_url))
    return Rig(redis, store, keys, workdir / "truncations", shared=backend == "real")
