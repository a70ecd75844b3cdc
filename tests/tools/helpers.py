"""Grants, callers and the tools service for the memory tool tests."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from daemon.access.grant import Grant, Role
from daemon.app.container import Container
from daemon.events.models import TurnEvent
from daemon.gate.screening import Limits
from daemon.recall import Recall
from daemon.tools.memory import Caller, MemoryTools

PROJECT = "github.com/acme/billing"
AT = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)


def grant(
    role: Role = Role.AGENT,
    *,
    projects: tuple[str, ...] = (PROJECT,),
    user: str | None = "alice",
    tenant: str = "acme",
    key_id: str = "k-agent",
) -> Grant:
    return Grant(key_id=key_id, tenant=tenant, projects=projects, user=user, role=role)


def caller(role: Role = Role.AGENT, **fields: Any) -> Caller:
    return Caller.of(grant(role, **fields))


def tools_of(rt: Container) -> MemoryTools:
    return MemoryTools(
        rt.store, Recall(rt.store, rt.clock), rt.clock, Limits.from_settings(rt.settings.extraction)
    )


def turn_event(
    session_id: str,
    turn: int,
    messages: list[dict[str, Any]],
    *,
    user: str = "alice",
    project: str = PROJECT,
) -> TurnEvent:
    return TurnEvent.model_validate(
        {
            "v": 1,
            "event_id": f"{session_id}:{turn}",
            "session_id": session_id,
            "turn": turn,
            "at": AT.isoformat().replace("+00:00", "Z"),
            "scope": {"project": project, "user": user, "tenant": "acme"},
            "messages": [{"id": f"t{turn}m{i}", **m} for i, m in enumerate(messages)],
        }
    )
