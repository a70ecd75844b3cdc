"""The one writer of ``memory_history``: every change to a memory leaves a row here.

A row says which memory changed, in which scope, what was done (:class:`Action`), by whom
(:class:`Provenance`: an extraction run, the main agent, an operator or maintenance), why,
and what the memory was before (``old``) and after (``new``). A single change writes its row
with :func:`record`; a set-based change (maintenance's batches) selects its rows with
:func:`columns` and inserts them with :func:`insert_from`. History is otherwise only taken
away: a purge deletes a memory's history with it (:func:`delete_for`: it holds the content),
an erasure redacts it (:func:`redact`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.sql.dml import ReturningDelete

from daemon.base.scope import ScopeKey
from daemon.gate.kinds import Action, Actor
from daemon.store.tables import UTCDateTime, memory_history

#: The columns :func:`insert_from` fills, in the order :func:`columns` gives them.
COLUMNS = (
    "memory_id", "tenant", "project", "user", "action", "actor", "actor_id", "reason", "old",
    "new", "at",
)  # fmt: skip
_NO_JSON = sa.cast(sa.null(), sa.JSON())


@dataclass(frozen=True, slots=True)
class Provenance:
    """Who made a change, and from where.

    ``actor`` is the kind of writer and ``actor_id`` names it (a run id, a session id, an
    operator's login); ``session_id``, ``turns`` and ``run_id`` say where a memory's content
    came from, ``source_user`` the user whose session it was (kept on shared memories too)
    and ``source_key`` the agent key that wrote it; ``created_by`` is recorded on the
    memories it creates (``extractor:NAME``, ``compaction``, ``agent``, ``operator``…).
    """

    actor: Actor
    actor_id: str | None = None
    session_id: str | None = None
    source_user: str | None = None
    source_key: str | None = None
    turns: str | None = None
    run_id: int | None = None
    created_by: str = "extractor"


def snapshot(row: Any) -> dict[str, Any]:
    """What a memory was, for a history row's ``old`` or ``new``."""
    return {
        "type": row.type,
        "class": row._mapping["class"],
        "title": row.title,
        "content": row.content,
        "pinned": row.pinned,
    }


async def record(
    conn: AsyncConnection,
    memory_id: int,
    scope: ScopeKey,
    action: Action,
    prov: Provenance,
    now: datetime,
    *,
    old: dict[str, Any] | None = None,
    new: dict[str, Any] | None = None,
    reason: str | None = None,
) -> None:
    """Write the history row of one change."""
    await conn.execute(
        sa.insert(memory_history).values(
            memory_id=memory_id,
            **scope.columns(),
            action=str(action),
            actor=str(prov.actor),
            actor_id=prov.actor_id,
            reason=reason,
            old=old,
            new=new,
            at=now,
        )
    )


def columns(
    source: Any,
    *,
    memory_id: Any,
    action: Action,
    actor: Actor,
    actor_id: str | None,
    reason: Any,
    old: Any,
    new: Any,
    now: datetime,
) -> list[Any]:
    """The history row of each row of ``source`` (a table, CTE or alias with the scope
    columns), as SQL expressions in :data:`COLUMNS` order."""
    return [
        memory_id,
        source.c.tenant,
        source.c.project,
        source.c.user,
        sa.literal(str(action)),
        sa.literal(str(actor)),
        sa.literal(actor_id, sa.String()),
        reason,
        old if old is not None else _NO_JSON,
        new if new is not None else _NO_JSON,
        sa.literal(now, UTCDateTime()),
    ]


def insert_from(rows: sa.Select[Any] | sa.CompoundSelect[Any]) -> sa.Insert:
    """INSERT INTO memory_history the rows of a select of :func:`columns`."""
    return sa.insert(memory_history).from_select(list(COLUMNS), rows)


def of_memory(memory_id: int) -> sa.Select[Any]:
    """A memory's history, oldest change first."""
    return (
        sa.select(memory_history)
        .where(memory_history.c.memory_id == memory_id)
        .order_by(memory_history.c.id)
    )


def delete_for(memory_ids: sa.Select[Any]) -> sa.Delete:
    """Delete the history of the memories ``memory_ids`` selects."""
    return sa.delete(memory_history).where(memory_history.c.memory_id.in_(memory_ids))


def delete_matching(memory_id: sa.ColumnElement[Any]) -> ReturningDelete[tuple[int]]:
    """Delete the history of the memories whose ids ``memory_id`` (a CTE's column) holds,
    returning the rows' ids, so that it chains as a CTE."""
    return (
        sa.delete(memory_history)
        .where(memory_history.c.memory_id == memory_id)
        .returning(memory_history.c.id)
    )


async def redact(
    conn: AsyncConnection,
    memory_ids: sa.ScalarSelect[Any],
    where: Callable[[sa.Table], sa.ColumnElement[bool]],
    *,
    user: bool,
    project: bool,
    erased: str,
) -> int:
    """Redact the history of ``memory_ids`` and the rows ``where`` selects: their content
    (``old``/``new``) becomes ``{"erased": true}``, the reason goes, and the erased names
    (``user``, ``project``) become ``erased``; returns how many rows."""
    scrub: dict[str, Any] = {"reason": None}
    if user:
        scrub["user"] = erased
    if project:
        scrub["project"] = erased
        scrub["user"] = sa.case((memory_history.c.user == "", ""), else_=erased)
    chosen = sa.or_(memory_history.c.memory_id.in_(memory_ids), where(memory_history))
    for column in ("old", "new"):
        await conn.execute(
            sa.update(memory_history)
            .where(chosen, memory_history.c[column].is_not(None))
            .values({column: {"erased": True}})
        )
    redacted = await conn.execute(sa.update(memory_history).where(chosen).values(scrub))
    return int(redacted.rowcount)
