"""The dispatcher under random sequences of good and hostile events, redeliveries, store
outages and restarts (a hypothesis rule-based state machine), checked after every drain.

Rules: publish a batch mixing good events with hostile ones (not JSON, not UTF-8, NUL and
lone surrogates in ids, lone surrogates and NUL in content, nesting 10,000 deep, dates past
9999 and before year 1 once in UTC, a compaction whose summary would expire after 9999, 2 MB
content, a session under another scope, a reused message id, turn or event id); republish a
payload already published; run the dispatcher to the end of the stream (a new one or the
same, under one name or another), with the store refusing connections or losing commits for
a few attempts; crash a dispatcher in the middle of a batch while the store is down (its
entries stay pending for the next to claim).

What must hold once the stream is drained (issue "Ingestion that never loses, stalls or
leaks"): the dispatcher drained the stream (no stall, nothing pending); every refused event
is dead-lettered exactly once with a reason naming its own defect (never "delivered N
times"), every other event is never dead-lettered; every message of every accepted event is
stored exactly once, byte for byte, at its turn, seq and role, and nothing else is; each
session has its scope and the last turn actually stored; the truncation store holds exactly
the spilled outputs of stored messages, each with its message's full text; a stored
compaction has exactly one summary memory. A commit lost after a batch's work shows a write
made outside the batch's transaction: the turn stays, and the rest of the batch is gone.

The fast run (both backends: fakeredis + SQLite, and the real Redis + PostgreSQL when
there) is small and derandomized: 12 examples of up to 10 steps each. What it found once is
kept in ``KNOWN`` and replayed by ``test_known_sequences`` on every run. A long, random run
(for the benchmarks, or after a change to the dispatcher or the store):

    MEMORYD_STATEFUL_EXAMPLES=2000 MEMORYD_STATEFUL_STEPS=40 ./dev test tests/dispatcher

Hypothesis keeps no example database (``database=None``) and its home directory is under
pytest's temporary directory (``conftest.py``): a run writes nothing into the checkout.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, NamedTuple

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from structlog.testing import capture_logs

from daemon.dispatcher.dispatcher import Dispatcher
from daemon.store.transcripts.ingest import MAX_TURN_JUMP
from tests.backends import redis_reachable, unavailable
from tests.dispatcher.payloads import (
    HUGE_CHARS,
    LAST_TURN,
    ROLES,
    SCOPES,
    WORDS,
    Event,
    Stored,
    event_body,
    malformed,
    names_cause,
    parts_content,
    scope_key,
    spill_content,
    text_content,
)
from tests.dispatcher.rig import Rig, Snapshot, open_rig

EXAMPLES = int(os.environ.get("MEMORYD_STATEFUL_EXAMPLES", "12"))
STEPS = int(os.environ.get("MEMORYD_STATEFUL_STEPS", "10"))
LONG = "MEMORYD_STATEFUL_EXAMPLES" in os.environ

GOOD = "good"
COMPACTION = "good_compaction"  # a compaction with a summary: a memory in the same transaction
INTRINSIC = (  # well-formed JSON that must be refused whatever the store holds
    "nul_in_id",
    "surrogate_in_id",
    "deep_nesting",
    "late_date",
    "early_date",
    "huge",
)
CONFLICTS = ("wrong_scope", "reused_turn", "reused_message_id", "reused_event_id")
MALFORMED = ("not_json", "not_utf8", "no_event_field", "unknown_version")
KINDS = (
    (GOOD,) * 7 + (COMPACTION,) * 2 + INTRINSIC + CONFLICTS * 2 + MALFORMED + ("far_compaction",)
)
CONTENTS = ("text", "text", "parts", "none", "hostile", "spill")


class Spec(NamedTuple):
    """One event to publish, resolved against what was published before: ``session`` picks
    a known session (or a new one past the last), ``turn`` how its number is chosen."""

    kind: str
    session: int
    turn: Literal["next", "gap", "lower", "max"]
    scope: int
    messages: tuple[tuple[str, str, tuple[str, ...]], ...]  # (role, content kind, words)


class Outage(NamedTuple):
    """``refuse``: connections refused; ``lose``: commits lost; for ``times`` transactions
    after the first ``after``."""

    kind: Literal["none", "refuse", "lose"]
    times: int
    after: int = 0


specs = st.builds(
    Spec,
    kind=st.sampled_from(KINDS),
    session=st.integers(0, 4),
    turn=st.sampled_from(("next", "next", "gap", "lower", "max")),
    scope=st.integers(0, len(SCOPES) - 1),
    messages=st.lists(
        st.tuples(
            st.sampled_from(ROLES),
            st.sampled_from(CONTENTS),
            st.lists(st.sampled_from(WORDS), max_size=4).map(tuple),
        ),
        max_size=3,
    ).map(tuple),
)
outages = st.sampled_from(
    (Outage("none", 0),) * 3
    + (Outage("refuse", 1), Outage("refuse", 8), Outage("lose", 1), Outage("lose", 3))
    + (Outage("refuse", 2, after=1), Outage("lose", 1, after=1))
)
consumers = st.sampled_from(("d1", "d2"))
batch_sizes = st.sampled_from((1, 3, 8, 500))


@dataclass(slots=True)
class Verdict:
    event: Event
    outcome: Literal["stored", "duplicate", "refused", "either"]
    defects: tuple[str, ...] = ()


@dataclass(slots=True)
class Session:
    scope: dict[str, str]
    turns: dict[int, str] = field(default_factory=dict)
    message_ids: list[str] = field(default_factory=list)


class Model:
    """What was published and what must come of it, entry by entry."""

    def __init__(self) -> None:
        self.sessions: dict[str, Session] = {}
        self.stored: dict[str, Event] = {}  # accepted events by event id
        self.entries: dict[str, Verdict] = {}  # stream entry id -> verdict
        self.published: list[Event] = []
        self._ids = 0

    def fresh(self, prefix: str) -> str:
        self._ids += 1
        return f"{prefix}{self._ids}"

    def judge(self, event: Event) -> Verdict:
        """The rules: a malformed payload is refused; the same event again is a duplicate;
        an event that contradicts what is stored (its event id at another turn, its session
        under another scope, its turn taken, one of its message ids used, a turn number more
        than ``MAX_TURN_JUMP`` past the session's last) is refused."""
        if event.raw is not None or "no_event_field" in event.defects:
            return Verdict(event, "refused", event.defects)
        if event.either:
            return Verdict(event, "either", ("far_compaction",))
        prior = self.stored.get(event.event_id)
        if prior is not None and (prior.session_id, prior.turn) == (
            event.session_id,
            event.turn,
        ):
            return Verdict(event, "duplicate")
        defects = list(event.defects)
        if prior is not None:
            defects.append("reused_event_id")
        session = self.sessions.get(event.session_id)
        if session is not None:
            if scope_key(session.scope) != scope_key(event.body["scope"]):
                defects.append("wrong_scope")
            if event.turn in session.turns:
                defects.append("reused_turn")
            if set(event.message_ids) & set(session.message_ids):
                defects.append("reused_message_id")
        last = max(session.turns, default=0) if session is not None else 0
        if event.turn > last + MAX_TURN_JUMP:
            defects.append("turn_jump")
        return Verdict(event, "refused" if defects else "stored", tuple(defects))

    def record(self, entry_id: str, verdict: Verdict) -> None:
        self.entries[entry_id] = verdict
        self.published.append(verdict.event)
        if verdict.outcome != "stored":
            return
        event = verdict.event
        session = self.sessions.setdefault(event.session_id, Session(event.body["scope"]))
        session.turns[event.turn] = event.event_id
        session.message_ids.extend(event.message_ids)
        self.stored[event.event_id] = event

    # -- building events from specs -------------------------------------------------------

    def build(self, spec: Spec) -> Event:
        if spec.kind in MALFORMED:
            return malformed(spec.kind, self._ids)
        if spec.kind == "far_compaction":  # a session of its own: its outcome is open
            body = event_body(
                self.fresh("e"),
                self.fresh("c"),
                1,
                SCOPES[spec.scope],
                self._messages(spec),
                at="9999-12-30T00:00:00+00:00",
                kind="compaction",
            )
            return Event(body, either=True)
        known = list(self.sessions)
        if spec.kind in CONFLICTS and known:
            return self._conflict(spec, known[spec.session % len(known)])
        if spec.session < len(known):
            session_id, scope = known[spec.session], self.sessions[known[spec.session]].scope
        else:
            session_id, scope = self.fresh("s"), SCOPES[spec.scope]
        kind = "compaction" if spec.kind == COMPACTION else "turn"
        turn = self._turn(session_id, spec)
        body = event_body(self.fresh("e"), session_id, turn, scope, self._messages(spec), kind=kind)
        if spec.kind in INTRINSIC:
            return _hostile(spec, body)
        return Event(body)

    def _conflict(self, spec: Spec, session_id: str) -> Event:
        session = self.sessions[session_id]
        messages = self._messages(spec)
        turn = self._turn(session_id, spec)
        event_id = self.fresh("e")
        scope = session.scope
        if spec.kind == "reused_turn":
            taken = sorted(session.turns)
            turn = taken[spec.scope % len(taken)]
        elif spec.kind == "wrong_scope":  # its message ids too: a spill must not overwrite
            # Another scope of the session's tenant (ids are the tenant's own: under another
            # tenant the same session id is another session, stored as such).
            tenant = session.scope.get("tenant", "")
            scope = next(
                s
                for s in SCOPES
                if scope_key(s) != scope_key(session.scope) and s.get("tenant", "") == tenant
            )
            for message, reused in zip(messages, session.message_ids, strict=False):
                message["id"] = reused
        elif spec.kind == "reused_message_id":
            if not messages:
                messages = [{"id": "", "role": "user", "content": "again"}]
            used = session.message_ids or ["m-none"]
            messages[0]["id"] = used[spec.scope % len(used)]
        else:  # reused_event_id: one of the tenant's own (another tenant's is not a clash)
            tenant = session.scope.get("tenant", "")
            stored = [
                eid for eid, e in self.stored.items() if e.body["scope"].get("tenant", "") == tenant
            ]
            event_id = stored[spec.scope % len(stored)]
        return Event(event_body(event_id, session_id, turn, scope, messages))

    def _turn(self, session_id: str, spec: Spec) -> int:
        session = self.sessions.get(session_id)
        taken = set(session.turns) if session else set()
        top = max(taken, default=0)
        choice = {"next": top + 1, "gap": top + 3, "lower": 0, "max": LAST_TURN}[spec.turn]
        choice = choice if choice <= LAST_TURN else 0
        while choice in taken:
            choice = choice + 1 if choice < LAST_TURN else 0
        return choice

    def _messages(self, spec: Spec) -> list[dict[str, Any]]:
        built: list[dict[str, Any]] = []
        for role, kind, words in spec.messages:
            message_id = self.fresh("m") if kind != "hostile" else self.fresh("mé-")
            content: Any = text_content(list(words))
            if kind == "parts":
                content = parts_content(list(words))
            elif kind == "none":
                content = None
            elif kind == "hostile":
                content = text_content(list(words)) + " nul\x00 lone\ud800 surrogate"
            elif kind == "spill":
                role, content = "tool", spill_content(message_id)
            built.append({"id": message_id, "role": role, "content": content})
        return built


def _hostile(spec: Spec, body: dict[str, Any]) -> Event:
    """``body`` given the hostile touch of ``spec.kind``."""
    if not body["messages"]:
        body["messages"] = [{"id": f"m-{body['event_id']}", "role": "user", "content": "hi"}]
    where = ("event_id", "session_id", "message")[spec.scope % 3]
    deep = False
    if spec.kind in {"nul_in_id", "surrogate_in_id"}:
        bad = "\x00" if spec.kind == "nul_in_id" else "\ud800"
        if where == "message":
            body["messages"][0]["id"] += bad
        else:
            body[where] += bad
    elif spec.kind == "deep_nesting":
        body["messages"][0]["content"] = [{"type": "text", "text": "x", "meta": "__deep__"}]
        deep = True
    elif spec.kind == "late_date":
        body["at"] = "9999-12-31T23:00:00-05:00"
    elif spec.kind == "early_date":
        body["at"] = "0001-01-01T00:00:00+01:00"
    elif spec.kind == "huge":
        body["messages"][0]["content"] = "x" * HUGE_CHARS
    return Event(body, defects=(spec.kind,), deep=deep)


def _digest(text: str | bytes | None) -> str:
    if text is None:
        return "None"
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    return hashlib.sha256(data).hexdigest()[:12]


_SPILL_NOTICE = re.compile(r"full output in truncation file (\S+?)\]\Z")


class DispatcherMachine(RuleBasedStateMachine):
    def __init__(self, backend: str, workdir: Path, database: Any) -> None:
        super().__init__()
        self.loop = asyncio.Runner()
        self.rig: Rig = self.loop.run(open_rig(backend, workdir, database))
        self.model = Model()
        self.dispatcher: Dispatcher | None = None
        self.snap: Snapshot | None = None  # taken after each drain, None while not drained
        self.crashes = 0

    def teardown(self) -> None:
        try:
            self.loop.run(self.rig.close())
        finally:
            self.loop.close()

    # -- rules --------------------------------------------------------------------------

    @rule(batch=st.lists(specs, min_size=1, max_size=6))
    def publish(self, batch: list[Spec]) -> None:
        for spec in batch:
            self._publish(self.model.build(spec))

    @precondition(lambda self: bool(self.model.published))
    @rule(pick=st.integers(0, 1_000))
    def republish(self, pick: int) -> None:
        """An agent host sends a payload again (same bytes, a new stream entry)."""
        self._publish(self.model.published[pick % len(self.model.published)])

    @rule(outage=outages, restart=st.booleans(), consumer=consumers, batch_size=batch_sizes)
    def dispatch(self, outage: Outage, restart: bool, consumer: str, batch_size: int) -> None:
        """Run a dispatcher to the end of the stream while the store fails ``outage``."""
        if restart or self.dispatcher is None:
            self.dispatcher = self.rig.dispatcher(consumer, batch_size)
        self.rig.store.outage(outage.kind, outage.times, after=outage.after)
        self.loop.run(self.rig.run(self.dispatcher))
        self.rig.store.outage("none", 0)
        self.snap = self.loop.run(self.rig.snapshot())

    @precondition(lambda self: self.crashes < 2)
    @rule(consumer=consumers, batch_size=batch_sizes)
    def crash_while_the_store_is_down(self, consumer: str, batch_size: int) -> None:
        """A dispatcher reads a batch, cannot commit it and dies: its entries stay pending."""
        self.crashes += 1
        self.dispatcher = None
        victim = self.rig.dispatcher(consumer, batch_size)
        self.rig.store.outage("lose", 1_000)

        async def crash() -> None:
            await victim.ensure_group()
            response = await self.rig.redis.xreadgroup(
                self.rig.keys.group,
                consumer,
                {self.rig.keys.stream: ">"},
                count=batch_size,
            )
            entries = [(i.decode(), f) for i, f in response[0][1]] if response else []
            with capture_logs():
                await victim.process(entries)

        try:
            self.loop.run(crash())
        except Exception as exc:  # the batch's good events would wait on this one forever
            raise AssertionError(f"Dispatcher.process raised on its input: {exc!r}") from exc
        finally:
            self.rig.store.outage("none", 0)
        self.snap = None

    def _publish(self, event: Event) -> None:
        verdict = self.model.judge(event)
        entry_id = self.loop.run(self.rig.publish(event.fields()))
        self.model.record(entry_id, verdict)
        self.snap = None

    # -- invariants, once the stream is drained -----------------------------------------

    @invariant()
    def nothing_is_lost_stalled_or_leaked(self) -> None:
        if self.snap is None:
            return
        self.check_the_dispatcher_drains_the_stream(self.snap)
        self.check_refused_events_are_dead_lettered_once_with_their_reason(self.snap)
        self.check_accepted_events_are_stored_whole(self.snap)
        self.check_sessions_hold_their_scope_and_last_stored_turn(self.snap)
        self.check_truncation_files_are_the_stored_spills(self.snap)
        self.check_compactions_keep_their_summary(self.snap)

    def check_the_dispatcher_drains_the_stream(self, snap: Snapshot) -> None:
        assert not snap.stalled, "the dispatcher stalled: it retried a batch forever"
        assert (snap.pending, snap.backlog) == (0, 0), (
            f"{snap.pending} entries pending, {snap.backlog} left in the stream"
        )

    def check_refused_events_are_dead_lettered_once_with_their_reason(self, snap: Snapshot) -> None:
        letters: dict[str, list[str]] = defaultdict(list)
        for entry_id, reason in snap.dead:
            letters[entry_id].append(reason)
        stored_events = {event_id for event_id, _ in snap.turns.values()}
        problems: list[str] = []
        for entry_id, verdict in self.model.entries.items():
            reasons = letters.pop(entry_id, [])
            outcome = verdict.outcome
            if outcome == "either":  # a far-future compaction: refused, or stored whole
                outcome = "stored" if verdict.event.event_id in stored_events else "refused"
            what = f"entry {entry_id} ({', '.join(verdict.defects) or 'good'})"
            if outcome in {"stored", "duplicate"}:
                if reasons:
                    problems.append(f"{what} was dead-lettered: {reasons}")
            elif len(reasons) != 1:
                problems.append(f"{what} has {len(reasons)} dead letters: {reasons}")
            elif not names_cause(reasons[0], verdict.defects):
                problems.append(f"{what} was dead-lettered for {reasons[0]!r}")
        problems += [f"unknown entry {e} dead-lettered: {r}" for e, r in letters.items()]
        assert not problems, "\n".join(problems)

    def check_accepted_events_are_stored_whole(self, snap: Snapshot) -> None:
        """Per message and per byte: every message of every accepted event, nothing else."""
        expected = self._expected_messages(snap)
        problems: list[str] = []
        for key, want in expected.items():
            got = snap.messages.get(key)
            if got is None:
                problems.append(f"message {key} of turn {want.turn} is missing")
                continue
            place = (got.turn, got.seq, got.role)
            if place != (want.turn, want.seq, want.role):
                problems.append(f"message {key} is at {place}, not {want.turn, want.seq}")
            full = self._full_text(snap, got.content, want)
            if full != want.text:
                problems.append(
                    f"message {key} holds {_digest(full)}, not {_digest(want.text)} "
                    f"({len(full or '')} chars, {len(want.text or '')} expected)"
                )
        extra = sorted(set(snap.messages) - set(expected))
        problems += [f"message {key} was stored but its event was refused" for key in extra]
        turns = {
            (e.session_id, e.turn): (e.event_id, len(e.message_ids))
            for e in self._accepted_events(snap)
        }
        for key in sorted(set(turns) | set(snap.turns)):
            if turns.get(key) != snap.turns.get(key):
                problems.append(
                    f"turn {key}: stored {snap.turns.get(key)}, {turns.get(key)} expected"
                )
        assert not problems, "\n".join(problems)

    def check_sessions_hold_their_scope_and_last_stored_turn(self, snap: Snapshot) -> None:
        expected: dict[str, tuple[tuple[str, str, str], int]] = {}
        for event in self._accepted_events(snap):
            scope, last = expected.get(event.session_id, (scope_key(event.body["scope"]), -1))
            expected[event.session_id] = (scope, max(last, event.turn))
        assert snap.sessions == expected

    def check_truncation_files_are_the_stored_spills(self, snap: Snapshot) -> None:
        named = set()
        for row in snap.messages.values():
            match = _SPILL_NOTICE.search(row.content or "")
            if match:
                named.add(match.group(1))
        left = sorted(set(snap.files) - named)
        assert not left, f"truncation files no stored message names: {left}"

    def check_compactions_keep_their_summary(self, snap: Snapshot) -> None:
        """A stored compaction's summary memory is written in its transaction: exactly one."""
        expected = {
            (e.session_id, str(e.turn)): [e.body["summary"]]
            for e in self._accepted_events(snap)
            if e.body["kind"] == "compaction"
        }
        assert snap.summaries == expected

    # -- expectations ---------------------------------------------------------------------

    def _accepted_events(self, snap: Snapshot) -> list[Event]:
        """The events stored: those accepted, and the far-future compactions the store took."""
        stored_ids = {event_id for event_id, _ in snap.turns.values()}
        either = [
            v.event
            for v in self.model.entries.values()
            if v.outcome == "either" and v.event.event_id in stored_ids
        ]
        unique = {e.event_id: e for e in either}
        return list(self.model.stored.values()) + list(unique.values())

    def _expected_messages(self, snap: Snapshot) -> dict[tuple[str, str], Stored]:
        return {
            (event.session_id, message.message_id): message
            for event in self._accepted_events(snap)
            for message in event.stored()
        }

    @staticmethod
    def _full_text(snap: Snapshot, content: str | None, want: Stored) -> str | None:
        """A stored message's whole text: its content, or its truncation file's."""
        if not want.spilled or content is None:
            return content
        match = _SPILL_NOTICE.search(content)
        if match is None or match.group(1) not in snap.files:
            return content
        return snap.files[match.group(1)].decode("utf-8", "replace")


def _database(backend: str, request: pytest.FixtureRequest) -> Any:
    """The SQLite template, or the run's PostgreSQL database (skipped when not there)."""
    if backend == "fake":
        return request.getfixturevalue("sqlite_template")
    database = request.getfixturevalue("postgres_database")
    if database.error is not None:
        unavailable("PostgreSQL", database.error)
    if (error := redis_reachable()) is not None:
        unavailable("Redis", error)
    return database


@pytest.mark.timeout(600 + (EXAMPLES * STEPS if LONG else 0))
def test_the_dispatcher_never_loses_stalls_or_leaks(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """See the module docstring."""
    database = _database(backend, request)
    examples = iter(range(10**9))

    def machine() -> DispatcherMachine:
        return DispatcherMachine(backend, tmp_path / f"example-{next(examples)}", database)

    run_state_machine_as_test(
        machine,
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=STEPS,
            deadline=None,
            database=None,
            phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink),
            derandomize=not LONG,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        ),
    )


def _spec(kind: str, session: int = 0, messages: Any = ()) -> Spec:
    return Spec(kind, session, "next", 0, tuple(messages))


SPILL = (("tool", "spill", ("rewrite",)),)
SAID = (("user", "text", ("ship", "friday")),)
CALM = Outage("none", 0)

#: Shrunk examples of what the machine found, kept as plain sequences so that they run every
#: time whatever hypothesis draws: (name, batches published, then one dispatch).
KNOWN: dict[str, tuple[list[list[Spec]], Outage, int]] = {
    "deep nesting beside a good event": (
        [[_spec(GOOD), _spec("deep_nesting")]],
        CALM,
        8,
    ),
    "a date past 9999 in UTC": ([[_spec(GOOD), _spec("late_date")]], CALM, 1),
    "a date before year 1 in UTC": ([[_spec(GOOD), _spec("early_date")]], CALM, 8),
    "a compaction whose summary expires after 9999": (
        [[_spec(GOOD), _spec("far_compaction")]],
        CALM,
        8,
    ),
    "another scope's event reuses a spilled message id": (
        [[_spec(GOOD, messages=SPILL)], [_spec("wrong_scope", messages=SPILL)]],
        CALM,
        1,
    ),
    "a refused event with a spilled output": (
        [[_spec(GOOD)], [_spec("reused_turn", messages=SPILL)]],
        CALM,
        1,
    ),
    "a reused message id in the batch": (
        [[_spec(GOOD, messages=SAID), _spec("reused_message_id")]],
        CALM,
        8,
    ),
    "a reused message id beside a new session": (
        [[_spec(GOOD, messages=SAID), _spec(GOOD, session=1), _spec("reused_message_id")]],
        CALM,
        8,
    ),
    "a reused message id alone in its batch": (
        [[_spec(GOOD, messages=SAID)], [_spec("reused_message_id")]],
        CALM,
        1,
    ),
    "an event of another scope takes the turn of a good one in its batch": (
        [[_spec(GOOD)], [_spec("wrong_scope"), _spec(GOOD)]],
        CALM,
        8,
    ),
    "the store refuses connections for 8 s": ([[_spec(GOOD), _spec(GOOD)]], Outage("refuse", 8), 1),
    "a commit lost after the session is known": (
        [[_spec(GOOD), _spec(COMPACTION)]],
        Outage("lose", 1, after=1),
        1,
    ),
}


@pytest.mark.parametrize("name", list(KNOWN))
def test_known_sequences(
    name: str, backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """What the machine found once, checked every run (see ``KNOWN``)."""
    batches, outage, batch_size = KNOWN[name]
    machine = DispatcherMachine(backend, tmp_path / "known", _database(backend, request))
    try:
        for batch in batches:
            machine.publish(batch)
        machine.dispatch(outage, restart=False, consumer="d1", batch_size=batch_size)
        machine.nothing_is_lost_stalled_or_leaked()
    finally:
        machine.teardown()


#: Found by the long run (``./dev bench stateful``), shrunk: sequences of (batches published,
#: then a dispatch with its outage and batch size, or with batch size 0 a dispatcher that
#: dies holding them while the store is down), one after the other.
LONG_RUN: dict[str, list[tuple[list[list[Spec]], Outage, int]]] = {
    "one event id reused twice at one turn in a batch": [
        (
            [
                [_spec(GOOD), _spec(GOOD), _spec(GOOD)]
                + [Spec("reused_event_id", 0, "lower", 0, ())] * 2,
                [_spec(GOOD), _spec(GOOD)],
            ],
            CALM,
            3,
        )
    ],
    "claimed entries keep their order when the store refuses the first": [
        ([[_spec(GOOD), _spec("wrong_scope")]], CALM, 0),  # 0: a crash while the store is down
        ([], Outage("refuse", 1), 1),
    ],
    "claiming resumes after a batch the store could not take": [
        ([[_spec(GOOD)]], CALM, 0),
        ([[_spec(GOOD), _spec(GOOD)]], CALM, 0),
        ([], Outage("refuse", 1), -1),  # -1: a dispatcher of another name (d2)
    ],
    "an event id claimed by an event that waits in its batch": [
        ([[_spec(GOOD)]], CALM, 8),
        (
            [
                [_spec("reused_event_id"), _spec(GOOD), _spec(GOOD)],
                [Spec("reused_event_id", 0, "next", 1, ())],
            ],
            CALM,
            8,
        ),
    ],
    "a batch retried after a lost commit holds an event already refused": [
        ([[_spec(GOOD)], [_spec(GOOD), _spec(GOOD, messages=SAID)]], CALM, 3),
        ([[_spec("reused_message_id")], [_spec(GOOD)]], Outage("lose", 1), 3),
    ],
}


@pytest.mark.parametrize("name", list(LONG_RUN))
def test_sequences_found_by_the_long_run(
    name: str, backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """What the long run found, checked every run (see ``LONG_RUN``)."""
    machine = DispatcherMachine(backend, tmp_path / "long", _database(backend, request))
    try:
        for batches, outage, batch_size in LONG_RUN[name]:
            for batch in batches:
                machine.publish(batch)
            if batch_size == 0:
                machine.crash_while_the_store_is_down(consumer="d1", batch_size=3)
            elif batch_size < 0:
                machine.dispatch(outage, restart=False, consumer="d2", batch_size=1)
            else:
                machine.dispatch(outage, restart=False, consumer="d1", batch_size=batch_size)
            machine.nothing_is_lost_stalled_or_leaked()
    finally:
        machine.teardown()
