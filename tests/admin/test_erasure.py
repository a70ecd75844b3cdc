"""Erasure leaves nothing of the erased scope in any table, file or queue, and touches
nothing of another scope (both backends)."""

from __future__ import annotations

import copy
import json
from typing import Any

import sqlalchemy as sa

from daemon.admin.erasure import ERASED, ErasureScope, erase
from daemon.app.container import Container
from daemon.events.publisher import fixture_events
from daemon.fixtures import load
from daemon.store.tables import memory_history, metadata
from tests.harness import (
    everything_stored,
    live_memories,
    publish_fixture,
    publisher,
    run_pipeline,
)

BILLING = "a3f1c2d4-0001-4e6b-9a51-billing-fix"
STYLE = "b7e2d9f0-0002-4c11-8d2e-style-feedback"
SAM = "c1d4e8a2-0003-47f0-b3c9-agent-saved"
PROJECT = "github.com/acme/billing"


def _other_project() -> dict[str, Any]:
    """billing-fix again, as another project's session (same user, other ids)."""
    session = copy.deepcopy(load("billing-fix"))
    session["session_id"] = "other-project-session"
    session["scope"] = {**session["scope"], "project": "github.com/acme/shop"}
    return session


async def _populate(rt: Container) -> None:
    for name in ("billing-fix", "style-feedback", "agent-saved"):
        await publish_fixture(rt, name)
    await publisher(rt).publish_many(fixture_events(_other_project()))
    await run_pipeline(rt)
    # Work still queued or in flight for dana: an unread event, a dead letter, a queued job.
    late = fixture_events(load("billing-fix"), start_turn=5)[0]
    await publisher(rt).publish(late.model_copy(update={"event_id": "late-5"}))
    await rt.redis.xadd(rt.keys.dead, {"reason": "r", "payload": late.model_dump_json()})
    await rt.redis.xadd(rt.keys.dead, {"reason": "r", "payload": b"{not json"})
    await rt.queue().request_extraction([("acme", STYLE)], delay_s=3600)


async def _rows_of(rt: Container, **where: str) -> dict[str, list[tuple[Any, ...]]]:
    found: dict[str, list[tuple[Any, ...]]] = {}
    async with rt.store.connect() as conn:
        for table in metadata.sorted_tables:
            if not {"user", "project"} <= set(table.c.keys()):
                continue
            query = sa.select(table).where(*(table.c[k] == v for k, v in where.items()))
            found[table.name] = sorted(tuple(map(repr, r)) for r in await conn.execute(query))
    return found


async def _redis_text(rt: Container) -> str:
    parts: list[str] = []
    for pattern in rt.keys.all_patterns():
        async for key in rt.redis.scan_iter(match=pattern):
            parts.append(key.decode())
    for stream in (rt.keys.stream, rt.keys.dead):
        for _, fields in await rt.redis.xrange(stream):
            parts.extend(v.decode("utf-8", "replace") for v in fields.values())
    parts += [m.decode() for m in await rt.redis.zrange(rt.keys.queue, 0, -1)]
    return "\n".join(parts)


async def _fts_hits(rt: Container, word: str) -> int:
    if rt.store.dialect != "sqlite":
        return 0  # PostgreSQL's index lives in the row itself: deleted with it
    async with rt.store.connect() as conn:
        query = sa.text("SELECT count(*) FROM memories_fts WHERE memories_fts MATCH :w")
        return int((await conn.execute(query, {"w": word})).scalar_one())


async def test_erasing_a_user_leaves_nothing_of_theirs_and_touches_no_one_else(
    runtime: Container,
) -> None:
    await _populate(runtime)
    sam_before = await _rows_of(runtime, user="sam")
    files_before = sorted(p.name for p in runtime.settings.truncation.dir.iterdir())
    assert len(files_before) == 2  # billing-fix turn 2, in both projects
    assert "dana" in await everything_stored(runtime)
    lowercase_before = await _fts_hits(runtime, "lowercase")
    summarized = len((await _rows_of(runtime, user="dana"))["session_summaries"])
    assert summarized == 3  # the worker keeps a summary of each of dana's sessions
    async with runtime.store.connect() as conn:
        history_before = (
            await conn.execute(sa.select(sa.func.count()).select_from(memory_history))
        ).scalar_one()

    report = await erase(
        runtime.store, runtime.redis, runtime.keys, runtime.truncation, ErasureScope(user="dana")
    )

    assert report.sessions == 3
    assert report.removed["session_summaries"] == summarized
    # Stored events left the stream: only the unread one is there to erase.
    assert report.removed["memories"] == 2  # dana's user memories; the rest is shared
    assert report.removed["truncation_files"] == 2 and report.removed["stream_entries"] == 1
    assert report.removed["dead_letters"] == 1 and report.removed["queued_jobs"] == 1
    stored = await everything_stored(runtime)
    for trace in ("dana", BILLING, STYLE, "other-project-session", "early returns"):
        assert trace not in stored, trace
    assert not list(runtime.settings.truncation.dir.iterdir())
    redis_text = await _redis_text(runtime)
    for trace in ("dana", BILLING, STYLE):
        assert trace not in redis_text, trace
    assert "{not json" in redis_text  # an unreadable letter cannot be attributed: kept
    assert await _fts_hits(runtime, "lowercase") == 0
    assert lowercase_before > 0 or runtime.store.dialect != "sqlite"  # it was indexed
    assert await _rows_of(runtime, user="sam") == sam_before
    async with runtime.store.connect() as conn:
        history = (await conn.execute(sa.select(memory_history))).all()
    assert len(history) == history_before  # the fact of each change is kept
    erased = [h for h in history if h.user == ERASED]
    assert len(erased) == 2 and all(h.new == {"erased": True} for h in erased)
    # shared project knowledge stays; what of hers is still held for an operator's review
    # (visible to its author alone) goes with her: her convention, and the API freeze, written
    # from the turn where she pasted a key (held as talk of credentials)
    shared = [m for m in await live_memories(runtime) if m.user == ""]
    assert any("ROUND_HALF_EVEN" in m.content for m in shared)
    assert not any("public API" in m.content for m in shared)
    assert not any("pytest-asyncio" in m.content for m in shared)


async def test_erasing_a_project_removes_all_its_users_and_spares_other_projects(
    runtime: Container,
) -> None:
    await _populate(runtime)
    shop_before = await _rows_of(runtime, project="github.com/acme/shop")
    assert shop_before["memories"] and shop_before["messages"]

    report = await erase(
        runtime.store,
        runtime.redis,
        runtime.keys,
        runtime.truncation,
        ErasureScope(project=PROJECT),
    )

    assert report.sessions == 3 and report.removed["truncation_files"] == 1
    assert await _rows_of(runtime, project="github.com/acme/shop") == shop_before
    stored = await everything_stored(runtime)
    for trace in (PROJECT, BILLING, STYLE, SAM, "sam", "platform team"):
        assert trace not in stored, trace
    assert len(list(runtime.settings.truncation.dir.iterdir())) == 1
    redis_text = await _redis_text(runtime)
    assert BILLING not in redis_text and STYLE not in redis_text
    assert await _fts_hits(runtime, "platform") == 0
    async with runtime.store.connect() as conn:
        history = (await conn.execute(sa.select(memory_history))).all()
    erased = [h for h in history if h.project == ERASED]
    assert erased and all(h.user in ("", ERASED) for h in erased)
    assert all(json.dumps(h.old or {}) in ("{}", '{"erased": true}') for h in erased)
