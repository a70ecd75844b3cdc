"""``MEMORYD_MAINTENANCE__KEEP_TRANSCRIPTS=until_extracted``: a turn lives only until it is
extracted. What the secret rules miss in a transcript then stays no longer than the run
that reads it: the turn, its messages, its spilled output and its compaction summary go in
the transaction that moves the cursor past it, and no session window or rolling summary is
cut from it. A turn not extracted yet is kept (nothing is lost); the default keeps
transcripts for the retention window. Through the real dispatcher and worker, on fakeredis
+ SQLite and on the real Redis + PostgreSQL."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from arq.connections import ArqRedis

from daemon.app.container import Container, open_container
from daemon.base.errors import PermanentExtractionError
from daemon.events.models import TurnEvent
from daemon.extraction.base import ExtractionBatch, MemoryReader, Proposal
from daemon.maintenance.retention import RetentionPolicy, prune_store
from daemon.store.tables import metadata
from tests.harness import publisher, rows, run_pipeline

SESSION = "s-forgotten"
#: One word per field a turn stores, none of them a secret any rule knows, so that only
#: forgetting the turn can keep it out of the store.
SAID = {
    "user": "Quetzalcoatl",
    "arguments": "Zanzibarian",
    "tool": "Xylophonist",
    "spill": "Kilimanjaro",
    "summary": "Tegucigalpa",
}
#: The host's prompt and schemas: the session's, kept for the next run's fork.
HOST = {"prompt": "Ouagadougou", "schema": "Vladivostok"}
TRANSCRIPT_TABLES = ("messages", "turns", "agent_turns", "session_fragments", "session_summaries")


def _event(turn: int, **fields: Any) -> TurnEvent:
    data: dict[str, Any] = {
        "v": 1,
        "event_id": f"{SESSION}:{turn}",
        "session_id": SESSION,
        "turn": turn,
        "at": f"2026-11-17T09:0{turn}:00Z",
        "scope": {"project": "github.com/acme/billing", "user": "dana"},
        "host": {
            "system_prompt": f"You are Coder. Office: {HOST['prompt']}.",
            "tools": [
                {
                    "type": "function",
                    "function": {
                        "name": "bash",
                        "description": f"Run a command in {HOST['schema']}.",
                        "parameters": {"type": "object", "properties": {}},
                    },
                }
            ],
        },
        **fields,
    }
    return TurnEvent.model_validate(data)


def _session() -> list[TurnEvent]:
    spilled = [f"line {i}" for i in range(2100)]
    spilled[1500] = f"the build ran in {SAID['spill']}"
    arguments = json.dumps({"command": f"ls /srv/{SAID['arguments']}"})
    call = {"id": "c1", "type": "function", "function": {"name": "bash", "arguments": arguments}}
    return [
        _event(
            1,
            messages=[
                {
                    "id": "u1",
                    "role": "user",
                    "content": f"The staging gate phrase is {SAID['user']} this week.",
                },
                {"id": "a1", "role": "assistant", "content": None, "tool_calls": [call]},
                {"id": "t1", "role": "tool", "tool_call_id": "c1", "content": SAID["tool"]},
                {"id": "t2", "role": "tool", "tool_call_id": "c1", "content": "\n".join(spilled)},
                {"id": "a2", "role": "assistant", "content": "We always deploy with uv."},
            ],
        ),
        _event(
            2,
            kind="compaction",
            summary=f"The team moved its staging to {SAID['summary']}.",
            messages=[],
        ),
    ]


async def _transcripts(rt: Container) -> str:
    """Every transcript row and every truncation file, as one text."""
    parts: list[str] = []
    async with rt.store.connect() as conn:
        for name in (*TRANSCRIPT_TABLES, "sessions"):
            for row in await conn.execute(sa.select(metadata.tables[name])):
                parts.append(repr(tuple(row)))
    root = Path(rt.settings.truncation.dir)
    for path in sorted(root.iterdir()) if root.exists() else ():
        parts.append(path.read_bytes().decode("latin-1"))
    return "\n".join(parts)


def _found(text: str, words: dict[str, str]) -> list[str]:
    return sorted(field for field, word in words.items() if word in text)


async def _open(settings_factory: Any, redis: ArqRedis, keep: str | None) -> Container:
    maintenance = {"keep_transcripts": keep} if keep else {}
    return await open_container(settings_factory(maintenance=maintenance), redis=redis)


async def _publish(rt: Container, events: list[TurnEvent]) -> None:
    for event in events:
        await publisher(rt).publish(event)


async def test_an_extracted_turn_is_gone_with_its_spill_and_summary_and_no_window_is_cut(
    settings_factory: Any, redis: ArqRedis
) -> None:
    rt = await _open(settings_factory, redis, "until_extracted")
    try:
        await _publish(rt, _session())
        await run_pipeline(rt)
        (cursor,) = await rows(rt, "cursors")
        assert cursor.turn == 2
        kept = await _transcripts(rt)
        assert _found(kept, SAID) == []
        assert _found(kept, HOST) == sorted(HOST)  # the session's host, for the next fork
        for name in TRANSCRIPT_TABLES:
            assert await rows(rt, name) == [], name
        assert not any(Path(rt.settings.truncation.dir).glob("mt-*"))
        (session,) = await rows(rt, "sessions")
        assert (session.last_turn, session.extracted_turn) == (2, 2)
        runs = await rows(rt, "runs")
        assert runs and all(r.outcome != "failed" for r in runs)
    finally:
        await rt.close()


async def test_turns_after_a_forgotten_one_are_extracted_as_usual(
    settings_factory: Any, redis: ArqRedis
) -> None:
    """The cursor, not the stored turns, says where a session stands: a turn published after
    the earlier ones were forgotten is extracted and forgotten in its turn."""
    rt = await _open(settings_factory, redis, "until_extracted")
    try:
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
    finally:
        await rt.close()


async def test_by_default_the_same_turns_are_kept_for_the_retention_window(
    settings_factory: Any, redis: ArqRedis
) -> None:
    rt = await _open(settings_factory, redis, None)
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
    settings_factory: Any, redis: ArqRedis
) -> None:
    rt = await _open(settings_factory, redis, "until_extracted")
    try:
        first, _ = _session()
        await _publish(rt, [first])
        await rt.dispatcher(consumer="d").run(burst=True)
        working = rt.extractor
        rt.extractor = Refusing()
        await rt.runner().run(SESSION, tenant="")
        assert _found(await _transcripts(rt), SAID) == ["arguments", "spill", "tool", "user"]
        assert len(await rows(rt, "messages")) == 5
        rt.extractor = working
        report = await rt.runner().run(SESSION, tenant="")
        assert report.to_turn == 1
        assert await rows(rt, "messages") == [] and await rows(rt, "turns") == []
        assert not any(Path(rt.settings.truncation.dir).glob("mt-*"))
    finally:
        await rt.close()


async def test_switched_on_later_retention_removes_every_passed_turn_whatever_its_age(
    settings_factory: Any, redis: ArqRedis
) -> None:
    """Turns kept under the window, then the setting changed: the next retention pass takes
    every passed turn and every window and summary, but not a turn still to extract."""
    before = await _open(settings_factory, redis, None)
    try:
        first, compaction = _session()
        await _publish(before, [first, compaction])
        await run_pipeline(before)
        third = _event(3, messages=[{"id": "u3", "role": "user", "content": "Still open."}])
        await _publish(before, [third])
        await before.dispatcher(consumer="d").run(burst=True)
        assert await rows(before, "session_fragments") != []
    finally:
        await before.close()
    after = await _open(settings_factory, redis, "until_extracted")
    try:
        policy = RetentionPolicy.of(after.settings.maintenance)
        assert policy.transcripts == timedelta(0)
        now = datetime.now(UTC)
        counts = await prune_store(after.store, policy, now=now)
        assert counts["turns"] == 2 and counts["session_fragments"] >= 1
        left = await rows(after, "turns")
        assert [t.turn for t in left] == [3]
        assert await rows(after, "session_fragments") == []
        assert await rows(after, "session_summaries") == []
    finally:
        await after.close()
