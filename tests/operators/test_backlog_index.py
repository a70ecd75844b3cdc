"""The backlog is read from its partial indexes (revision 0004), never by joining every
session ever seen to its cursor: ``sessions.extracted_turn`` follows the cursor, and the
statements of ``memoryd status``, the sweep and ``sessions list --behind/--held`` can use
the indexes (both backends)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy import event

from daemon.admin.session_admin import SessionFilter, list_sessions
from daemon.app.container import Container
from daemon.base.clock import SystemClock
from daemon.events.publisher import fixture_events
from daemon.fixtures import load
from daemon.health.report import Backlog
from daemon.health.store_probe import read_backlog
from daemon.store.engine import make_engine, upgrade
from daemon.store.tables import cursors, sessions
from daemon.store.transcripts import cursors as cursor_store
from daemon.store.transcripts import pgbulk
from tests.harness import publish_fixture, publisher, rows, run_pipeline

BILLING = "a3f1c2d4-0001-4e6b-9a51-billing-fix"


async def test_extracted_turn_follows_the_cursor(runtime: Container) -> None:
    await publish_fixture(runtime, "billing-fix")
    await publish_fixture(runtime, "style-feedback")
    await runtime.dispatcher(consumer="d").run(burst=True)
    assert {r.extracted_turn for r in await rows(runtime, "sessions")} == {-1}

    await run_pipeline(runtime)
    turns = {r.session_id: r.turn for r in await rows(runtime, "cursors")}
    assert {r.session_id: r.extracted_turn for r in await rows(runtime, "sessions")} == turns
    now = SystemClock().now()
    async with runtime.store.connect() as conn:
        assert (await read_backlog(conn, now, Backlog())).sessions_behind == 0

    late = fixture_events(load("billing-fix"), start_turn=5)[0]
    await publisher(runtime).publish(late.model_copy(update={"event_id": "late-5"}))
    await runtime.dispatcher(consumer="d").run(burst=True)
    async with runtime.store.connect() as conn:
        backlog = await read_backlog(conn, now, Backlog())
        assert await cursor_store.sessions_behind(conn, now, limit=10) == [("acme", BILLING)]
    assert (backlog.sessions_behind, backlog.oldest_session) == (1, BILLING)


@contextmanager
def _captured(rt: Container) -> Iterator[list[tuple[str, Any]]]:
    """The statements (as sent to the driver) run on the store meanwhile."""
    seen: list[tuple[str, Any]] = []

    def capture(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        seen.append((statement, parameters))

    engine = rt.store.engine.sync_engine
    event.listen(engine, "before_cursor_execute", capture)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", capture)


async def _plan(rt: Container, statement: str, parameters: Any) -> str:
    async with rt.store.begin() as conn:
        if rt.store.dialect == "postgresql":
            await conn.exec_driver_sql("SET LOCAL enable_seqscan = off")  # tiny tables
            explained = await conn.exec_driver_sql(f"EXPLAIN {statement}", parameters)
        else:
            explained = await conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}", parameters)
        return "\n".join(" ".join(map(str, row)) for row in explained)


async def test_backlog_statements_read_the_partial_indexes(runtime: Container) -> None:
    await publish_fixture(runtime, "billing-fix")
    await runtime.dispatcher(consumer="d").run(burst=True)
    async with runtime.store.begin() as conn:
        await conn.execute(sa.update(cursors).values(parked=True, parked_reason="held"))
    now = SystemClock().now()
    with _captured(runtime) as seen:
        async with runtime.store.connect() as conn:
            backlog = await read_backlog(conn, now, Backlog())
            await cursor_store.sessions_behind(conn, now, limit=10)
            await list_sessions(conn, now, SessionFilter(behind=True))
            await list_sessions(conn, now, SessionFilter(held=True))
    assert (backlog.sessions_behind, backlog.parked, len(backlog.held)) == (1, 1, 1)
    reading = [(s, p) for s, p in seen if "sessions" in s or "cursors" in s]
    assert len(reading) == 8, [s for s, _ in reading]
    indexes = ("ix_sessions_behind", "ix_cursors_held", "ix_sessions_late")
    for statement, parameters in reading:
        plan = await _plan(runtime, statement, parameters)
        assert any(index in plan for index in indexes), (statement, plan)


async def test_revision_0004_fills_extracted_turn_from_the_cursors(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'old.db'}")
    try:
        await upgrade(engine, "0003")
        async with engine.begin() as conn:
            for sid, last, cursor in (("a", 5, 3), ("b", 2, None), ("c", 4, 4)):
                await conn.execute(
                    sa.text(
                        "INSERT INTO sessions (session_id, project, first_seen_at, "
                        "last_event_at, last_turn) VALUES (:s, 'p', :t, :t, :last)"
                    ),
                    {"s": sid, "t": "2026-01-01 00:00:00", "last": last},
                )
                await conn.execute(
                    sa.text(
                        "INSERT INTO cursors (session_id, project, turn, updated_at) "
                        "VALUES (:s, 'p', :turn, :t)"
                    ),
                    {"s": sid, "turn": cursor, "t": "2026-01-01 00:00:00"},
                )
        await upgrade(engine)
        async with engine.connect() as conn:
            found = {
                r.session_id: r.extracted_turn
                for r in await conn.execute(
                    sa.select(sessions.c.session_id, sessions.c.extracted_turn)
                )
            }
            behind = await conn.execute(
                sa.select(sessions.c.session_id).where(
                    sessions.c.last_turn > sessions.c.extracted_turn
                )
            )
            assert sorted(behind.scalars()) == ["a", "b"]
        assert found == {"a": 3, "b": -1, "c": 4}
    finally:
        await engine.dispose()


def _writes(statements: list[tuple[str, Any]]) -> list[str]:
    """The tables written, in order (sessions and cursors only)."""
    order: list[str] = []
    for statement, _ in statements:
        words = statement.split()
        verb = words[0].upper()
        table = words[1 if verb == "UPDATE" else 2].strip('"') if len(words) > 2 else ""
        if verb in ("INSERT", "UPDATE") and table in ("sessions", "cursors"):
            order.append(table)
    return order


async def test_worker_and_dispatcher_lock_a_session_then_its_cursor(
    runtime: Container, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dispatcher upserts sessions, then inserts cursors (waiting on a cursor a worker
    holds); a worker moving a cursor writes the session row first, so neither ever waits on
    the other in a circle (PostgreSQL found deadlocks when the worker went cursor first)."""
    bulk: list[str] = []  # PostgreSQL's bulk path goes to the driver directly
    unnest = pgbulk.insert_unnest

    async def spy(conn: Any, table: sa.Table, *args: Any, **kwargs: Any) -> Any:
        bulk.append(table.name)
        return await unnest(conn, table, *args, **kwargs)

    monkeypatch.setattr(pgbulk, "insert_unnest", spy)
    await publish_fixture(runtime, "style-feedback")
    with _captured(runtime) as dispatched:
        await runtime.dispatcher(consumer="d").run(burst=True)
    with _captured(runtime) as extracted:
        await run_pipeline(runtime)
    written = _writes(dispatched) + [t for t in bulk if t in ("sessions", "cursors")]
    assert written == ["sessions", "cursors"]
    assert _writes(extracted) == ["sessions", "cursors"]
