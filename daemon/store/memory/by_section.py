"""Sections of memories (as the injection block and the manifest group them) and the query
that reads their candidates.

Each section is a set of (class, type) pairs of the ``ix_memories_recall`` index; the
candidates of every pair and every ``user`` value of the scope are read newest first (pinned
before them) in one UNION ALL statement, each branch an index range with a small LIMIT.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey
from daemon.gate.kinds import COMPACTION, MemoryClass, MemoryType
from daemon.store import pg_text
from daemon.store.db import fetch, sealer_of
from daemon.store.memory.record import (
    COLUMNS,
    PG_COLUMNS,
    Memory,
    from_record,
    from_row,
    intact,
    reviewed,
    scope_users,
    seen,
)
from daemon.store.tables import memories


@dataclass(frozen=True, slots=True)
class Section:
    """A titled group of memories: one class, some types, summaries or not, at most
    ``cap`` of them."""

    title: str
    memory_class: MemoryClass
    types: tuple[MemoryType, ...]
    #: True: compaction summaries only; False: everything but them; None: either.
    compaction: bool | None = None
    cap: int | None = None

    def holds(self, memory: Memory) -> bool:
        if memory.memory_class != self.memory_class or memory.type not in self.types:
            return False
        if self.compaction is None:
            return True
        return (memory.created_by == COMPACTION) == self.compaction


def _branch(user_param: str, section: Section, memory_type: str, index: int, limit: int) -> Any:
    conditions = [
        memories.c.tenant == sa.bindparam("tenant"),
        memories.c.project == sa.bindparam("project"),
        memories.c.user == sa.bindparam(user_param),
        memories.c["class"] == section.memory_class,
        memories.c.type == memory_type,
        memories.c.deleted_at.is_(None),
        reviewed(sa.bindparam("reader")),
    ]
    if section.compaction is True:
        conditions.append(memories.c.created_by == COMPACTION)
    elif section.compaction is False:
        conditions.append(memories.c.created_by != COMPACTION)
    inner = (
        sa.select(*COLUMNS, sa.literal_column(str(index), sa.Integer).label("section"))
        .where(*conditions)
        .order_by(memories.c.pinned.desc(), memories.c.updated_at.desc(), memories.c.id.desc())
        .limit(limit)
        .subquery()
    )
    return sa.select(*inner.c)


@functools.lru_cache(maxsize=64)
def _statement(layout: tuple[Section, ...], users: int, per_section: int) -> Any:
    """One UNION ALL over every section, type and user (built once: building costs more than
    running it)."""
    return sa.union_all(
        *(
            _branch(f"user{u}", section, memory_type, index, min(per_section, section.cap or 10**6))
            for index, section in enumerate(layout)
            for memory_type in section.types
            for u in range(users)
        )
    )


#: Which memories the scope sees (:func:`~.record.seen`) on the LATERAL statement's
#: parameters: the tenant, the project, its row's one of the two ``user`` values, the
#: reader's user.
_PG_SEEN = pg_text.condition(
    seen(
        pg_text.parameter("$1"),
        pg_text.parameter("$2"),
        [pg_text.parameter("(CASE k.u WHEN 0 THEN $3 ELSE $4 END)")],
        pg_text.parameter("$5"),
    )
)

_LATERAL = (
    f"SELECT {PG_COLUMNS}, k.section"
    + """
FROM (VALUES {values}) AS k(section, k_class, k_type, u, k_compaction, lim)
CROSS JOIN LATERAL (
  SELECT * FROM memories
  WHERE {seen}
    AND class = k.k_class AND type = k.k_type
    AND (k.k_compaction IS NULL OR (created_by = '{compaction}') = k.k_compaction)
  ORDER BY pinned DESC, updated_at DESC, id DESC
  LIMIT k.lim
) AS m"""
)


@functools.lru_cache(maxsize=64)
def _lateral(layout: tuple[Section, ...], users: int, per_section: int) -> str:
    """PostgreSQL: the same as one statement over a VALUES list, so that it is planned once
    (planning a UNION of two dozen branches takes longer than running it); run on the
    driver's connection (:func:`~daemon.store.db.fetch`), its parameters the tenant, the
    project, the two ``user`` values and the reader's user."""
    flags = {True: "TRUE", False: "FALSE", None: "NULL::boolean"}
    rows = [
        f"({index}, '{section.memory_class}', '{memory_type}', {u}, "
        f"{flags[section.compaction]}, {min(per_section, section.cap or 10**6)})"
        for index, section in enumerate(layout)
        for memory_type in section.types
        for u in range(users)
    ]
    return _LATERAL.format(values=", ".join(rows), compaction=COMPACTION, seen=_PG_SEEN)


async def candidates(
    conn: AsyncConnection, scope: ScopeKey, layout: tuple[Section, ...], per_section: int
) -> list[list[Memory]]:
    """For each section, its newest memories (pinned first), at most ``per_section``."""
    users = scope_users(scope)
    sealer = sealer_of(conn)
    found: list[list[Memory]] = [[] for _ in layout]
    if conn.dialect.name == "postgresql":
        named = [scope.tenant, scope.project, *users, *[""] * (2 - len(users)), scope.user]
        statement = _lateral(layout, len(users), per_section)
        for record in await fetch(conn, statement, *named):
            if intact(sealer, record):
                found[record["section"]].append(from_record(record))
    else:
        params = {"tenant": scope.tenant, "project": scope.project, "user0": "", "user1": ""}
        params["reader"] = scope.user
        params.update({f"user{u}": user for u, user in enumerate(users)})
        for row in await conn.execute(_statement(layout, len(users), per_section), params):
            if intact(sealer, row):
                found[row.section].append(from_row(row))
    for group in found:
        group.sort(key=lambda m: (not m.pinned, -m.updated_at.timestamp(), -m.id))
    return found
