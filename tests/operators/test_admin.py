"""Administration as library calls: dead letters, sessions, runs, memories (both backends)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from daemon.admin import dead_letters as dlq
from daemon.admin import memory_admin as admin
from daemon.admin.run_admin import RunFilter, get_run, list_runs
from daemon.admin.session_admin import SessionFilter, list_sessions, retry_session, show_session
from daemon.app.container import Container
from daemon.base.errors import MemoryRefused
from daemon.base.scope import ScopeKey
from daemon.events.publisher import fixture_events
from daemon.fixtures import load
from daemon.store.tables import cursors, memory_history
from tests.harness import publish_fixture, rows, run_pipeline
from tests.operators.seed import T0, memory

NOW = datetime(2026, 6, 1, tzinfo=UTC)
SCOPE = ScopeKey(project="acme/billing")


async def _dead_letters(rt: Container) -> list[dlq.DeadLetter]:
    """Three bad entries and one good event the store refused, dead-lettered by a dispatcher."""
    good = fixture_events(load("billing-fix"))[0].model_dump_json().encode()
    for payload in (b"{not json", b'{"v": 2}', b"[]"):
        await rt.redis.xadd(rt.keys.stream, {"event": payload})
    await rt.dispatcher(consumer="d").run(burst=True)
    await rt.redis.xadd(
        rt.keys.dead,
        {
            "reason": "the store refused the event",
            "payload": good,
            "entry_id": "1-1",
            "at": "t",
            "consumer": "d",
        },
    )
    return await dlq.newest(rt.redis, rt.keys)


async def test_dead_letters_are_listed_newest_first_and_paged(runtime: Container) -> None:
    letters = await _dead_letters(runtime)
    assert len(letters) == 4 and await dlq.count(runtime.redis, runtime.keys) == 4
    assert letters[0].reason == "the store refused the event"
    assert "not JSON" in letters[-1].reason and letters[-1].payload == b"{not json"
    page = await dlq.newest(runtime.redis, runtime.keys, limit=2, before=letters[1].id)
    assert [x.id for x in page] == [letters[2].id, letters[3].id]
    shown = await dlq.get(runtime.redis, runtime.keys, letters[0].id)
    assert shown is not None and shown.as_dict()["payload"]["v"] == 1
    assert letters[-1].as_dict()["payload"] == "{not json"


async def test_replay_puts_back_only_what_now_decodes(runtime: Container) -> None:
    letters = await _dead_letters(runtime)
    before = await runtime.redis.xlen(runtime.keys.stream)
    report = await dlq.replay(runtime.redis, runtime.keys, None, max_event_bytes=1 << 20)
    assert [a for a, _ in report.replayed] == [letters[0].id]
    assert len(report.refused) == 3
    assert await runtime.redis.xlen(runtime.keys.stream) == before + 1
    left = await dlq.newest(runtime.redis, runtime.keys)
    assert {x.id for x in left} == {x.id for x in letters[1:]}
    stats = await runtime.dispatcher(consumer="d").run(burst=True)
    assert (stats.stored, stats.dead) == (1, 0)
    missing = await dlq.replay(runtime.redis, runtime.keys, ["9-9"], max_event_bytes=1 << 20)
    assert missing.missing == ["9-9"]


async def test_purge_by_id_and_all(runtime: Container) -> None:
    letters = await _dead_letters(runtime)
    assert await dlq.purge(runtime.redis, runtime.keys, [letters[0].id, "9-9"]) == 1
    assert await dlq.count(runtime.redis, runtime.keys) == 3
    assert await dlq.purge(runtime.redis, runtime.keys, None) == 3
    assert await dlq.count(runtime.redis, runtime.keys) == 0


async def test_sessions_list_show_and_retry(runtime: Container) -> None:
    await publish_fixture(runtime, "billing-fix")
    await publish_fixture(runtime, "agent-saved")
    await runtime.dispatcher(consumer="d").run(burst=True)
    async with runtime.store.connect() as conn:
        listed = await list_sessions(conn, NOW, SessionFilter(behind=True))
    assert {s["user"] for s in listed} == {"dana", "sam"}
    billing = next(s for s in listed if s["user"] == "dana")
    assert (billing["turns_behind"], billing["cursor_turn"], billing["last_turn"]) == (4, None, 4)

    await run_pipeline(runtime)
    session_id = billing["session_id"]
    async with runtime.store.begin() as conn:
        await conn.execute(
            sa.update(cursors)
            .where(cursors.c.session_id == session_id)
            .values(
                parked=True, parked_reason="boom", failures=6, breaker_until=NOW.replace(year=2027)
            )
        )
    async with runtime.store.connect() as conn:
        held = await list_sessions(conn, NOW, SessionFilter(held=True))
        shown = await show_session(conn, session_id, NOW)
        other = await list_sessions(conn, NOW, SessionFilter(user="sam"))
    assert [s["session_id"] for s in held] == [session_id]
    assert shown is not None and shown["parked"] and shown["breaker_open"]
    assert shown["turns_behind"] == 0 and shown["runs"][0]["outcome"] in ("wrote", "nothing")
    assert [s["user"] for s in other] == ["sam"]

    assert await retry_session(runtime.store, runtime.queue(), session_id, NOW)
    (cursor,) = await rows(runtime, "cursors", cursors.c.session_id == session_id)
    assert (cursor.parked, cursor.failures, cursor.breaker_until) == (False, 0, None)
    assert await runtime.redis.zscore(runtime.keys.queue, runtime.keys.extract_job_id(session_id))
    assert not await retry_session(runtime.store, runtime.queue(), "nope", NOW)


async def test_runs_list_and_show(runtime: Container) -> None:
    await publish_fixture(runtime, "billing-fix")
    await publish_fixture(runtime, "agent-saved")
    await run_pipeline(runtime)
    async with runtime.store.connect() as conn:
        everything = await list_runs(conn, RunFilter())
        wrote = await list_runs(conn, RunFilter(outcome="wrote"))
        failed = await list_runs(conn, RunFilter(outcome="failed"))
        one = await get_run(conn, everything[0]["id"])
        none = await get_run(conn, 10**9)
    assert len(everything) == 2 and everything[0]["id"] > everything[-1]["id"]
    assert [r["id"] for r in wrote] == [r["id"] for r in everything]  # both runs wrote
    assert failed == []  # the filter is applied
    assert one is not None and one["id"] == everything[0]["id"] and "refusals" in one
    assert none is None
    json.dumps(everything)  # plain data


async def _history(rt: Container, memory_id: int) -> list[tuple[str, str]]:
    found = await rows(rt, "memory_history", memory_history.c.memory_id == memory_id)
    return [(h.action, h.actor) for h in sorted(found, key=lambda h: h.id)]


async def test_pin_unpin_forget_restore_write_history_as_operator(runtime: Container) -> None:
    memory_id = await memory(runtime, SCOPE, "Deploys", "Deploys go out on Tuesdays.")
    async with runtime.store.begin() as conn:
        assert await admin.set_pinned(conn, memory_id, True, NOW, who="ops")
        assert not await admin.set_pinned(conn, memory_id, True, NOW)
        assert await admin.set_pinned(conn, memory_id, False, NOW)
        assert await admin.forget(conn, memory_id, NOW, reason="wrong", who="ops")
        assert not await admin.forget(conn, memory_id, NOW, reason="again")
        assert not await admin.set_pinned(conn, memory_id, True, NOW)
    async with runtime.store.connect() as conn:
        tombstones = await admin.list_memories(conn, admin.MemoryFilter(deleted=True))
        live = await admin.list_memories(conn, admin.MemoryFilter())
    assert [m["id"] for m in tombstones] == [memory_id] and live == []
    async with runtime.store.begin() as conn:
        assert await admin.restore(conn, memory_id, NOW, who="ops")
        assert not await admin.restore(conn, memory_id, NOW)
    assert await _history(runtime, memory_id) == [
        ("create", "run"),
        ("pin", "operator"),
        ("unpin", "operator"),
        ("delete", "operator"),
        ("restore", "operator"),
    ]
    async with runtime.store.connect() as conn:
        shown = await admin.show_memory(conn, memory_id)
    assert shown is not None and shown["deleted_at"] is None
    assert shown["history"][1]["actor_id"] == "ops"


async def test_restore_refuses_when_a_live_duplicate_exists(runtime: Container) -> None:
    first = await memory(runtime, SCOPE, "Deploys", "Deploys go out on Tuesdays.")
    async with runtime.store.begin() as conn:
        await admin.forget(conn, first, NOW, reason="dup")
    await memory(runtime, SCOPE, "Deploys", "Deploys go out on Tuesdays.", at=T0)
    async with runtime.store.begin() as conn:
        with pytest.raises(MemoryRefused):
            await admin.restore(conn, first, NOW)


async def test_list_filters_by_scope_type_and_class(runtime: Container) -> None:
    await memory(runtime, SCOPE, "A", "Alpha fact.")
    await memory(
        runtime, ScopeKey(project="acme/billing", user="ann"), "B", "Ann likes tea.", type_="user"
    )
    await memory(runtime, ScopeKey(project="other"), "C", "Other fact.", memory_class="working")
    async with runtime.store.connect() as conn:

        def titles(where: admin.MemoryFilter) -> list[str]:
            return [m["title"] for m in found[where]]

        wheres = [
            admin.MemoryFilter(project="acme/billing"),
            admin.MemoryFilter(user=""),
            admin.MemoryFilter(type="user"),
            admin.MemoryFilter(memory_class="working"),
        ]
        found = {w: await admin.list_memories(conn, w) for w in wheres}
    assert sorted(titles(wheres[0])) == ["A", "B"]
    assert sorted(titles(wheres[1])) == ["A", "C"]
    assert titles(wheres[2]) == ["B"] and titles(wheres[3]) == ["C"]
