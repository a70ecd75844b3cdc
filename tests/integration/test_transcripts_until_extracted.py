"""``MEMORYD_MAINTENANCE__KEEP_TRANSCRIPTS=until_extracted``: a turn lives only until it is
extracted. What the secret rules miss in a transcript then stays no longer than the run
that reads it: the turn, its messages, its spilled output and its compaction summary go in
the transaction that moves the cursor past it, and no session window or rolling summary is
cut from it. A turn not extracted yet is kept (nothing is lost); the default keeps
transcripts for the retention window. Through the real dispatcher and worker, on fakeredis
+ SQLite and on the real Redis + PostgreSQL."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from arq.connections import ArqRedis

from daemon.app.container import Container
from daemon.base.errors import PermanentExtractionError
from daemon.events.models import TurnEvent
from daemon.extraction.base import ExtractionBatch, MemoryReader, Proposal
from daemon.maintenance.retention import RetentionPolicy, prune_store
from daemon.store.tables import metadata
from tests.harness import publisher, rows, run_pipeline
from tests.integration.planted_session import (
    PLANTED,
    T0,
    open_keeping,
    planted_session,
    rt,
    turn_event,
)

__all__ = ["rt"]  # the fixture, for this module

SESSION = "s-forgotten"
#: The words of the fields a turn stores, none of them a secret any rule knows, so that only
#: forgetting the turn can keep them out of the store.
SAID = {field: word for field, word in PLANTED.items() if field not in ("prompt", "schema")}
#: The host's prompt and schemas: the session's, read by the run that takes its turns.
HOST = {field: PLANTED[field] for field in ("prompt", "schema")}
TRANSCRIPT_TABLES = ("messages", "turns", "agent_turns", "session_fragments", "session_summaries")


def _session() -> list[TurnEvent]:
    return planted_session(SESSION)


async def _transcripts(rt: Container) -> str:
    """Every transcript row (the tombstones of forgotten turns too) and every truncation
    file, as one text."""
    parts: list[str] = []
    async with rt.store.connect() as conn:
        for name in (*TRANSCRIPT_TABLES, "forgotten_turns", "sessions"):
            for row in await conn.execute(sa.select(metadata.tables[name])):
                parts.append(repr(tuple(row)))
    root = Path(rt.settings.truncation.dir)
    for path in sorted(root.iterdir()) if root.exists() else ():
        parts.append(path.read_bytes().decode("latin-1"))
    return "\n".join(parts)


def _found(text: str, words: dict[str, str]) -> list[str]:
    return sorted(field for field, word in words.items() if word in text)


async def _publish(rt: Container, events: list[TurnEvent]) -> None:
    for event in events:
        await publisher(rt).publish(event)


async def test_an_extracted_turn_is_gone_with_its_spill_and_summary_and_no_window_is_cut(
    rt: Container,
) -> None:
    await _publish(rt, _session())
    await run_pipeline(rt)
    (cursor,) = await rows(rt, "cursors")
    assert cursor.turn == 2
    kept = await _transcripts(rt)
    assert _found(kept, SAID) == []
    assert _found(kept, HOST) == []  # read by the run, forgotten with the turns it came with
    for name in TRANSCRIPT_TABLES:
        assert await rows(rt, name) == [], name
    assert [t.turn for t in await rows(rt, "forgotten_turns")] == [1, 2]
    assert not any(Path(rt.settings.truncation.dir).glob("mt-*"))
    (session,) = await rows(rt, "sessions")
    assert (session.last_turn, session.extracted_turn) == (2, 2)
    runs = await rows(rt, "runs")
    assert runs and all(r.outcome != "failed" for r in runs)


async def test_turns_after_a_forgotten_one_are_extracted_as_usual(rt: Container) -> None:
    """The cursor, not the stored turns, says where a session stands: a turn published after
    the earlier ones were forgotten is extracted and forgotten in its turn."""
    first, compaction = _session()
    await _publish(rt, [first])
    await run_pipeline(rt)
    await _publish(rt, [compaction])
    await run_pipeline(rt)
    (cursor,) = await rows(rt, "cursors")
    assert cursor.turn == 2
    runs = await rows(rt, "runs")
    assert [(r.from_turn, r.to_turn) for r in runs] == [(1, 1), (2, 2)]
    assert await rows(rt, "turns") == [] and await rows(rt, "messages") == []
    assert _found(await _transcripts(rt), SAID) == []


async def test_by_default_the_same_turns_are_kept_for_the_retention_window(
    settings_factory: Any, redis: ArqRedis
) -> None:
    rt = await open_keeping(settings_factory, redis, "window")
    try:
        await _publish(rt, _session())
        await run_pipeline(rt)
        assert _found(await _transcripts(rt), SAID) == sorted(SAID)
        assert await rows(rt, "session_fragments") != []
    finally:
        await rt.close()


class Refusing:
    """An extractor whose every run fails for good."""

    name = "rules"

    async def extract(self, batch: ExtractionBatch, memories: MemoryReader) -> Proposal:
        raise PermanentExtractionError("the model refused the request")


async def test_a_turn_not_extracted_is_kept_and_goes_with_the_run_that_extracts_it(
    rt: Container,
) -> None:
    first, _ = _session()
    await _publish(rt, [first])
    await rt.dispatcher(consumer="d").run(burst=True)
    working = rt.extractor
    rt.extractor = Refusing()
    await rt.runner().run(SESSION, tenant="")
    assert _found(await _transcripts(rt), SAID) == ["arguments", "spill", "tool", "user"]
    assert len(await rows(rt, "messages")) == 4
    rt.extractor = working
    report = await rt.runner().run(SESSION, tenant="")
    assert report.to_turn == 1
    assert await rows(rt, "messages") == [] and await rows(rt, "turns") == []
    assert not any(Path(rt.settings.truncation.dir).glob("mt-*"))


async def test_switched_on_later_retention_removes_every_passed_turn_whatever_its_age(
    settings_factory: Any, redis: ArqRedis
) -> None:
    """Turns kept under the window, then the setting changed: the next retention pass takes
    every passed turn and every window and summary, but not a turn still to extract."""
    before = await open_keeping(settings_factory, redis, "window")
    try:
        first, compaction = _session()
        await _publish(before, [first, compaction])
        await run_pipeline(before)
        still = [{"id": "u3", "role": "user", "content": "Still open."}]
        third = turn_event(SESSION, 3, messages=still)
        await _publish(before, [third])
        await before.dispatcher(consumer="d").run(burst=True)
        assert await rows(before, "session_fragments") != []
    finally:
        await before.close()
    after = await open_keeping(settings_factory, redis)
    try:
        policy = RetentionPolicy.of(after.settings.maintenance)
        assert policy.transcripts == timedelta(0)
        now = T0 + timedelta(minutes=1)  # the fake clock's day, after every turn
        counts = await prune_store(after.store, policy, now=now)
        assert counts["turns"] == 2 and counts["session_fragments"] >= 1
        left = await rows(after, "turns")
        assert [t.turn for t in left] == [3]
        assert await rows(after, "session_fragments") == []
        assert await rows(after, "session_summaries") == []
    finally:
        await after.close()
