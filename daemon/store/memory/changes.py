"""PostgreSQL: whether a project's memories changed since a snapshot (``memory_changes``).

Revision 0025's triggers add a row (tenant, project, transaction id) the first time a
transaction changes what the injection block's candidates read of a project's memories (not
their surfacing time); emptying ``memories`` adds one for every project (tenant and project
NULL). A reader keeps the snapshot it read the candidates under (``pg_current_snapshot()``)
and asks later whether any transaction it did not see has since committed such a row:
:func:`probe`, a few columns any statement can carry (the session windows' statement does,
:func:`daemon.store.transcripts.fragments.recent_versions`), or :func:`since` on its own. It
reads an index range of the rows written since the oldest transaction then running (none
while nothing changes); whatever the order transactions commit in, a write the snapshot did
not see is found, in this process or any other.

:func:`fold` (consolidation) replaces each project's rows with one of its own transaction:
that transaction commits after every row it deletes, so a snapshot that did not see one of
them does not see it either (the first readers after a fold read their candidates again);
two folds at once, or writers meanwhile, delete a row once and lose none. :func:`erase`
drops an erased project's rows (they name it) for one row for every project. SQLite keeps
no such rows (a reader there reads the candidates every time): :func:`fold` returns 0.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey
from daemon.store.db import fetch
from daemon.store.pg_text import Rider

#: The table as erasure deletes from it (revision 0025 makes it; outside the declared
#: schema, as the search tables are).
_CHANGES = sa.Table(
    "memory_changes",
    sa.MetaData(),
    sa.Column("tenant", sa.Text),
    sa.Column("project", sa.Text),
)

#: A transaction the snapshot ``{2}`` did not see wrote rows ``{rows}``: its id is at least
#: the snapshot's oldest running one (an index range) and not visible to it.
_UNSEEN = """EXISTS (SELECT 1 FROM memory_changes AS c WHERE {rows}
    AND c.xid >= pg_snapshot_xmin(CAST({2}::text AS pg_snapshot))
    AND NOT pg_visible_in_snapshot(c.xid, CAST({2}::text AS pg_snapshot)))"""

#: The columns of :func:`probe`: its parameters the tenant, the project and the snapshot
#: asked about (NULL: none, and ``memories_changed`` is false).
_PROBE = (
    "("
    + _UNSEEN.replace("{rows}", "c.tenant = {0}::text AND c.project = {1}::text")
    + " OR "
    + _UNSEEN.replace("{rows}", "c.tenant IS NULL AND c.project IS NULL")
    + ") AS memories_changed, pg_current_snapshot()::text AS memories_snapshot"
)

#: The projects with more than one row (and every project's rows, tenant NULL, when more
#: than one), up to ``$1`` of them, folded into one row each of this transaction.
_FOLD = """WITH spread AS (
    SELECT tenant, project FROM memory_changes WHERE tenant IS NOT NULL
    GROUP BY tenant, project HAVING count(*) > 1 LIMIT $1
), scoped AS (
    DELETE FROM memory_changes AS c USING spread AS s
    WHERE c.tenant = s.tenant AND c.project = s.project
    RETURNING c.tenant, c.project
), everyone AS (
    DELETE FROM memory_changes
    WHERE tenant IS NULL AND (SELECT count(*) FROM memory_changes WHERE tenant IS NULL) > 1
    RETURNING tenant, project
), gone AS (
    SELECT tenant, project FROM scoped UNION ALL SELECT tenant, project FROM everyone
), kept AS (
    INSERT INTO memory_changes (tenant, project, xid)
    SELECT DISTINCT tenant, project, pg_current_xact_id() FROM gone
)
SELECT count(*) AS projects FROM (SELECT DISTINCT tenant, project FROM gone) AS folded"""


@dataclass(frozen=True, slots=True)
class Since:
    """What a probe read: whether a project's memories changed since the snapshot asked
    about (``asked``; False when none was), and the snapshot it read in."""

    asked: str | None
    changed: bool
    snapshot: str


def probe(scope: ScopeKey, snapshot: str | None) -> Rider:
    """The columns that tell whether ``scope``'s project changed since ``snapshot`` (a
    snapshot as :attr:`Since.snapshot` gave it; None: none asked), for a statement to carry;
    :func:`read` makes them a :class:`Since`."""
    return Rider(_PROBE, (scope.tenant, scope.project, snapshot))


def read(rider: Rider, record: Mapping[str, Any]) -> Since:
    """What ``rider``'s columns in ``record`` say."""
    return Since(
        asked=rider.args[2],
        changed=bool(record["memories_changed"]),
        snapshot=str(record["memories_snapshot"]),
    )


async def since(conn: AsyncConnection, rider: Rider) -> Since:
    """:func:`probe`'s columns as a statement of their own (where no statement the reader
    makes anyway carries them)."""
    [record] = await fetch(conn, f"SELECT {rider.render(1)}", *rider.args)
    return read(rider, record)


async def fold(conn: AsyncConnection, projects: int) -> int:
    """Replace the rows of up to ``projects`` projects that have several with one each
    (and those for every project, when several): how many were folded (PostgreSQL; SQLite
    keeps none: 0). Repeated until it folds none, it leaves one row a project."""
    if conn.dialect.name != "postgresql":
        return 0
    [record] = await fetch(conn, _FOLD, projects)
    return int(record["projects"])


async def erase(conn: AsyncConnection, where: Callable[[sa.Table], sa.ColumnElement[bool]]) -> None:
    """A project's erasure (``where`` selects by project and tenant, never by user): its
    rows go, with the memories, and one row for every project takes their place, so that
    no reader keeps what it read of them (PostgreSQL; SQLite keeps none)."""
    if conn.dialect.name != "postgresql":
        return
    gone = await conn.execute(sa.delete(_CHANGES).where(where(_CHANGES)))
    if gone.rowcount:
        await conn.execute(
            sa.text(
                "INSERT INTO memory_changes (tenant, project, xid) "
                "VALUES (NULL, NULL, pg_current_xact_id())"
            )
        )
