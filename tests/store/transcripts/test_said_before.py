"""The last things sessions said up to some of their turns, as the dispatcher reads them: the
chat messages and each turn's last message, of the run of stored turns that ends there,
opened when sealed, never another scope's; many turns in two statements. On both backends."""

from __future__ import annotations

import base64
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import pytest
import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.base.sealing import ENVELOPE, DataKeys, Sealer
from daemon.dispatcher.prepare import CHAT_ROLES, Preparer, SpillPolicy
from daemon.events.models import TurnEvent
from daemon.store.db import Store
from daemon.store.tables import messages
from daemon.store.transcripts.ingest import ingest
from daemon.store.transcripts.said_before import said_up_to

NOW = datetime(2026, 11, 17, 9, tzinfo=UTC)
SCOPE = ScopeKey(project="ward-4w", user="nurse.ops")
SEALER = Sealer(DataKeys.parse("k1:" + base64.b64encode(bytes(32)).decode(), source="test"))


def turn(number: int, *said: tuple[str, str | None]) -> TurnEvent:
    return TurnEvent.model_validate(
        {
            "v": 1,
            "event_id": f"s1-{number}",
            "session_id": "s1",
            "turn": number,
            "at": NOW.isoformat(),
            "scope": {"project": "ward-4w", "user": "nurse.ops"},
            "messages": [
                {"id": f"m{number}-{i}", "role": role, "content": content}
                | ({"tool_call_id": "c"} if role == "tool" else {})
                for i, (role, content) in enumerate(said)
            ],
        }
    )


SESSION = [
    turn(1, ("user", "the pump in bay 2 alarms"), ("assistant", "Which PIN does its menu use?")),
    turn(
        2,
        ("user", "look it up"),
        ("tool", "pump 4W-01: menu locked"),
        ("assistant", "It is locked."),
        ("tool", "service PIN:"),
    ),
    turn(3),
    turn(4, ("user", "ok"), ("assistant", None)),
]


@pytest.fixture(params=["clear", "sealed"])
async def store(runtime: Container, request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    """The test's store, its transcripts sealed or not; the session stored in it."""
    sealer = SEALER if request.param == "sealed" else runtime.store.sealer
    opened = Store(runtime.store.engine, sealer=sealer)
    preparer = Preparer(SpillPolicy(max_lines=100, max_bytes=10_000, preview_lines=3))
    async with opened.begin() as conn:
        await ingest(conn, [preparer.prepare(e) for e in SESSION], NOW)
    yield opened
    await opened.close()


async def read(
    store: Store, last: int, *, at_most: int = 6, scope: ScopeKey = SCOPE
) -> list[tuple[str, str | None]] | None:
    async with store.read() as conn:
        found = await said_up_to(conn, [(scope, "s1", last)], at_most=at_most, roles=CHAT_ROLES)
    return found.get((scope, "s1", last))


async def test_the_chat_and_each_turn_s_last_message_are_read_in_order(store: Store) -> None:
    assert await read(store, 4) == [
        ("user", "the pump in bay 2 alarms"),
        ("assistant", "Which PIN does its menu use?"),
        ("user", "look it up"),
        ("assistant", "It is locked."),
        ("tool", "service PIN:"),  # the last of its turn; the tool output before it is not
        ("user", "ok"),
        ("assistant", None),
    ]


async def test_at_most_the_turns_asked_for_are_read(store: Store) -> None:
    assert await read(store, 4, at_most=2) == [("user", "ok"), ("assistant", None)]
    assert await read(store, 3, at_most=1) == []  # stored, and said nothing


async def test_a_turn_not_stored_is_none_and_the_run_stops_at_one(store: Store) -> None:
    assert await read(store, 5) is None
    assert await read(store, 0) is None
    async with store.begin() as conn:
        preparer = Preparer(SpillPolicy(max_lines=100, max_bytes=10_000, preview_lines=3))
        await ingest(conn, [preparer.prepare(turn(7, ("user", "back again")))], NOW)
    assert await read(store, 7) == [("user", "back again")]  # turns 5 and 6 are missing


async def test_sealed_contents_are_read_opened(runtime: Container, store: Store) -> None:
    async with runtime.store.read() as conn:  # the rows as they are, never opened
        raw = await conn.execute(sa.select(messages.c.content).where(messages.c.turn == 1))
        contents = [row.content for row in raw]
    sealed = store.sealer is SEALER
    assert all(c.startswith(ENVELOPE) == sealed for c in contents), contents
    assert await read(store, 1, at_most=1) == [
        ("user", "the pump in bay 2 alarms"),
        ("assistant", "Which PIN does its menu use?"),
    ]


async def test_another_scope_s_session_is_not_read(store: Store) -> None:
    assert await read(store, 4, scope=ScopeKey(project="ward-4w", user="someone")) is None
    assert await read(store, 4, scope=ScopeKey(project="other", user="nurse.ops")) is None


async def test_many_turns_are_read_in_two_statements(store: Store) -> None:
    """Turns of a session and of others, stored or not: one statement finds the stored ones,
    one reads their messages; none at all for the messages when none is stored."""
    lasts = [
        (SCOPE, "s1", 1),
        (SCOPE, "s1", 4),
        (SCOPE, "nobody", 3),
        (ScopeKey(project="ward-4w"), "s1", 2),  # another scope's
        *((SCOPE, f"s{n}", 1) for n in range(2, 250)),  # more than a chunk, none stored
    ]
    statements: list[str] = []

    def seen(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        statements.append(statement)

    sa.event.listen(sa.engine.Engine, "before_cursor_execute", seen)  # the read pool's too
    try:
        async with store.read() as conn:
            found = await said_up_to(conn, lasts, at_most=2, roles=CHAT_ROLES)
    finally:
        sa.event.remove(sa.engine.Engine, "before_cursor_execute", seen)
    assert found == {
        (SCOPE, "s1", 1): [
            ("user", "the pump in bay 2 alarms"),
            ("assistant", "Which PIN does its menu use?"),
        ],
        (SCOPE, "s1", 4): [("user", "ok"), ("assistant", None)],
    }
    reads = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
    assert len(reads) == 2 + 1 + 1, reads  # two for the first chunk, one for each other
