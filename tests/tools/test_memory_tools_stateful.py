"""The memory tools under random sequences of calls by two users' agent keys and a reader key
(save, update, forget, read), with an operator pinning and restoring between them, checked
against a model after every step (a hypothesis rule-based state machine, on SQLite).

What must hold: each call is answered as the model says (created, updated, unchanged,
forgotten, or refused duplicate, not_found, pinned, role_too_weak); every caller lists
exactly the live memories its scope sees, with their current content; a user's own
memories are never seen, changed or forgotten through another user's key.
"""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from daemon.access.grant import Role
from daemon.admin import memory_admin as admin
from daemon.base.clock import SystemClock
from daemon.base.errors import MemoryRefused
from daemon.gate.screening import Limits
from daemon.recall import Recall
from daemon.store.db import Store
from daemon.tools.memory import REFUSALS, MemoryTools, Written, code_of
from tests.backends import SqliteTemplate
from tests.tools.helpers import caller

FACTS = (
    "The billing service deploys on Fridays after the freeze.",
    "Builds run on Linux runners with sixteen cores.",
    "The ledger uses PostgreSQL because of its transactions.",
    "Invoices are rendered with the PDF service in Frankfurt.",
    "Tabs are used instead of spaces in every Python file.",
)
TYPES = ("project", "user", "decision")
USERS = ("alice", "bob")


@dataclass
class Kept:
    type: str
    user: str  # '' for the project's shared memories
    content: str
    live: bool = True
    pinned: bool = False


class ToolsMachine(RuleBasedStateMachine):
    def __init__(self, url: str) -> None:
        super().__init__()
        self.loop = asyncio.Runner()
        self.store = Store.from_url(url, pool_size=2)
        clock = SystemClock()
        self.tools = MemoryTools(self.store, Recall(self.store, clock), clock, Limits(120, 2000))
        self.callers = {user: caller(user=user) for user in USERS}
        self.reader = caller(Role.READER, user="alice")
        self.model: dict[int, Kept] = {}

    def teardown(self) -> None:
        try:
            self.loop.run(self.tools.recall.aclose())
        finally:
            self.loop.close()

    def _answer(self, call: object) -> Written | str:
        try:
            return self.loop.run(call)  # type: ignore[arg-type]
        except REFUSALS as refused:
            return code_of(refused)

    def _sees(self, user: str, kept: Kept) -> bool:
        return kept.live and kept.user in ("", user)

    def _clash(self, type_: str, owner: str, content: str, other_than: int | None) -> bool:
        return any(
            k.live and (k.type, k.user, k.content) == (type_, owner, content) and i != other_than
            for i, k in self.model.items()
        )

    def _target(self, user: str, index: int) -> tuple[int, Kept | None]:
        ids = sorted(self.model)
        memory_id = ids[index % len(ids)] if ids else 10**6
        kept = self.model.get(memory_id)
        return memory_id, kept if kept is not None and self._sees(user, kept) else None

    @rule(user=st.sampled_from(USERS), type_=st.sampled_from(TYPES), fact=st.integers(0, 4))
    def save(self, user: str, type_: str, fact: int) -> None:
        content = FACTS[fact]
        owner = user if type_ == "user" else ""
        answer = self._answer(
            self.tools.save(self.callers[user], type=type_, title="Fact", content=content)
        )
        if self._clash(type_, owner, content, None):
            assert answer == "duplicate"
            return
        assert isinstance(answer, Written) and answer.action == "created"
        self.model[answer.id] = Kept(type_, owner, content)

    @rule(user=st.sampled_from(USERS), index=st.integers(0, 20), fact=st.integers(0, 4))
    def update(self, user: str, index: int, fact: int) -> None:
        memory_id, kept = self._target(user, index)
        content = FACTS[fact]
        answer = self._answer(
            self.tools.update(self.callers[user], self._public(memory_id), content=content)
        )
        if kept is None:
            assert answer == "not_found"
        elif kept.pinned:
            assert answer == "pinned"
        elif kept.content == content:
            assert isinstance(answer, Written) and answer.action == "unchanged"
        elif self._clash(kept.type, kept.user, content, memory_id):
            assert answer == "duplicate"
        else:
            assert isinstance(answer, Written) and answer.action == "updated"
            kept.content = content

    @rule(user=st.sampled_from(USERS), index=st.integers(0, 20))
    def forget(self, user: str, index: int) -> None:
        memory_id, kept = self._target(user, index)
        answer = self._answer(
            self.tools.forget(self.callers[user], self._public(memory_id), reason="wrong")
        )
        if kept is None:
            assert answer == "not_found"
        elif kept.pinned:
            assert answer == "pinned"
        else:
            assert isinstance(answer, Written) and answer.action == "forgotten"
            kept.live = False

    @rule(index=st.integers(0, 20))
    def reader_may_not_write(self, index: int) -> None:
        memory_id, _ = self._target("alice", index)
        assert self._answer(self.tools.forget(self.reader, memory_id)) == "role_too_weak"

    @rule(index=st.integers(0, 20))
    def operator_pins(self, index: int) -> None:
        if not self.model:
            return
        memory_id = sorted(self.model)[index % len(self.model)]
        kept = self.model[memory_id]

        async def pin() -> bool:
            async with self.store.begin() as conn:
                return await admin.set_pinned(conn, memory_id, not kept.pinned, SystemClock().now())

        changed = self.loop.run(pin())
        assert changed == kept.live
        if changed:
            kept.pinned = not kept.pinned

    @rule(index=st.integers(0, 20))
    def operator_restores(self, index: int) -> None:
        gone = sorted(i for i, k in self.model.items() if not k.live)
        if not gone:
            return
        memory_id = gone[index % len(gone)]
        kept = self.model[memory_id]

        async def restore() -> bool:
            async with self.store.begin() as conn:
                return await admin.restore(conn, memory_id, SystemClock().now())

        try:
            assert self.loop.run(restore())
        except MemoryRefused:
            assert self._clash(kept.type, kept.user, kept.content, memory_id)
        else:
            assert not self._clash(kept.type, kept.user, kept.content, memory_id)
            kept.live = True

    def _public(self, memory_id: int) -> str:
        return self.loop.run(self.tools.ids()).encode(memory_id)

    @invariant()
    def every_caller_lists_what_its_scope_sees(self) -> None:
        for user, who in self.callers.items():
            listed = self.loop.run(self.tools.list(who, limit=100))
            assert {m.id: m.content for m in listed} == {
                i: k.content for i, k in self.model.items() if self._sees(user, k)
            }
        for memory_id, kept in self.model.items():
            for user, who in self.callers.items():
                answer: object
                try:
                    answer = self.loop.run(self.tools.read(who, self._public(memory_id))).content
                except REFUSALS as refused:
                    answer = code_of(refused)
                assert answer == (kept.content if self._sees(user, kept) else "not_found")


@pytest.mark.timeout(300)  # shrinking a failure takes a minute or so
def test_memory_tools_follow_the_model(sqlite_template: SqliteTemplate, tmp_path: Path) -> None:
    examples = itertools.count()

    def machine() -> ToolsMachine:
        return ToolsMachine(sqlite_template.copy_to(tmp_path / f"example-{next(examples)}.db"))

    run_state_machine_as_test(
        machine,
        settings=settings(
            max_examples=40,
            stateful_step_count=15,
            deadline=None,
            database=None,
            derandomize=True,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
