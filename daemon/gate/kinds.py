"""The vocabularies of a memory, declared once: its type, its class, who changed it and how.

Each is a :class:`~enum.StrEnum`, so the values written to the store and sent on the wire
are the plain strings they always were (``MemoryType.USER == "user"``). This module imports
nothing (the command line reads it for its help texts without loading the store); the
memory package (:mod:`daemon.store.memory`) re-exports it.
"""

from __future__ import annotations

from enum import StrEnum


class MemoryType(StrEnum):
    """What a memory is about; ``user`` memories are private to their user."""

    PROJECT = "project"
    USER = "user"
    DECISION = "decision"


class MemoryClass(StrEnum):
    """How long a memory is meant to matter (its retention class)."""

    PRIORITY = "priority"
    DURABLE = "durable"
    WORKING = "working"


class Actor(StrEnum):
    """Who made a change (``memory_history.actor``)."""

    RUN = "run"  # an extraction run
    AGENT = "agent"  # the main agent, or its host (compaction summaries)
    OPERATOR = "operator"  # a person, through the command line
    MAINTENANCE = "maintenance"  # consolidation and purges


class Review(StrEnum):
    """Where a memory stands in the operators' review (``memories.review``).

    ``none``: shared as written (a fact, a preference, a decision); ``pending``: a directive
    to agents held for an operator, visible to its author's scope only; ``approved``: an
    operator let it through (shown in the block's own voice); ``rejected``: an operator
    turned it down (it is forgotten with that reason)."""

    NONE = "none"
    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"


class Action(StrEnum):
    """What a change did (``memory_history.action``)."""

    CREATE = "create"
    UPDATE = "update"
    DELETE = "delete"
    PIN = "pin"
    UNPIN = "unpin"
    RESTORE = "restore"
    PURGE = "purge"
    IMPORT = "import"
    MERGE = "merge"
    APPROVE = "approve"  # an operator let a memory held for review through


MEMORY_TYPES: tuple[MemoryType, ...] = tuple(MemoryType)
MEMORY_CLASSES: tuple[MemoryClass, ...] = tuple(MemoryClass)
#: ``memories.created_by`` of compaction summaries (the "Previous Sessions" section).
COMPACTION = "compaction"
