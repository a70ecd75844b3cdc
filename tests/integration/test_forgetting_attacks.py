"""Attacks on ``keep_transcripts = until_extracted``: nothing not extracted yet is ever
deleted (a turn stored while a run is in flight, a turn after a gap, a gap filled during a
run, a mark of the main agent's write in a turn still to come, another tenant's session of
the same id, a run rolled back by a conflict), a spill file is removed only with its
message and never through a symlink, a repeated event is not taken for a lost one, and what
reads transcripts still works. Through the real dispatcher and runner, on fakeredis + SQLite
and on the real Redis + PostgreSQL."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from arq.connections import ArqRedis

from daemon.admin.erasure import erase_user
from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.events.models import TurnEvent
from daemon.extraction.base import ExtractionBatch, MemoryReader, Proposal
from daemon.extraction.outcome import RunOutcome
from daemon.maintenance.retention import RetentionPolicy, prune_store
from daemon.store.tables import cursors
from daemon.store.transcripts import agent_turns
from daemon.store.truncation import TruncationStore
from tests.harness import publisher, rows, run_pipeline
from tests.integration.planted_session import T0, open_keeping, planted_session, rt, turn_event

__all__ = ["rt"]  # the fixture, for this module

SESSION = "s-attacked"
SCOPE = ScopeKey("github.com/acme/billing", "dana")


def _said(turn: int, text: str, *, session: str = SESSION, **fields: Any) -> TurnEvent:
    messages = [{"id": f"u{turn}", "role": "user", "content": text}]
    return turn_event(session, turn, messages=messages, **fields)


def _spilled(turn: int, *, same_ids: bool = False) -> TurnEvent:
    """Turn ``turn``: a tool output long enough to be spilled to a truncation file (its
    messages' ids those of every other turn so made, with ``same_ids``)."""
    data = planted_session(SESSION)[0].model_dump()
    for message in data["messages"]:
        message["id"] = message["id"] if same_ids else f"{message['id']}-{turn}"
    return TurnEvent.model_validate({**data, "turn": turn, "event_id": f"{SESSION}:{turn}"})


async def _store(rt: Container, *events: TurnEvent) -> None:
    """Publish and dispatch (store) the events, without running extraction."""
    for event in events:
        await publisher(rt).publish(event)
    await rt.dispatcher(consumer="d").run(burst=True)


def _spills(rt: Container) -> set[str]:
    return set(rt.truncation.names())


class Meanwhile:
    """The session's extractor, with ``during`` run once while its first run is in flight
    (between the run's load and its commit)."""

    name = "rules"

    def __init__(self, inner: Any, during: Callable[[], Awaitable[None]]) -> None:
        self.inner = inner
        self.during: Callable[[], Awaitable[None]] | None = during

    async def extract(self, batch: ExtractionBatch, memories: MemoryReader) -> Proposal:
        if self.during is not None:
            during, self.during = self.during, None
            await during()
        proposal: Proposal = await self.inner.extract(batch, memories)
        return proposal


async def test_a_turn_stored_while_a_run_is_in_flight_is_kept_with_its_spill(rt: Container) -> None:
    await _store(rt, _said(1, "We always deploy from the main branch."))
    rt.runner()  # builds the extractor
    rt.extractor = Meanwhile(rt.extractor, lambda: _store(rt, _spilled(2)))
    report = await rt.runner().run(SESSION, tenant="")
    assert (report.outcome, report.to_turn) == (RunOutcome.WROTE, 1)
    assert [t.turn for t in await rows(rt, "turns")] == [2]
    assert len(await rows(rt, "messages")) == 4
    kept = _spills(rt)
    assert len(kept) == 1
    rt.extractor = rt.extractor.inner
    report = await rt.runner().run(SESSION, tenant="")
    assert report.to_turn == 2
    assert await rows(rt, "turns") == [] and _spills(rt) == set()


async def test_turns_after_a_gap_are_kept_while_the_gap_waits(rt: Container) -> None:
    await _store(rt, _said(1, "We always deploy from main."), _said(3, "The third turn."))
    first = await rt.runner().run(SESSION, tenant="")
    assert first.to_turn == 1
    waiting = await rt.runner().run(SESSION, tenant="")
    assert waiting.outcome == RunOutcome.WAITING
    assert [t.turn for t in await rows(rt, "turns")] == [3]
    await _store(rt, _said(2, "The second turn."))
    done = await rt.runner().run(SESSION, tenant="")
    assert (done.from_turn, done.to_turn) == (2, 3)
    assert await rows(rt, "turns") == [] and await rows(rt, "messages") == []


async def test_a_gap_filled_while_a_run_skips_it_is_not_forgotten_unread(rt: Container) -> None:
    """The gap timed out and the run skips turn 2; turn 2 arrives before the run commits:
    the run must not delete a turn it never read (it rolls back and plans again)."""
    await _store(rt, _said(1, "One."))
    assert (await rt.runner().run(SESSION, tenant="")).to_turn == 1
    await _store(rt, _said(3, "Three."))
    assert isinstance(rt.clock, FakeClock)
    rt.clock.advance(rt.settings.extraction.gap_timeout_s + 1)
    rt.runner()
    rt.extractor = Meanwhile(rt.extractor, lambda: _store(rt, _said(2, "Two, late.")))
    report = await rt.runner().run(SESSION, tenant="")
    kept = sorted(t.turn for t in await rows(rt, "turns"))
    assert report.outcome == RunOutcome.CONFLICT, report
    assert kept == [2, 3]
    again = await rt.runner().run(SESSION, tenant="")
    assert (again.from_turn, again.to_turn) == (2, 3)
    assert await rows(rt, "turns") == []


async def test_the_mark_of_a_main_agent_write_in_a_turn_still_to_come_is_kept(
    rt: Container,
) -> None:
    """The main agent saved in turn 2 before turn 2's event was sent: the run over turn 1
    keeps that mark, and the guard then skips turn 2; only then is the mark gone."""
    await _store(rt, _said(1, "Hello."))
    async with rt.store.begin() as conn:
        await agent_turns.record(conn, SESSION, 1, SCOPE, T0)
        await agent_turns.record(conn, SESSION, 2, SCOPE, T0)
    report = await rt.runner().run(SESSION, tenant="")
    assert (report.outcome, report.to_turn) == (RunOutcome.SKIPPED, 1)
    assert [m.turn for m in await rows(rt, "agent_turns")] == [2]
    await _store(rt, _said(2, "We always deploy from the main branch."))
    guarded = await rt.runner().run(SESSION, tenant="")
    assert (guarded.outcome, guarded.to_turn) == (RunOutcome.SKIPPED, 2)
    assert await rows(rt, "memories") == []
    assert await rows(rt, "agent_turns") == [] and await rows(rt, "turns") == []


async def test_forgetting_one_tenants_session_keeps_another_tenants_session_of_that_id(
    rt: Container,
) -> None:
    scope = {"project": "github.com/acme/billing", "user": "dana"}
    mine = _spilled(1).model_copy(update={"event_id": "a:1"})
    mine = TurnEvent.model_validate({**mine.model_dump(), "scope": {**scope, "tenant": "a"}})
    theirs = TurnEvent.model_validate(
        {**mine.model_dump(), "event_id": "b:1", "scope": {**scope, "tenant": "b"}}
    )
    await _store(rt, mine, theirs)
    assert len(_spills(rt)) == 2
    async with rt.store.begin() as conn:
        await agent_turns.record(
            conn, SESSION, 1, ScopeKey(SCOPE.project, SCOPE.user, tenant="b"), T0
        )
    report = await rt.runner().run(SESSION, tenant="a")
    assert report.to_turn == 1
    left = await rows(rt, "turns")
    assert [(t.tenant, t.turn) for t in left] == [("b", 1)]
    assert {m.tenant for m in await rows(rt, "messages")} == {"b"}
    assert [m.tenant for m in await rows(rt, "agent_turns")] == ["b"]
    assert len(_spills(rt)) == 1
    assert (await rt.runner().run(SESSION, tenant="b")).to_turn == 1
    assert _spills(rt) == set() and await rows(rt, "turns") == []


async def test_a_run_rolled_back_by_a_cursor_conflict_forgets_nothing(rt: Container) -> None:
    await _store(rt, _spilled(1))

    async def move_the_cursor() -> None:  # another run's commit, as the store sees it
        async with rt.store.begin() as conn:
            await conn.execute(sa.update(cursors).values(version=cursors.c.version + 1))

    rt.runner()
    rt.extractor = Meanwhile(rt.extractor, move_the_cursor)
    report = await rt.runner().run(SESSION, tenant="")
    assert report.outcome == RunOutcome.CONFLICT
    assert [t.turn for t in await rows(rt, "turns")] == [1]
    assert len(await rows(rt, "messages")) == 4 and len(_spills(rt)) == 1


async def test_a_repeated_event_after_its_turn_was_forgotten_is_not_counted_late(
    rt: Container,
) -> None:
    """A redelivery (the dispatcher died between the store's commit and its XACK, and the
    turn was extracted and forgotten meanwhile) is the same event again: counting it as a
    late turn tells the operator a turn was lost when none was."""
    event = _said(1, "We always deploy from the main branch.")
    await _store(rt, event)
    assert (await rt.runner().run(SESSION, tenant="")).to_turn == 1
    dispatcher = rt.dispatcher(consumer="d")
    await publisher(rt).publish(event)
    await dispatcher.run(burst=True)
    (session,) = await rows(rt, "sessions")
    assert session.late_turns == 0
    assert (dispatcher.stats.stored, dispatcher.stats.duplicates) == (0, 1)
    assert await rows(rt, "turns") == [] and await rows(rt, "messages") == []
    assert await rt.redis.xlen(rt.keys.dead) == 0


async def test_a_repeat_a_dispatcher_did_not_see_coming_is_taken_back_under_the_lock(
    rt: Container,
) -> None:
    """The dispatcher that gets the repeat last saw the session before the turn was stored
    (another dispatcher stored it), so it takes the turn for a new one and stores it: once
    the session's row is locked and the turn is found behind the cursor, its tombstone
    names it a repeat, and what was stored of it is taken back."""
    first, second = rt.dispatcher(consumer="a"), rt.dispatcher(consumer="b")
    await publisher(rt).publish(_said(1, "One."))
    await first.run(burst=True)
    event = _spilled(2)
    await publisher(rt).publish(event)
    await second.run(burst=True)
    assert (await rt.runner().run(SESSION, tenant="")).to_turn == 2
    assert await rows(rt, "turns") == [] and _spills(rt) == set()
    await publisher(rt).publish(event)
    await first.run(burst=True)
    (session,) = await rows(rt, "sessions")
    assert session.late_turns == 0
    assert (first.stats.stored, first.stats.duplicates) == (1, 1)
    assert await rows(rt, "turns") == [] and await rows(rt, "messages") == []
    assert _spills(rt) == set()


async def test_another_event_at_a_forgotten_turn_is_dead_lettered_as_while_it_was_kept(
    rt: Container,
) -> None:
    await _store(rt, _said(1, "One."))
    assert (await rt.runner().run(SESSION, tenant="")).to_turn == 1
    other = _said(1, "One, said otherwise.").model_copy(update={"event_id": "other"})
    changed = _said(1, "One, changed.")
    await _store(rt, other, changed)
    reasons = [f[b"reason"].decode() for _, f in await rt.redis.xrange(rt.keys.dead)]
    assert len(reasons) == 2
    assert "stored under event_id s-attacked:1" in reasons[0]
    assert "different content" in reasons[1]
    (session,) = await rows(rt, "sessions")
    assert session.late_turns == 0 and await rows(rt, "turns") == []


async def test_a_forgotten_turn_leaves_no_text_and_its_tombstone_goes_with_the_window(
    rt: Container,
) -> None:
    """The tombstone holds the turn's ids and a digest, never its words; retention removes
    it once the transcript window has passed since the turn was received, and then the
    event delivered again is stored as a late turn, as it would be with ``window``."""
    event = _said(1, "We always deploy from Quetzalcoatl.")
    await _store(rt, event)
    await rt.runner().run(SESSION, tenant="")
    (tomb,) = await rows(rt, "forgotten_turns")
    assert (tomb.session_id, tomb.turn, tomb.event_id) == (SESSION, 1, event.event_id)
    assert "Quetzalcoatl" not in repr(tuple(tomb))
    policy = RetentionPolicy.of(rt.settings.maintenance)
    window = timedelta(days=rt.settings.maintenance.message_retention_days)
    counts = await prune_store(rt.store, policy, now=T0 + window - timedelta(seconds=1))
    assert counts["forgotten_turns"] == 0 and len(await rows(rt, "forgotten_turns")) == 1
    counts = await prune_store(rt.store, policy, now=T0 + window + timedelta(seconds=1))
    assert counts["forgotten_turns"] == 1 and await rows(rt, "forgotten_turns") == []
    await _store(rt, event)
    (session,) = await rows(rt, "sessions")
    assert session.late_turns == 1


async def test_tombstones_go_with_their_users_erasure(rt: Container) -> None:
    await _store(rt, _said(1, "One."))
    await rt.runner().run(SESSION, tenant="")
    assert len(await rows(rt, "forgotten_turns")) == 1
    report = await erase_user(
        rt.store, rt.redis, rt.keys, rt.truncation, rt.clock,
        user="dana", tenant=None, projects=None,
    )  # fmt: skip
    assert report.removed["forgotten_turns"] == 1
    assert await rows(rt, "forgotten_turns") == [] and await rows(rt, "sessions") == []


class HeldRemovals:
    """A truncation store whose removals wait until :meth:`release` (the moment between a
    run's commit and its removal of the forgotten turns' spill files, held open)."""

    def __init__(self, inner: TruncationStore) -> None:
        self.inner = inner
        self.held: list[str] = []

    def remove(self, names: Iterable[str]) -> None:
        self.held += names

    def release(self) -> None:
        self.inner.remove(self.held)


async def test_a_turn_reusing_a_forgotten_message_id_keeps_its_spill(rt: Container) -> None:
    """A message id is unique within a session only while its message is stored: once turn
    1 is forgotten, turn 2 may use its ids again. Turn 2 stored between the run's commit and
    its removal of turn 1's spill files keeps its own spill file."""
    await _store(rt, _spilled(1, same_ids=True))
    runner = rt.runner()
    held = HeldRemovals(rt.truncation)
    runner.truncation = held  # type: ignore[assignment]
    assert (await runner.run(SESSION, tenant="")).to_turn == 1
    await _store(rt, _spilled(2, same_ids=True))
    held.release()
    (tool,) = [m for m in await rows(rt, "messages") if "truncation file" in (m.content or "")]
    (name,) = re.findall(r"truncation file (mt-[0-9a-f]{32}\.txt)", tool.content)
    assert _spills(rt) == {name}
    assert "Kilimanjaro" in rt.truncation.read(name)


async def test_a_spill_named_before_the_turn_was_in_names_goes_with_its_turn(
    rt: Container,
) -> None:
    """A file spilled before the turn was part of the name (an upgrade with turns still
    to extract) is removed with its turn all the same."""
    await _store(rt, _spilled(1))
    (name,) = _spills(rt)
    before = TruncationStore.file_name(SCOPE, SESSION, "t2-1", None)
    (Path(rt.settings.truncation.dir) / name).rename(Path(rt.settings.truncation.dir) / before)
    assert _spills(rt) == {before}
    assert (await rt.runner().run(SESSION, tenant="")).to_turn == 1
    assert _spills(rt) == set()


def test_removing_spills_never_follows_a_symlink_or_leaves_the_root(tmp_path: Path) -> None:
    root, outside = tmp_path / "truncations", tmp_path / "precious.txt"
    root.mkdir()
    outside.write_text("keep me")
    store = TruncationStore(root)
    name = TruncationStore.file_name(SCOPE, SESSION, "t1", 1)
    (root / name).symlink_to(outside)
    store.remove([name])
    assert outside.read_text() == "keep me"
    with pytest.raises(ValueError):
        store.remove(["../precious.txt"])
    assert outside.exists()


async def test_switched_back_to_the_window_a_forgotten_session_goes_on(
    settings_factory: Any, redis: ArqRedis
) -> None:
    """Turns forgotten, then the setting back to ``window``: the next turn is extracted,
    kept, and folded into a rolling summary of the turns still stored."""
    forgetting = await open_keeping(settings_factory, redis)
    try:
        await publisher(forgetting).publish(_said(1, "We always deploy from main."))
        await run_pipeline(forgetting)
        assert await rows(forgetting, "turns") == []
    finally:
        await forgetting.close()
    keeping = await open_keeping(settings_factory, redis, "window")
    try:
        await publisher(keeping).publish(_said(2, "We always run the tests before a merge."))
        await run_pipeline(keeping)
        (cursor,) = await rows(keeping, "cursors")
        assert cursor.turn == 2
        assert [t.turn for t in await rows(keeping, "turns")] == [2]
        assert len(await rows(keeping, "session_summaries")) == 1
        runs = await rows(keeping, "runs")
        assert all(r.outcome != "failed" for r in runs)
    finally:
        await keeping.close()


async def test_session_windows_and_summaries_are_never_cut_in_this_mode(rt: Container) -> None:
    await publisher(rt).publish(_said(1, "We always deploy from main."))
    await run_pipeline(rt)
    assert await rows(rt, "session_fragments") == []
    assert await rows(rt, "session_summaries") == []
    assert (await rt.runner().run(SESSION, tenant="")).outcome == RunOutcome.IDLE


async def test_a_first_run_may_fork_and_a_later_run_goes_in_delta_mode(
    settings_factory: Any, redis: ArqRedis
) -> None:
    """With earlier turns forgotten, the batch of a later run holds no history: it must not
    fork with a truncated replay of the session."""
    rt = await open_keeping(settings_factory, redis)
    seen: list[ExtractionBatch] = []

    class Recording:
        name = "rules"

        async def extract(self, batch: ExtractionBatch, memories: MemoryReader) -> Proposal:
            seen.append(batch)
            return Proposal()

    try:
        rt.runner()
        rt.extractor = Recording()
        runner = rt.runner()
        runner.config = replace(runner.config, history_max_turns=500)  # as a forking LLM's
        await _store(rt, _said(1, "One."))
        await runner.run(SESSION, tenant="")
        await _store(rt, _said(2, "Two."))
        await runner.run(SESSION, tenant="")
        assert [(b.from_turn, b.history) for b in seen] == [(1, True), (2, False)]
        assert seen[1].context == ()
    finally:
        await rt.close()


async def test_late_turn_is_removed_by_retention_and_never_extracted(rt: Container) -> None:
    """A turn at or behind the cursor (a late one) is kept only until retention's next pass
    (its window is nought), and is never extracted."""
    await _store(rt, _said(1, "One."), _said(3, "Three."))
    assert isinstance(rt.clock, FakeClock)
    rt.clock.advance(rt.settings.extraction.gap_timeout_s + 1)
    await rt.runner().run(SESSION, tenant="")
    report = await rt.runner().run(SESSION, tenant="")
    assert report.to_turn == 3
    await _store(rt, _said(2, "Two, too late."))
    (session,) = await rows(rt, "sessions")
    assert session.late_turns == 1
    assert (await rt.runner().run(SESSION, tenant="")).outcome == RunOutcome.IDLE
    policy = RetentionPolicy.of(rt.settings.maintenance)
    await prune_store(rt.store, policy, now=rt.clock.now() + timedelta(seconds=1))
    assert await rows(rt, "turns") == [] and await rows(rt, "messages") == []
    assert sorted(t.turn for t in await rows(rt, "forgotten_turns")) == [1, 2, 3]
    await _store(rt, _said(2, "Two, too late."))  # the late event once more: a repeat
    (session,) = await rows(rt, "sessions")
    assert session.late_turns == 1 and await rows(rt, "turns") == []


async def test_the_hosts_prompt_is_forgotten_with_the_last_turn_that_sent_it(rt: Container) -> None:
    """The host's prompt and schemas go when the run has read every stored turn; a turn
    stored while the run was in flight keeps them for its own run (its prompt check)."""
    prompted = _spilled(1)  # the planted session's turn: it carries the host's prompt
    await _store(rt, prompted)
    rt.runner()
    rt.extractor = Meanwhile(rt.extractor, lambda: _store(rt, _said(2, "Deploys run on Fridays.")))
    assert (await rt.runner().run(SESSION, tenant="")).to_turn == 1
    (session,) = await rows(rt, "sessions")
    assert session.host_system_prompt is not None  # turn 2 is still to be read
    rt.extractor = rt.extractor.inner
    assert (await rt.runner().run(SESSION, tenant="")).to_turn == 2
    (session,) = await rows(rt, "sessions")
    assert (session.host_system_prompt, session.host_tools) == (None, None)
