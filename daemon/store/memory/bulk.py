"""Set-based removal of many memories at once, each change with its history row.

A step hands over a *candidates* query (columns ``id``, ``reason`` and optionally ``note``,
a JSON object for the history's ``new``) and the conditions to check again at the moment of
the change (``recheck``). Rows no longer matching them are left alone, so a memory pinned or
restored by someone else meanwhile is never removed.

PostgreSQL: one statement per batch, the candidates, the UPDATE/DELETE and the INSERT of the
history rows chained as data-modifying CTEs, so exactly the rows changed get a history row.
SQLite (one writer at a time): the candidates are kept in a temporary table, then the history
rows are written and the rows changed, in the same transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.gate.kinds import Action, Actor
from daemon.store.memory import history
from daemon.store.tables import UTCDateTime, memories

_doomed = sa.Table(
    "maintenance_doomed",
    sa.MetaData(),
    sa.Column("id", sa.Integer(), primary_key=True),
    sa.Column("reason", sa.Text(), nullable=False),
    sa.Column("note", sa.Text(), nullable=True),
    prefixes=["TEMPORARY"],
)
_DOOMED_DDL = (
    "CREATE TEMP TABLE IF NOT EXISTS maintenance_doomed "
    "(id INTEGER PRIMARY KEY, reason TEXT NOT NULL, note TEXT)"
)

Recheck = Sequence[sa.ColumnElement[bool]]
_NO_JSON = sa.cast(sa.null(), sa.JSON())


def is_postgres(conn: AsyncConnection) -> bool:
    return conn.dialect.name == "postgresql"


async def tune(conn: AsyncConnection) -> None:
    """Planner settings for this transaction's maintenance statements (PostgreSQL): their
    candidates are sorted by id, so looking each up by primary key reads the table nearly in
    order, which the default ``random_page_cost`` (meant for spinning disks) prices as random
    reads and answers with whole-table scans; and sorts of a batch fit in memory."""
    if is_postgres(conn):
        await conn.execute(sa.text("SET LOCAL random_page_cost = 1.1"))
        await conn.execute(sa.text("SET LOCAL work_mem = '64MB'"))


def literal(text: str) -> sa.ColumnElement[Any]:
    """A string constant written into the SQL (partial-index predicates need literals)."""
    return sa.literal_column("'" + text.replace("'", "''") + "'")


def at(now: datetime) -> sa.ColumnElement[datetime]:
    return sa.literal(now, UTCDateTime())


def json_object(conn: AsyncConnection, **fields: Any) -> sa.ColumnElement[Any]:
    """A JSON object built in SQL; boolean columns stay JSON booleans on SQLite."""
    args: list[Any] = []
    for key, value in fields.items():
        boolean = isinstance(value, sa.ColumnElement) and isinstance(value.type, sa.Boolean)
        if boolean and not is_postgres(conn):
            value = sa.case((value, sa.func.json("true")), else_=sa.func.json("false"))
        args += [literal(key), value]
    if is_postgres(conn):
        return sa.func.json_build_object(*args)
    return sa.func.json_object(*args)


def snapshot(conn: AsyncConnection, table: Any = memories) -> sa.ColumnElement[Any]:
    """What a memory was, for the history's ``old`` (as :func:`history.snapshot` makes it)."""
    c = table.c
    return json_object(
        conn,
        type=c.type,
        title=c.title,
        content=c.content,
        pinned=c.pinned,
        **{"class": c["class"]},
    )


def in_id_order(candidates: sa.Select[Any]) -> sa.Select[Any]:
    """The candidates sorted by id: rows are then changed in the order they were written,
    page after page, instead of at random (several times faster on a large table)."""
    chosen = candidates.subquery("chosen")
    return sa.select(*chosen.c).order_by(chosen.c.id)


def history_row(
    source: Any,
    *,
    memory_id: Any,
    action: Action,
    actor_id: str | None,
    reason: Any,
    old: Any,
    new: Any,
    now: datetime,
) -> list[Any]:
    """The history row (by maintenance) of each row of ``source``."""
    return history.columns(
        source, memory_id=memory_id, action=action, actor=Actor.MAINTENANCE,
        actor_id=actor_id, reason=reason, old=old, new=new, now=now,
    )  # fmt: skip


async def sqlite_temp(conn: AsyncConnection, ddl: str, table: sa.Table) -> None:
    """Create (once per connection) and empty a temporary work table."""
    await conn.execute(sa.text(ddl))
    await conn.execute(sa.delete(table))


async def tombstone(
    conn: AsyncConnection,
    candidates: sa.Select[Any],
    *,
    action: Action,
    now: datetime,
    actor_id: str | None,
    recheck: Recheck = (),
) -> int:
    """Tombstone the live candidates still matching ``recheck``; returns how many."""
    live = memories.c.deleted_at.is_(None)
    values = {"deleted_at": now, "updated_at": now}
    if is_postgres(conn):
        src = in_id_order(candidates).cte("doomed")
        note = src.c.note if "note" in src.c else _NO_JSON
        moved = (
            sa.update(memories)
            .where(memories.c.id == src.c.id, live, *recheck)
            .values(deleted_reason=src.c.reason, **values)
            .returning(
                memories.c.id,
                memories.c.tenant,
                memories.c.project,
                memories.c.user,
                src.c.reason.label("reason"),
                snapshot(conn).label("old"),
                note.label("note"),
            )
            .cte("moved")
        )
        row = history_row(
            moved, memory_id=moved.c.id, action=action, actor_id=actor_id,
            reason=moved.c.reason, old=moved.c.old, new=moved.c.note, now=now,
        )  # fmt: skip
        result = await conn.execute(history.insert_from(sa.select(*row)))
        return int(result.rowcount)
    await sqlite_temp(conn, _DOOMED_DDL, _doomed)
    columns = (
        ["id", "reason", "note"] if "note" in candidates.selected_columns else ["id", "reason"]
    )
    await conn.execute(sa.insert(_doomed).from_select(columns, candidates))
    row = history_row(
        memories, memory_id=memories.c.id, action=action, actor_id=actor_id,
        reason=_doomed.c.reason, old=snapshot(conn), new=_doomed.c.note, now=now,
    )  # fmt: skip
    rows = sa.select(*row).join_from(memories, _doomed, memories.c.id == _doomed.c.id)
    await conn.execute(history.insert_from(rows.where(live, *recheck)))
    reason = sa.select(_doomed.c.reason).where(_doomed.c.id == memories.c.id).scalar_subquery()
    result = await conn.execute(
        sa.update(memories)
        .where(memories.c.id.in_(sa.select(_doomed.c.id)), live, *recheck)
        .values(deleted_reason=reason, **values)
    )
    return int(result.rowcount)


async def purge(
    conn: AsyncConnection,
    candidates: sa.Select[Any],
    *,
    now: datetime,
    actor_id: str | None,
    recheck: Recheck = (),
) -> int:
    """Delete tombstoned candidates for good, with their history (it holds their content);
    one ``purge`` history row, without content, says that they existed."""
    gone_now = memories.c.deleted_at.is_not(None)
    if is_postgres(conn):
        src = in_id_order(candidates).cte("doomed")
        gone = (
            sa.delete(memories)
            .where(memories.c.id == src.c.id, gone_now, *recheck)
            .returning(
                memories.c.id,
                memories.c.tenant,
                memories.c.project,
                memories.c.user,
                src.c.reason.label("reason"),
            )
            .cte("gone")
        )
        erased = history.delete_matching(gone.c.id).cte("erased")
        row = history_row(
            gone, memory_id=gone.c.id, action=Action.PURGE, actor_id=actor_id,
            reason=gone.c.reason, old=None, new=None, now=now,
        )  # fmt: skip
        result = await conn.execute(history.insert_from(sa.select(*row)).add_cte(erased))
        return int(result.rowcount)
    await sqlite_temp(conn, _DOOMED_DDL, _doomed)
    await conn.execute(sa.insert(_doomed).from_select(["id", "reason"], candidates))
    doomed = sa.select(_doomed.c.id)
    chosen = sa.select(memories.c.id).where(memories.c.id.in_(doomed), gone_now, *recheck)
    await conn.execute(history.delete_for(chosen))
    row = history_row(
        memories, memory_id=memories.c.id, action=Action.PURGE, actor_id=actor_id,
        reason=_doomed.c.reason, old=None, new=None, now=now,
    )  # fmt: skip
    rows = sa.select(*row).join_from(memories, _doomed, memories.c.id == _doomed.c.id)
    await conn.execute(history.insert_from(rows.where(gone_now, *recheck)))
    result = await conn.execute(
        sa.delete(memories).where(memories.c.id.in_(doomed), gone_now, *recheck)
    )
    return int(result.rowcount)
