"""The API's JSON bodies: a scope with absent parts as null, a memory as recall returns it
(its class under ``class``, its user null when shared)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from pydantic import ValidationError

from daemon.api.bodies import MemoryOut, ScopeOut, scope_json
from daemon.base.opaque import IdCodec
from daemon.base.scope import ScopeKey
from daemon.store.memory import MemoryClass, MemoryType
from daemon.store.memory.record import Memory

AT = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


def _memory(user: str = "", score: float = 0.0) -> Memory:
    return Memory(
        7,
        MemoryType("project"),
        MemoryClass("durable"),
        "Deploy day",
        "Fridays.",
        False,
        user,
        "agent",
        AT,
        AT,
        score,
    )


def test_a_scope_s_absent_tenant_and_user_are_null() -> None:
    assert scope_json(ScopeKey("billing")) == {"tenant": None, "project": "billing", "user": None}
    assert ScopeOut.of(ScopeKey("billing", "alice", "acme")).model_dump() == {
        "tenant": "acme",
        "project": "billing",
        "user": "alice",
    }


IDS = IdCodec(bytes(range(32)))


def test_a_memory_is_given_as_recall_returns_it() -> None:
    """With its author: here an agent key's memory with no user, another writer for bob."""
    out = MemoryOut.of(_memory(score=1.23456789)._replace(source_key="0f0e0d0c0b0a"), "bob", IDS)
    dumped = out.model_dump(by_alias=True, mode="json")
    assert dumped == {
        "id": IDS.encode(7),
        "type": "project",
        "class": "durable",
        "title": "Deploy day",
        "content": "Fridays.",
        "pinned": False,
        "user": None,
        "created_by": "agent",
        "created_at": "2026-01-02T03:04:05Z",
        "updated_at": "2026-01-02T03:04:05Z",
        "score": 1.234568,
        "metadata": {},
        "author": {
            "writer": "agent_key",
            "label": "agent key 0f0e0d0c0b0a",
            "user": None,
            "session": None,
            "key_id": "0f0e0d0c0b0a",
            "created_by": "agent",
            "created_at": "2026-01-02T03:04:05Z",
            "review": "none",
            "voice": "reported",
        },
        "quoted": "(2026-01-02) agent key 0f0e0d0c0b0a reported: \u201cDeploy day: Fridays.\u201d",
    }
    own = MemoryOut.of(_memory(user="alice"), "alice", IDS)
    assert own.user == "alice" and own.author.voice == "own" and own.quoted is None


def test_a_memory_of_an_unknown_type_is_not_answered() -> None:
    odd = _memory()._replace(type="note")
    with pytest.raises(ValidationError):
        MemoryOut.of(odd, "", IDS)  # type: ignore[arg-type]
