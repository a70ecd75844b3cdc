"""Revision 0011 puts session and event ids in their tenant's namespace: a store populated
at 0010 (two tenants, sessions with turns, messages, cursors, runs) is carried over whole,
and afterwards the same ids can be stored again under another tenant (on SQLite, rebuilt
table by table, and on PostgreSQL, whose constraints are swapped in place)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from daemon.store.engine import make_engine, upgrade
from tests.backends import POSTGRES_URL, unavailable

AT = datetime(2026, 11, 20, 12)
_TABLES = ("sessions", "cursors", "turns", "messages", "runs")


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
async def fresh(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    if request.param == "sqlite":
        engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'old.db'}")
        yield engine
        await engine.dispose()
        return
    name = f"memoryd_mig_{uuid.uuid4().hex[:10]}"
    base = sa.engine.make_url(POSTGRES_URL)
    admin = create_async_engine(base, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as conn:
            await conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    except Exception as exc:
        await admin.dispose()
        unavailable("PostgreSQL", exc)
    engine = make_engine(base.set(database=name).render_as_string(hide_password=False))
    try:
        yield engine
    finally:
        await engine.dispose()
        async with admin.connect() as conn:
            await conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        await admin.dispose()


def _populate() -> list[tuple[str, list[dict[str, object]]]]:
    sessions, cursors, turns, messages, runs = [], [], [], [], []
    for tenant, sid in (("ana", "S1"), ("bob", "S2"), ("", "S3")):
        scope = {"tenant": tenant, "project": "p", "user": "u"}
        sessions.append(
            {"session_id": sid, **scope, "first_seen_at": AT, "last_event_at": AT,
             "last_turn": 2, "extracted_turn": 1, "late_turns": 0}
        )  # fmt: skip
        cursors.append({"session_id": sid, **scope, "turn": 1, "updated_at": AT})
        for turn in (1, 2):
            turns.append(
                {"session_id": sid, "turn": turn, **scope, "event_id": f"{sid}:{turn}",
                 "kind": "turn", "at": AT, "received_at": AT, "message_count": 1,
                 "main_agent_saved": False}
            )  # fmt: skip
            messages.append(
                {"session_id": sid, "message_id": f"m{turn}", **scope, "turn": turn, "seq": 0,
                 "role": "user", "content": f"{tenant} {sid} {turn}", "at": AT}
            )  # fmt: skip
        runs.append(
            {"session_id": sid, **scope, "extractor": "x", "outcome": "wrote", "started_at": AT,
             "finished_at": AT, "duration_ms": 1}
        )  # fmt: skip
    return list(zip(_TABLES, [sessions, cursors, turns, messages, runs], strict=True))


async def _contents(engine: AsyncEngine) -> dict[str, set[tuple[object, ...]]]:
    found = {}
    async with engine.connect() as conn:
        for name in _TABLES:
            columns = (
                "tenant, session_id"
                + {
                    "sessions": ", last_turn, extracted_turn",
                    "cursors": ", turn",
                    "turns": ", turn, event_id",
                    "messages": ", message_id, turn, content",
                    "runs": ", outcome",
                }[name]
            )
            rows = await conn.execute(sa.text(f"SELECT {columns} FROM {name}"))
            found[name] = {tuple(row) for row in rows}
    return found


async def test_a_populated_store_is_carried_over(fresh: AsyncEngine) -> None:
    await upgrade(fresh, "0010")
    async with fresh.begin() as conn:
        for name, rows in _populate():
            table = sa.table(name, *(sa.column(c) for c in rows[0]))
            await conn.execute(sa.insert(table), rows)
    before = await _contents(fresh)
    await upgrade(fresh, "0011")
    assert await _contents(fresh) == before
    assert len(before["messages"]) == 6
    # The same session, event and message ids under another tenant are another session.
    async with fresh.begin() as conn:
        for name, rows in _populate():
            moved = [{**row, "tenant": "carol"} for row in rows if row["session_id"] == "S1"]
            table = sa.table(name, *(sa.column(c) for c in moved[0]))
            await conn.execute(sa.insert(table), moved)
    after = await _contents(fresh)
    assert {row[:2] for row in after["sessions"]} == {
        ("ana", "S1"), ("bob", "S2"), ("", "S3"), ("carol", "S1")
    }  # fmt: skip
    # Within one tenant the ids stay unique.
    async with fresh.connect() as conn:
        with pytest.raises(sa.exc.IntegrityError):
            await conn.execute(
                sa.text(
                    'INSERT INTO turns (session_id, turn, tenant, project, "user", event_id, '
                    "kind, at, received_at, message_count, main_agent_saved) VALUES "
                    "('S9', 1, 'ana', 'p', 'u', 'S1:1', 'turn', :at, :at, 0, false)"
                ),
                {"at": AT},
            )
