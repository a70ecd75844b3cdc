"""What an extractor is given, what it proposes, and the interface it implements.

An extractor never writes: it reads through a scope-bound :class:`MemoryReader` and returns
a :class:`Proposal`. The runner asks the gate about every proposed operation
(:mod:`daemon.extraction.vetting`) and writes what passes with the store's ``save()``, in one
transaction with the cursor move and the run record.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol

from daemon.base.scope import ScopeKey
from daemon.base.turns import StoredMessage, StoredPrefix, TurnRecord
from daemon.base.usage import Usage
from daemon.gate.kinds import MEMORY_CLASSES, MEMORY_TYPES, MemoryClass, MemoryType
from daemon.gate.refusal import Reason
from daemon.store.memory.record import Memory

__all__ = [
    "MEMORY_CLASSES",
    "MEMORY_TYPES",
    "ExtractionBatch",
    "Extractor",
    "Memory",
    "MemoryClass",
    "MemoryOp",
    "MemoryReader",
    "MemoryType",
    "Proposal",
    "Refusal",
    "StoredMessage",
    "StoredPrefix",
    "TurnRecord",
    "Usage",
]


@dataclass(frozen=True, slots=True)
class ExtractionBatch:
    """The turns one run covers. ``turns`` excludes those skipped by the guard.

    ``context`` holds earlier turns for understanding only; ``history`` is true when it holds
    every earlier turn of the session from its start (a fork may replay the host's prefix).
    """

    session_id: str
    scope: ScopeKey
    from_turn: int
    to_turn: int
    turns: tuple[TurnRecord, ...]
    guarded_turns: tuple[int, ...] = ()
    context: tuple[TurnRecord, ...] = ()
    host: StoredPrefix | None = None
    history: bool = False

    @property
    def message_count(self) -> int:
        return sum(len(turn.messages) for turn in self.turns)


@dataclass(frozen=True, slots=True)
class MemoryOp:
    """A proposed change. ``memory_id`` names the target of an update or delete."""

    action: Literal["create", "update", "delete"]
    type: MemoryType | str = MemoryType.PROJECT
    title: str = ""
    content: str = ""
    memory_class: MemoryClass | str = MemoryClass.DURABLE
    memory_id: int | None = None
    turns: tuple[int, ...] = ()
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class Refusal:
    """Something the extractor or a guard declined to keep, and why (``kind``: the guard's
    typed reason, when a guard refused)."""

    reason: str
    text: str
    turn: int | None = None
    kind: Reason | None = None


@dataclass(slots=True)
class Proposal:
    """What an extractor proposes; ``mode`` (how it worked, e.g. ``fork>delta``) is
    recorded with the run's extractor name."""

    ops: list[MemoryOp] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    mode: str | None = None


class MemoryReader(Protocol):
    """Read access to the memories of one scope (the run's own): the same manifest rows and
    the same ranked search as recall's (:mod:`daemon.store.memory`)."""

    async def manifest(self) -> list[Memory]: ...

    async def search(self, query: str, *, limit: int = 10) -> list[Memory]: ...

    async def read(self, memory_id: int) -> Memory | None: ...


class Extractor(Protocol):
    """Turns a batch of turns into proposed memory operations."""

    name: str

    async def extract(self, batch: ExtractionBatch, memories: MemoryReader) -> Proposal: ...
