"""The dispatcher judges each event on its own: a refused or crashing event is dead-lettered
once with its real reason, every other event of its batch is stored whole, and a batch is one
transaction on both backends. Checked per message, not per turn."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from daemon.app.container import Container
from daemon.dispatcher.prepare import Preparer
from daemon.store.tables import messages, turns
from daemon.store.transcripts import pgbulk
from tests.backends import REAL
from tests.harness import rows

AT = "2026-10-05T14:00:00+00:00"


def event(
    session: str,
    turn: int,
    *message_ids: str,
    project: str = "acme/app",
    kind: str = "turn",
    **extra: Any,
) -> dict[str, Any]:
    return {
        "v": 1,
        "event_id": f"{session}-{turn}-{'-'.join(message_ids) or 'none'}-{project}",
        "session_id": session,
        "turn": turn,
        "at": AT,
        "scope": {"project": project, "user": "ana"},
        "kind": kind,
        "messages": [
            {"id": mid, "role": "user", "content": f"message {mid} of {session}:{turn}"}
            for mid in message_ids
        ],
        **extra,
    }


async def publish(rt: Container, *events: dict[str, Any] | bytes) -> list[str]:
    ids = []
    for item in events:
        payload = item if isinstance(item, bytes) else json.dumps(item).encode()
        ids.append(await rt.redis.xadd(rt.keys.stream, {"event": payload}))
    return ids


async def stored_messages(rt: Container) -> dict[tuple[str, str], tuple[int, str]]:
    return {
        (row.session_id, row.message_id): (row.turn, row.content)
        for row in await rows(rt, "messages")
    }


async def dead_reasons(rt: Container) -> list[str]:
    return [f[b"reason"].decode() for _, f in await rt.redis.xrange(rt.keys.dead)]


async def pending(rt: Container) -> int:
    info = await rt.redis.xpending(rt.keys.stream, rt.keys.group)
    return int(info["pending"])


async def dispatch(rt: Container) -> None:
    dispatcher = rt.dispatcher(consumer="d")
    await dispatcher.run(burst=True)


async def test_reused_message_id_refuses_its_event_and_not_the_batch(runtime: Container) -> None:
    """Turn 1 of A holds m1; one batch then brings A:2 reusing m1 and B:2 with a fresh id: A:2
    is dead-lettered naming the message id, B:2 is stored with its message (on PostgreSQL B:2
    used to be stored with message_count 1 and no message row)."""
    await publish(runtime, event("A", 1, "m1"))
    await dispatch(runtime)
    await publish(runtime, event("A", 2, "m1"), event("B", 2, "b1"))
    await dispatch(runtime)

    stored = await stored_messages(runtime)
    assert stored[("A", "m1")] == (1, "message m1 of A:1")
    assert stored[("B", "b1")] == (2, "message b1 of B:2")
    assert len(stored) == 2
    reasons = await dead_reasons(runtime)
    assert len(reasons) == 1
    assert "m1" in reasons[0]
    turn_rows = {(r.session_id, r.turn): r.message_count for r in await rows(runtime, "turns")}
    assert turn_rows == {("A", 1): 1, ("B", 2): 1}
    assert await pending(runtime) == 0


async def test_one_refused_event_among_ten_good_ones_stalls_nothing(runtime: Container) -> None:
    """Ten good events and one the store refuses (a NUL byte in a tool message's name): the
    ten are stored whole, the one dead-lettered, nothing stays pending, and the dispatcher goes
    on with what comes next."""
    await publish(runtime, event("S", 1, "first"))
    await dispatch(runtime)
    bad = event("S", 2, "x")
    bad["messages"] = [
        {"id": "t1", "role": "tool", "content": "out", "tool_call_id": "c1", "name": "gre\x00p"}
    ]
    good = [event(f"G{i}", 1, f"g{i}a", f"g{i}b") for i in range(10)]
    await publish(runtime, *good[:5], bad, *good[5:])
    await dispatch(runtime)
    await publish(runtime, event("later", 1, "l1"))
    await dispatch(runtime)

    stored = await stored_messages(runtime)
    for i in range(10):
        assert stored[(f"G{i}", f"g{i}a")][0] == 1
        assert stored[(f"G{i}", f"g{i}b")][0] == 1
    assert ("later", "l1") in stored
    assert ("S", "t1") not in stored
    assert len(stored) == 22
    reasons = await dead_reasons(runtime)
    assert len(reasons) == 1
    assert "delivered" not in reasons[0]
    assert await pending(runtime) == 0


async def test_an_unexpected_error_in_one_event_dead_letters_that_event_only(
    runtime: Container, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug or a crash while preparing one event (here a RecursionError) is that event's dead
    letter, with the real exception as its reason; its nine neighbours are stored."""
    original = Preparer.prepare

    def exploding(self: Preparer, event: Any, entry_id: str = "") -> Any:
        if event.session_id == "boom":
            raise RecursionError("maximum recursion depth exceeded")
        return original(self, event, entry_id)

    monkeypatch.setattr(Preparer, "prepare", exploding)
    good = [event(f"G{i}", 1, f"g{i}") for i in range(9)]
    await publish(runtime, *good[:4], event("boom", 1, "x"), *good[4:])
    await dispatch(runtime)

    stored = await stored_messages(runtime)
    assert sorted(stored) == sorted((f"G{i}", f"g{i}") for i in range(9))
    reasons = await dead_reasons(runtime)
    assert len(reasons) == 1
    assert "RecursionError" in reasons[0]
    assert await pending(runtime) == 0


async def test_an_unexpected_error_while_storing_one_event_spares_the_batch(
    runtime: Container, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An exception the store code did not expect (an OverflowError computing one event's
    expiry) costs that event alone: dead-lettered with the real reason, the others stored."""
    from daemon.store.transcripts import ingest as ingest_module

    original = ingest_module._turn_row

    def overflowing(prepared: Any, now: Any) -> Any:
        if prepared.event.session_id == "far":
            raise OverflowError("date value out of range")
        return original(prepared, now)

    monkeypatch.setattr(ingest_module, "_turn_row", overflowing)
    good = [event(f"G{i}", 1, f"g{i}") for i in range(5)]
    await publish(runtime, *good[:2], event("far", 1, "f"), *good[2:])
    await dispatch(runtime)

    stored = await stored_messages(runtime)
    assert sorted(stored) == sorted((f"G{i}", f"g{i}") for i in range(5))
    reasons = await dead_reasons(runtime)
    assert len(reasons) == 1
    assert "OverflowError" in reasons[0]
    assert await pending(runtime) == 0


def big_tool_event(
    session: str, turn: int, message_id: str, text: str, **kw: Any
) -> dict[str, Any]:
    payload = event(session, turn, **kw)
    payload["event_id"] = f"{session}-{turn}-{message_id}-{kw.get('project', 'acme/app')}"
    payload["messages"] = [
        {"id": message_id, "role": "tool", "tool_call_id": "c1", "content": text}
    ]
    return payload


def spill_files(rt: Container) -> dict[str, str]:
    root = Path(rt.settings.truncation.dir)
    if not root.exists():
        return {}
    return {p.name: p.read_text() for p in root.iterdir()}


async def test_a_refused_event_writes_no_spill_and_cannot_overwrite_the_owners(
    runtime: Container,
) -> None:
    """An event claiming a session of another scope, with a big tool output under the same
    message id as the owner's, is dead-lettered and leaves the owner's spill file untouched;
    an event the store refuses (a reused message id) leaves no file either."""
    owner_text = "owner line\n" * 3000
    await publish(runtime, big_tool_event("S", 1, "m1", owner_text))
    await dispatch(runtime)
    before = spill_files(runtime)
    assert list(before.values()) == [owner_text]

    attacker = big_tool_event("S", 2, "m1", "attacker line\n" * 3000, project="evil/repo")
    reused = big_tool_event("S", 3, "m1", "reused line\n" * 3000)
    await publish(runtime, attacker, reused)
    await dispatch(runtime)

    assert spill_files(runtime) == before
    reasons = await dead_reasons(runtime)
    assert len(reasons) == 2
    assert any("belongs to scope" in r for r in reasons)
    assert any("already holds message id 'm1'" in r for r in reasons)


async def test_spill_files_of_a_transaction_that_does_not_commit_are_removed(
    runtime: Container, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store goes away at the commit, after the spills were written: the files go too,
    the entry stays pending, and the retry stores the turn with its file."""
    store = runtime.store
    original = type(store).begin
    failures = [OSError("connection reset at commit")]

    @asynccontextmanager
    async def failing_begin(self: Any) -> AsyncIterator[Any]:
        async with original(self) as conn:
            yield conn
            if failures:
                raise failures.pop()

    monkeypatch.setattr(type(store), "begin", failing_begin)
    seen: list[dict[str, str]] = []
    real_remove = runtime.truncation.__class__.remove

    def remove(self: Any, names: Any) -> None:
        names = list(names)
        seen.append({n: (Path(self.root) / n).read_text()[:5] for n in names})
        real_remove(self, names)

    monkeypatch.setattr(runtime.truncation.__class__, "remove", remove)
    text = "spilled\n" * 3000
    await publish(runtime, big_tool_event("S", 1, "m1", text))
    await dispatch(runtime)

    assert seen and list(seen[0].values()) == ["spill"]
    assert list(spill_files(runtime).values()) == [text]
    stored = await stored_messages(runtime)
    assert "truncation file mt-" in stored[("S", "m1")][1]
    assert await pending(runtime) == 0
    assert await dead_reasons(runtime) == []


@pytest.mark.parametrize("backend", [REAL], indirect=True)
async def test_a_postgresql_bulk_batch_is_one_transaction(runtime: Container) -> None:
    """What the bulk paths write inside a transaction that rolls back is gone: the first
    statement of a batch may be a bulk one (a warm scope cache), and it must not commit alone."""

    class Rollback(Exception):
        pass

    row = {
        "session_id": "S",
        "turn": 1,
        "tenant": "",
        "project": "p",
        "user": "",
        "event_id": "e1",
        "kind": "turn",
        "at": datetime(2026, 10, 5, tzinfo=UTC),
        "received_at": datetime(2026, 10, 5, tzinfo=UTC),
        "message_count": 0,
        "main_agent_saved": False,
        "redactions": 0,
        "spilled": 0,
    }
    with pytest.raises(Rollback):
        async with runtime.store.begin() as conn:
            await pgbulk.insert_unnest(conn, turns, [row], "ON CONFLICT DO NOTHING")
            message = {
                "session_id": "S",
                "message_id": "m",
                "tenant": "",
                "project": "p",
                "user": "",
                "turn": 1,
                "seq": 0,
                "role": "user",
                "content": "x",
                "at": pgbulk.naive_utc(datetime(2026, 10, 5, tzinfo=UTC)),
            }
            await pgbulk.copy_records(conn, messages, list(message), [tuple(message.values())])
            raise Rollback
    async with runtime.store.connect() as conn:
        counts = [
            (await conn.execute(sa.select(sa.func.count()).select_from(t))).scalar_one()
            for t in (turns, messages)
        ]
    assert counts == [0, 0]
