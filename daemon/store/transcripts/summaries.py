"""Session summaries: the only code that reads and writes ``session_summaries``.

memoryd's workers keep a rolling structured summary of every session
(:mod:`daemon.maintenance.session_summary` builds it from the stored turns, at no model
cost), so that a host can compact its context with a summary that is already there. One row
per session (tenant, session id) holds the summary's state as JSON: what is shown
(:class:`SessionSummary`: the goal, key decisions, what was accomplished, what is in
progress, the relevant files) and what the next update goes on from (``progress``, opaque
here). The state is sealed at rest like the transcript (:data:`SUMMARY_STATE
<daemon.store.transcripts.sealed.SUMMARY_STATE>`); ``through_turn`` is the last turn it
covers.

A row goes with its session: ``ON DELETE CASCADE`` to ``sessions``, and every erasure names
the table (:func:`delete_of_sessions`, :func:`delete_in`); and with old transcripts
(:func:`prune`, by retention, once the session had no new turn for that long).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import SessionKey
from daemon.store.db import Store, sealer_of
from daemon.store.erasure_scope import ErasureScope
from daemon.store.tables import session_summaries, turns
from daemon.store.transcripts.sealed import SUMMARY_STATE

_t = session_summaries

#: The headings of a rendered summary, in order.
HEADINGS = ("Goal", "Key Decisions", "Accomplished", "In Progress", "Relevant Files")


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """A session's rolling summary as hosts read it (``GET /v1/sessions/{id}/summary``)."""

    session_id: str
    goal: str
    key_decisions: tuple[str, ...]
    accomplished: tuple[str, ...]
    in_progress: str
    relevant_files: tuple[str, ...]
    through_turn: int
    updated_at: datetime

    def fields(self) -> dict[str, Any]:
        """The five parts, as JSON (``summary`` in the HTTP answer)."""
        return {
            "goal": self.goal,
            "key_decisions": list(self.key_decisions),
            "accomplished": list(self.accomplished),
            "in_progress": self.in_progress,
            "relevant_files": list(self.relevant_files),
        }

    def render(self) -> str:
        """The summary as markdown, under the five headings in order (an empty part says
        so), ready to stand in for the messages it covers."""
        return render(
            self.goal, self.key_decisions, self.accomplished, self.in_progress, self.relevant_files
        )


def render(
    goal: str,
    key_decisions: Sequence[str],
    accomplished: Sequence[str],
    in_progress: str,
    relevant_files: Sequence[str],
) -> str:
    """The markdown of a summary's five parts (see :meth:`SessionSummary.render`)."""

    def items(values: Sequence[str]) -> str:
        return "\n".join(f"- {value}" for value in values) or "(none)"

    parts = (
        goal or "(not stated)",
        items(key_decisions),
        items(accomplished),
        in_progress or "(nothing pending)",
        items([f"`{path}`" for path in relevant_files]),
    )
    return "\n\n".join(
        f"## {heading}\n{body}" for heading, body in zip(HEADINGS, parts, strict=True)
    )


@dataclass(frozen=True, slots=True)
class Stored:
    """A stored summary with its scope and the builder's progress (what the next update
    goes on from)."""

    summary: SessionSummary
    project: str
    user: str
    progress: dict[str, Any]


def _strings(values: Any) -> tuple[str, ...]:
    return tuple(str(value) for value in values or ())


def _open(conn: AsyncConnection, row: Any) -> Stored:
    state = json.loads(SUMMARY_STATE.open(sealer_of(conn), row.state, row))
    shown = state.get("summary") or {}
    summary = SessionSummary(
        session_id=row.session_id,
        goal=str(shown.get("goal") or ""),
        key_decisions=_strings(shown.get("key_decisions")),
        accomplished=_strings(shown.get("accomplished")),
        in_progress=str(shown.get("in_progress") or ""),
        relevant_files=_strings(shown.get("relevant_files")),
        through_turn=int(row.through_turn),
        updated_at=row.updated_at,
    )
    return Stored(summary, row.project, row.user, dict(state.get("progress") or {}))


async def read_stored(conn: AsyncConnection, tenant: str, session_id: str) -> Stored | None:
    """``tenant``'s session's summary with its scope and progress, or None."""
    row = (
        await conn.execute(
            sa.select(_t).where(_t.c.tenant == tenant, _t.c.session_id == session_id)
        )
    ).one_or_none()
    return None if row is None else _open(conn, row)


async def read_summary(
    source: AsyncConnection | Store, tenant: str, session_id: str
) -> SessionSummary | None:
    """``tenant``'s session's summary, or None when it has none yet; ``source`` is a
    connection or a store (a read connection is taken from it). No scope check: a caller
    that answers a key checks the scope (:func:`read_stored` returns it)."""
    if isinstance(source, Store):
        async with source.read() as conn:
            found = await read_stored(conn, tenant, session_id)
    else:
        found = await read_stored(source, tenant, session_id)
    return None if found is None else found.summary


async def write(
    conn: AsyncConnection,
    *,
    tenant: str,
    project: str,
    user: str,
    summary: SessionSummary,
    progress: dict[str, Any],
    previous_turn: int | None,
) -> bool:
    """Store ``summary`` (and ``progress``) as the session's, if its stored summary still
    covers ``previous_turn`` (None: it has none): a compare-and-set, so that of two updates
    racing, the second changes nothing. Returns whether it was stored."""
    row = {"tenant": tenant, "project": project, "user": user, "session_id": summary.session_id}
    state = json.dumps({"summary": summary.fields(), "progress": progress}, ensure_ascii=False)
    values = {
        "state": SUMMARY_STATE.seal(sealer_of(conn), state, row),
        "through_turn": summary.through_turn,
        "updated_at": summary.updated_at,
    }
    if previous_turn is None:
        exists = await conn.execute(
            sa.select(_t.c.through_turn).where(
                _t.c.tenant == tenant, _t.c.session_id == summary.session_id
            )
        )
        if exists.first() is not None:
            return False
        await conn.execute(sa.insert(_t).values(**row, **values))
        return True
    updated = await conn.execute(
        sa.update(_t)
        .where(
            _t.c.tenant == tenant,
            _t.c.session_id == summary.session_id,
            _t.c.through_turn == previous_turn,
        )
        .values(project=project, user=user, **values)
    )
    return int(updated.rowcount) == 1


async def turns_after(
    conn: AsyncConnection, tenant: str, session_id: str, after: int, limit: int = 500
) -> int | None:
    """The number of the last of the (at most ``limit``) stored turns that follow turn
    ``after`` of the session, or None when none does: how far the next update reads."""
    rows = await conn.execute(
        sa.select(turns.c.turn)
        .where(turns.c.tenant == tenant, turns.c.session_id == session_id, turns.c.turn > after)
        .order_by(turns.c.turn)
        .limit(max(1, limit))
    )
    found = [int(row[0]) for row in rows]
    return found[-1] if found else None


def _of_sessions(keys: list[SessionKey]) -> sa.ColumnElement[bool]:
    return sa.tuple_(_t.c.tenant, _t.c.session_id).in_(keys)


async def delete_of_sessions(conn: AsyncConnection, keys: list[SessionKey]) -> int:
    """Delete the summaries of these sessions (each of its own tenant); how many."""
    if not keys:
        return 0
    result = await conn.execute(sa.delete(_t).where(_of_sessions(keys)))
    return int(result.rowcount)


async def delete_in(conn: AsyncConnection, erased: ErasureScope) -> int:
    """Delete the summaries in ``erased``'s scope; how many."""
    result = await conn.execute(sa.delete(_t).where(erased.where(_t)))
    return int(result.rowcount)


async def prune(conn: AsyncConnection, cutoff: datetime) -> int:
    """Delete the summaries last updated before ``cutoff`` (the transcript's retention): a
    summary is not kept longer than the turns it was built from."""
    result = await conn.execute(sa.delete(_t).where(_t.c.updated_at < cutoff))
    return int(result.rowcount)


async def count(conn: AsyncConnection) -> int:
    found = await conn.execute(sa.select(sa.func.count()).select_from(_t))
    return int(found.scalar_one())
