"""Turns in which the main agent wrote memories through memoryd's own tools.

A memory tool call that names its session and turn records the turn here, in the
transaction of its write; :func:`saved` is the guard's condition, read with the session's
turns: a turn is the main agent's when its event listed a successful memory write or a call
of this turn's scope recorded it. The scope must match (tenant, project, and the call's
user or none), so a key of another scope naming the session cannot silence its extraction.

:func:`said_in` is what such a write is read against: the turn's time in the zone it was
said in (relative dates), and what the session held that a memory must not copy (junk): the
host's system prompt and tool schemas, and the system, developer and tool messages of the
turns up to the one named (the last :data:`RECENT_TURNS` of them), under the same scope
rule, so that a key of another scope learns nothing of the session.

:func:`recent_prompts` is what a write naming no session is read against: the host's system
prompt and tool schemas of the scope's sessions active in the last :data:`RECENT_WINDOW`, the
latest :data:`RECENT_SESSIONS` of them (a copy of a prompt the host sends every session is
junk whether or not the write names the session).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey
from daemon.base.timezones import turn_local
from daemon.store.db import sealer_of, upsert
from daemon.store.tables import agent_turns, messages, sessions, turns
from daemon.store.transcripts.sealed import HOST_PROMPT, HOST_TOOLS, MESSAGE_CONTENT

__all__ = [
    "RECENT_SESSIONS",
    "RECENT_TURNS",
    "RECENT_WINDOW",
    "HostPrompt",
    "SaidIn",
    "recent_prompts",
    "record",
    "said_in",
    "saved",
]

#: How many turns, up to the one a write names, are read for what it must not copy.
RECENT_TURNS = 8
#: How many of the scope's latest sessions a write naming none is read against, and how
#: recent their last event must be.
RECENT_SESSIONS = 5
RECENT_WINDOW = timedelta(days=7)
_HOST_ROLES = ("system", "developer")
_TOOL_ROLES = ("tool", "function")


async def record(
    conn: AsyncConnection, session_id: str, turn: int, scope: ScopeKey, now: datetime
) -> None:
    """Mark ``turn`` of ``session_id`` as one in which the main agent wrote (idempotent)."""
    await conn.execute(
        upsert(conn, agent_turns)
        .values(session_id=session_id, turn=turn, **scope.columns(), at=now)
        .on_conflict_do_nothing()
    )


def saved() -> sa.ColumnElement[bool]:
    """For a row of ``turns``: the main agent wrote memories in it (the guard)."""
    recorded = sa.exists().where(
        agent_turns.c.session_id == turns.c.session_id,
        agent_turns.c.turn == turns.c.turn,
        agent_turns.c.tenant == turns.c.tenant,
        agent_turns.c.project == turns.c.project,
        sa.or_(agent_turns.c.user == "", agent_turns.c.user == turns.c.user),
    )
    return sa.or_(turns.c.main_agent_saved, recorded)


@dataclass(frozen=True, slots=True)
class SaidIn:
    """What a write made in a session's turn is read against: ``at``, the turn's time in
    the zone it was said in; ``system_prompt`` and ``host_tools``, the host's, when the
    session has them; ``host_messages`` and ``tool_outputs``, the contents of the system
    and developer messages and of the tool messages of the recent turns."""

    at: datetime
    system_prompt: str | None
    host_tools: Any = None
    host_messages: tuple[str, ...] = ()
    tool_outputs: tuple[str, ...] = ()


def _in_scope(table: sa.Table, scope: ScopeKey) -> sa.ColumnElement[bool]:
    user = sa.true() if not scope.user else table.c.user == scope.user
    return sa.and_(table.c.tenant == scope.tenant, table.c.project == scope.project, user)


#: What opening a session's host prompt reads: the sealed columns and the row fields the
#: seal is bound to.
_HOST_PROMPT_COLUMNS = (
    sessions.c.host_system_prompt,
    sessions.c.host_tools,
    sessions.c.session_id,
    sessions.c.tenant,
    sessions.c.project,
    sessions.c.user,
)


async def said_in(
    conn: AsyncConnection, session_id: str, turn: int, scope: ScopeKey, now: datetime
) -> SaidIn | None:
    """The time and host prompt of ``turn`` of ``session_id``, or None when the session is
    not stored in ``scope``. A turn not stored yet (the main agent writes before its turn's
    event is sent) is taken as said ``now``, in the session's zone or its last turn's."""
    session = (
        await conn.execute(
            sa.select(sessions.c.timezone, *_HOST_PROMPT_COLUMNS).where(
                sessions.c.session_id == session_id, _in_scope(sessions, scope)
            )
        )
    ).one_or_none()
    if session is None:
        return None
    latest = (
        await conn.execute(
            sa.select(turns.c.turn, turns.c.at, turns.c.timezone, turns.c.at_offset)
            .where(
                turns.c.tenant == scope.tenant,
                turns.c.session_id == session_id,
                turns.c.turn <= turn,
            )
            .order_by(turns.c.turn.desc())
            .limit(1)
        )
    ).one_or_none()
    if latest is not None and latest.turn == turn:
        at = turn_local(latest.at, latest.timezone, session.timezone, latest.at_offset)
    else:
        at = turn_local(now, None, session.timezone, latest.at_offset if latest else None)
    sealer = sealer_of(conn)
    rows = await conn.execute(
        sa.select(messages)
        .where(
            messages.c.tenant == scope.tenant,
            messages.c.session_id == session_id,
            messages.c.turn.between(turn - RECENT_TURNS + 1, turn),
            messages.c.role.in_(_HOST_ROLES + _TOOL_ROLES),
        )
        .order_by(messages.c.turn, messages.c.seq)
    )
    said = [(m.role, MESSAGE_CONTENT.open(sealer, m.content, m)) for m in rows]
    return SaidIn(
        at,
        HOST_PROMPT.open(sealer, session.host_system_prompt, session),
        HOST_TOOLS.open(sealer, session.host_tools, session),
        tuple(text for role, text in said if role in _HOST_ROLES and text),
        tuple(text for role, text in said if role in _TOOL_ROLES and text),
    )


@dataclass(frozen=True, slots=True)
class HostPrompt:
    """A session's host prompt: its system prompt and tool schemas, either may be None."""

    system_prompt: str | None
    host_tools: Any = None


async def recent_prompts(
    conn: AsyncConnection, scope: ScopeKey, now: datetime
) -> tuple[HostPrompt, ...]:
    """The host prompts of the latest :data:`RECENT_SESSIONS` sessions of ``scope`` (its
    user's, or any user's of the project when it names none) whose last event is at most
    :data:`RECENT_WINDOW` old; sessions with neither a system prompt nor tools are skipped."""
    rows = await conn.execute(
        sa.select(*_HOST_PROMPT_COLUMNS)
        .where(
            _in_scope(sessions, scope),
            sessions.c.last_event_at >= now - RECENT_WINDOW,
            sa.or_(sessions.c.host_system_prompt.is_not(None), sessions.c.host_tools.is_not(None)),
        )
        .order_by(sessions.c.last_event_at.desc())
        .limit(RECENT_SESSIONS)
    )
    sealer = sealer_of(conn)
    return tuple(
        HostPrompt(
            HOST_PROMPT.open(sealer, row.host_system_prompt, row),
            HOST_TOOLS.open(sealer, row.host_tools, row),
        )
        for row in rows
    )
