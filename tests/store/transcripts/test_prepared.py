"""A prepared turn carries its event's scope as stored columns, and counts its spills."""

from __future__ import annotations

import dataclasses

import pytest

from daemon.base.scope import ScopeKey
from daemon.events.models import TurnEvent
from daemon.store.transcripts.prepared import PreparedMessage, PreparedTurn
from daemon.store.truncation import Spill


def _event(scope: dict[str, str]) -> TurnEvent:
    return TurnEvent.model_validate(
        {
            "v": 1,
            "event_id": "e1",
            "session_id": "s1",
            "turn": 1,
            "at": "2026-11-17T09:00:00Z",
            "scope": scope,
            "messages": [{"id": "m1", "role": "user", "content": "hi"}],
        }
    )


def test_the_scope_is_the_events_with_absent_parts_empty() -> None:
    turn = PreparedTurn(_event({"project": "p"}), (PreparedMessage("m1", "user", "hi"),))
    assert turn.scope == ScopeKey(project="p", user="", tenant="")
    full = PreparedTurn(_event({"project": "p", "user": "u", "tenant": "t"}), ())
    assert full.scope.columns() == {"tenant": "t", "project": "p", "user": "u"}


def test_the_scope_is_computed_not_given_and_the_turn_is_frozen() -> None:
    with pytest.raises(TypeError):
        PreparedTurn(_event({"project": "p"}), (), scope=ScopeKey(project="x"))  # type: ignore[call-arg]
    turn = PreparedTurn(_event({"project": "p"}), ())
    with pytest.raises(dataclasses.FrozenInstanceError):
        turn.redactions = 3  # type: ignore[misc]


def test_spilled_counts_the_spills() -> None:
    assert PreparedTurn(_event({"project": "p"}), ()).spilled == 0
    spills = (Spill.of("a", "x"), Spill.of("b", "y\nz"))
    assert PreparedTurn(_event({"project": "p"}), (), spills=spills).spilled == 2
