"""What a session's turn leaves for its next one (a question for a value at its end, a
credential named in its last chat messages) reaches that turn whichever dispatcher prepares
it: the one that prepared the turn before, the same one restarted, or another of the group,
which reads the turn before from the store. A store that cannot be read then loses no event.
Checked on both backends; what the store holds of a turn (redacted, its values cut) is read
as the Preparer that prepared it read it, checked on set AO and on drawn sessions."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy.ext.asyncio import AsyncConnection
from structlog.testing import capture_logs

from daemon.app.container import Container
from daemon.base.errors import SealedDataError
from daemon.base.scope import ScopeKey
from daemon.dispatcher.prepare import CHAT_ROLES, RECALLED_TURNS, Preparer, SpillPolicy
from daemon.events import stream
from daemon.events.models import TurnEvent
from daemon.store.db import Store
from daemon.store.failures import store_errors
from daemon.store.tables import messages
from tests.dispatcher.ao_sessions import events as ao_events
from tests.dispatcher.rig import FlakyStore, Rig, open_rig
from tests.dispatcher.set_ao import AO_CLEAN, AO_SESSIONS, Message

AT = "2026-11-17T09:00:00+00:00"

Said = tuple[str, str]  # (role, content)


def event(session: str, turn: int, *said: Said, project: str = "ward-4w") -> dict[str, Any]:
    return {
        "v": 1,
        "event_id": f"{session}-{turn}",
        "session_id": session,
        "turn": turn,
        "at": AT,
        "scope": {"project": project, "user": "nurse.ops"},
        "messages": [
            {"id": f"{session}-{turn}-{i}", "role": role, "content": content}
            for i, (role, content) in enumerate(said)
        ],
    }


#: (what the first turn says, what the second says, the value the second gives)
CASES = {
    "a value alone after a question at the end of the turn before": (
        [("user", "wifi is down in lab 3"), ("assistant", "Which wifi password does lab 3 use?")],
        [("user", "GraniteOwl3")],
        "GraniteOwl3",
    ),
    "a colleague's PIN after a named combination": (
        [
            ("user", "Biomed's key safe: Dave, what's the combination?"),
            ("assistant", "I don't have it."),
        ],
        [("user", "Dave: 0-4-7-7-1-9")],
        "0-4-7-7-1-9",
    ),
}


CASE_PARAMS = [pytest.param(*case, id=name) for name, case in CASES.items()]


async def publish(rt: Container, *events: dict[str, Any]) -> None:
    for body in events:
        await rt.redis.xadd(rt.keys.stream, {"event": json.dumps(body).encode()})


async def dispatch(rt: Container, consumer: str) -> None:
    """A dispatcher process that starts, drains the stream and stops (its memory with it)."""
    with capture_logs():
        await rt.dispatcher(consumer=consumer).run(burst=True)


async def stored(rt: Container, session: str) -> dict[int, list[str]]:
    """The session's stored message contents, by turn."""
    async with rt.store.connect() as conn:
        rows = await conn.execute(
            sa.select(messages.c.turn, messages.c.content)
            .where(messages.c.session_id == session)
            .order_by(messages.c.turn, messages.c.seq)
        )
        found: dict[int, list[str]] = {}
        for row in rows:
            found.setdefault(row.turn, []).append(row.content or "")
        return found


async def dead_letters(rt: Container) -> list[str]:
    return [f[b"reason"].decode() for _, f in await rt.redis.xrange(rt.keys.dead)]


@pytest.mark.parametrize(("first", "second", "value"), CASE_PARAMS)
async def test_a_dispatcher_restarted_between_two_turns_cuts_the_value_the_second_gives(
    runtime: Container, first: list[Said], second: list[Said], value: str
) -> None:
    await publish(runtime, event("s1", 1, *first))
    await dispatch(runtime, "d")
    await publish(runtime, event("s1", 2, *second))
    await dispatch(runtime, "d")  # the same name, a new process

    turns = await stored(runtime, "s1")
    assert value not in turns[2][0], turns
    assert turns[1] == [content for _, content in first]  # the turn before, as it was
    assert await dead_letters(runtime) == []


async def test_a_dispatcher_reads_what_another_of_the_group_left(runtime: Container) -> None:
    """Two dispatchers alive side by side, each reading some of the session's turns: the
    second reads what the first's turn left, and the first what the second's left."""
    one, two = runtime.dispatcher(consumer="one"), runtime.dispatcher(consumer="two")
    said = [
        [("user", "wifi is down in lab 3"), ("assistant", "Which wifi password does lab 3 use?")],
        [("user", "GraniteOwl3"), ("assistant", "Thanks. And the door PIN for the MDF?")],
        [("user", "kanelbulle-mörk-3")],
    ]
    with capture_logs():
        for turn, dispatcher in zip((1, 2, 3), (one, two, one), strict=True):
            await publish(runtime, event("s1", turn, *said[turn - 1]))
            await dispatcher.run(burst=True)

    turns = await stored(runtime, "s1")
    assert "GraniteOwl3" not in turns[2][0], turns
    assert "Thanks. And the door PIN for the MDF?" in turns[2]
    assert "kanelbulle-mörk-3" not in turns[3][0], turns
    assert await dead_letters(runtime) == []


async def test_a_turn_sent_again_after_a_restart_is_a_duplicate_not_a_clash(
    runtime: Container,
) -> None:
    """A host sends a stored turn again: prepared as the first time (its value cut), it is
    the same turn, not other content under its event id for the dead-letter stream."""
    first, second, value = CASES["a value alone after a question at the end of the turn before"]
    await publish(runtime, event("s1", 1, *first), event("s1", 2, *second))
    await dispatch(runtime, "d")
    await publish(runtime, event("s1", 2, *second))
    await dispatch(runtime, "d")

    assert await dead_letters(runtime) == []
    assert value not in (await stored(runtime, "s1"))[2][0]


async def test_turns_of_one_batch_are_read_after_each_other_without_the_store(
    runtime: Container,
) -> None:
    """The turn before that an earlier event of the batch is, is not read from the store;
    one the process prepared before is not either."""
    first, second, value = CASES["a colleague's PIN after a named combination"]
    dispatcher = runtime.dispatcher(consumer="d")
    store = CountingStore(runtime.store.engine, sealer=runtime.store.sealer)
    dispatcher.store = store
    await publish(runtime, event("s1", 0, ("user", "hello")), event("s1", 1, *first))
    await publish(runtime, event("s1", 2, *second), event("s1", 3, ("user", "ok")))
    try:
        with capture_logs():
            await dispatcher.run(burst=True)
        assert value not in (await stored(runtime, "s1"))[2][0]
        assert store.reads == 0  # turn 0 has none before it, the others follow one another

        await publish(runtime, event("s1", 4, ("user", "and now?")), event("s2", 5, ("user", "hi")))
        with capture_logs():
            await dispatcher.run(burst=True)
        assert store.reads == 1  # s2's turn 4, which nobody here prepared
    finally:
        await store.close()


async def test_a_restarted_dispatcher_reads_the_turns_before_a_batch_at_once(
    runtime: Container,
) -> None:
    first, second, value = CASES["a value alone after a question at the end of the turn before"]
    sessions = [f"s{n}" for n in range(30)]
    await publish(runtime, *(event(s, 1, *first) for s in sessions))
    await dispatch(runtime, "d")
    await publish(runtime, *(event(s, 2, *second) for s in sessions))
    restarted = runtime.dispatcher(consumer="d")
    store = CountingStore(runtime.store.engine, sealer=runtime.store.sealer)
    restarted.store = store
    try:
        with capture_logs():
            await restarted.run(burst=True)
    finally:
        await store.close()
    assert store.reads == 1
    assert [s for s in sessions if value in (await stored(runtime, s))[2][0]] == []


class CountingStore(Store):
    """The store, counting the connections taken for reads."""

    reads = 0

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncConnection]:
        self.reads += 1
        async with super().read() as conn:
            yield conn


# -- a store that cannot be read --------------------------------------------------------


class UnreadableStore(FlakyStore):
    """The rig's store, whose next ``unreadable`` reads fail: ``down`` as a store that is not
    there (the driver's own error), ``broken`` as a value that cannot be opened."""

    unreadable = 0
    how = "down"

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncConnection]:
        if self.unreadable <= 0:
            async with super().read() as conn:
                yield conn
            return
        self.unreadable -= 1
        if self.how == "broken":
            raise SealedDataError("a sealed value did not open")
        async with store_errors(), self.dead.connect() as conn:
            yield conn


def _database(backend: str, request: pytest.FixtureRequest) -> Any:
    return request.getfixturevalue("sqlite_template" if backend == "fake" else "postgres_database")


@pytest.fixture
async def rig(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[Rig]:
    opened = await open_rig(backend, tmp_path / "rig", _database(backend, request))
    flaky = opened.store
    opened.store = UnreadableStore(flaky.engine, flaky.dead)
    yield opened
    await opened.close()


def _fields(body: dict[str, Any]) -> dict[str, bytes]:
    return {"event": json.dumps(body).encode()}


async def test_an_outage_reading_the_turn_before_loses_no_event_and_counts_no_delivery(
    rig: Rig,
) -> None:
    """The batch waits in memory, as one the store could not take, and is prepared once
    the store answers: stored with its value cut, never dead-lettered, delivered once."""
    first, second, value = CASES["a value alone after a question at the end of the turn before"]
    await rig.publish(_fields(event("s1", 1, *first)))
    await rig.run(rig.dispatcher("d", batch_size=10))
    assert isinstance(rig.store, UnreadableStore)
    rig.store.unreadable = 3
    entry = await rig.publish(_fields(event("s1", 2, *second)))
    deliveries: dict[str, int] = {}

    restarted = rig.dispatcher("d", batch_size=10)
    finish = restarted._finish

    async def finishing(outcome: Any) -> None:  # the delivery count as it is acknowledged
        deliveries.update(await stream.deliveries(rig.redis, rig.keys, entry, entry, 1))
        await finish(outcome)

    restarted._finish = finishing  # type: ignore[method-assign]
    await rig.run(restarted)

    snap = await rig.snapshot()
    assert rig.store.unreadable == 0
    assert not snap.stalled and snap.pending == 0 and snap.dead == []
    said = {row.turn: row.content for row in snap.messages.values() if row.turn == 2}
    assert said and value not in (said[2] or ""), said
    assert deliveries == {entry: 1}
    assert restarted.stats.store_errors >= 1


async def test_a_turn_before_that_cannot_be_opened_leaves_the_event_prepared_as_alone(
    rig: Rig,
) -> None:
    """A read that fails on the data, not the store, is logged; the event is stored as if
    no turn came before it (no worse than before the read), never dead-lettered."""
    first, _, _ = CASES["a value alone after a question at the end of the turn before"]
    await rig.publish(_fields(event("s1", 1, *first)))
    await rig.run(rig.dispatcher("d", batch_size=10))
    assert isinstance(rig.store, UnreadableStore)
    rig.store.unreadable, rig.store.how = 1, "broken"
    await rig.publish(_fields(event("s1", 2, ("user", "the build is green again"))))
    restarted = rig.dispatcher("d", batch_size=10)
    rig.clock.watch(restarted)
    with capture_logs() as logs:
        await restarted.run(burst=True)

    snap = await rig.snapshot()
    assert rig.store.unreadable == 0
    assert not snap.stalled and snap.pending == 0 and snap.dead == []
    assert [r.content for r in snap.messages.values() if r.turn == 2] == [
        "the build is green again"
    ]
    assert "dispatcher.turn_before_unread" in [e["event"] for e in logs]


# -- what the store holds is read as it was prepared -----------------------------------

POLICY = SpillPolicy(max_lines=2000, max_bytes=50_000, preview_lines=20)


def as_stored(prepared: list[Any]) -> list[tuple[str, str | None]]:
    """The stored turns' messages as the dispatcher reads them back (``said_up_to``): the
    chat messages, and the last of each turn."""
    said: list[tuple[str, str | None]] = []
    for turn in prepared:
        last = len(turn.messages) - 1
        said += [
            (m.role, m.content)
            for i, m in enumerate(turn.messages)
            if m.role in CHAT_ROLES or i == last
        ]
    return said


def recalled_alike(events: list[TurnEvent]) -> list[int]:
    """The turns that a Preparer which only read the stored turns before them prepares
    otherwise than the one that prepared the whole session in order."""
    whole = Preparer(POLICY)
    prepared = [whole.prepare(e) for e in events]
    differ = []
    for n in range(1, len(events)):
        event = events[n]
        fresh = Preparer(POLICY)
        (before,) = fresh.unknown([event])
        assert before == (ScopeKey.of(event.scope), event.session_id, event.turn - 1)
        fresh.recall(before, as_stored(prepared[max(0, n - RECALLED_TURNS) : n]))
        if [m.content for m in fresh.prepare(event).messages] != [
            m.content for m in prepared[n].messages
        ]:
            differ.append(event.turn)
    return differ


def test_what_set_ao_s_turns_leave_is_learnt_again_from_them_as_stored() -> None:
    """Every turn of set AO's sessions (a question at a turn's end, a credential named and
    given turns later, values already cut to their marks), prepared after only reading the
    turns before it from the store, is what the dispatcher that prepared them all stores."""
    sessions: list[tuple[str, list[list[Message]]]] = [
        *((name, turns) for name, turns, _ in AO_SESSIONS),
        *AO_CLEAN,
    ]
    assert {name: recalled_alike(ao_events(name, turns)) for name, turns in sessions} == {
        name: [] for name, _ in sessions
    }


_CHAT_SAID = (
    "Which wifi password does lab 3 use?",
    "Here is the devkit PIN:",
    "Biomed's key safe: Dave, what's the combination?",
    "The door code for the MDF is with facilities.",
    "the admin password is hunter2",
    "GraniteOwl3",
    "Tr0ub4dor&3-x9",
    "Dave: 0-4-7-7-1-9",
    "separately. it's 61937# if he asks",
    "[redacted:password]",
    "The new build of the ward app is ready.",
    "It expires on 30 September; serial 4F1A09C27D3B8E6615A0, build 7f3a9c2.",
    "ok",
    "",
)
_TOOL_SAID = ("pump 4W-01 fw 6.3.2 ok", "[sudo] password for ops:", "unit 7Hq4 on ward 4W")
_messages = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(sorted(CHAT_ROLES)), st.sampled_from(_CHAT_SAID)),
        st.tuples(st.just("tool"), st.sampled_from(_TOOL_SAID)),
        st.tuples(st.just("assistant"), st.none()),
    ),
    max_size=4,
)


@settings(max_examples=150)
@given(st.lists(_messages, min_size=2, max_size=RECALLED_TURNS + 1))
def test_a_drawn_session_s_turns_are_prepared_alike_after_reading_the_turns_before(
    turns: list[list[tuple[str, str | None]]],
) -> None:
    events = [
        TurnEvent.model_validate(
            {
                **event("s1", number, *[(r, c or "") for r, c in said]),
                "messages": [
                    {"id": f"m{number}-{i}", "role": role, "content": content}
                    | ({"tool_call_id": "c"} if role == "tool" else {})
                    for i, (role, content) in enumerate(said)
                ],
            }
        )
        for number, said in enumerate(turns, start=1)
    ]
    assert recalled_alike(events) == []
