"""PostgreSQL: each scope's document counts as the store keeps them (``memory_term_counts``).

Revision 0024's triggers add a row for each tenant, project, user (``''``: the project's
shared memories) and lexeme whose count a statement moves, by how much; a count is the sum
of its key's rows. :func:`counted` reads a scope's counts of some lexemes (one statement, an
index range a lexeme); :func:`fold` sums each key's rows into one (consolidation runs it),
so that a count reads a row or a few rather than one a write; :func:`erase` drops an erased
scope's rows with its memories. Folding deletes the rows it
sums and inserts their sum in one statement: a row is deleted by one statement only, so two
folds at once, or writers meanwhile, neither lose nor count a row twice. Held memories are
not counted (their author alone sees them; the counts only choose what a search matches on).
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey
from daemon.store.db import fetch
from daemon.store.memory.record import scope_users

#: The table as erasure selects from it (revision 0024 makes it; outside the declared
#: schema, as the other search tables are).
_COUNTS = sa.Table(
    "memory_term_counts",
    sa.MetaData(),
    sa.Column("tenant", sa.Text),
    sa.Column("project", sa.Text),
    sa.Column("user", sa.Text),
    sa.Column("lexeme", sa.Text),
    sa.Column("docs", sa.Integer),
)

#: A range of the index a lexeme (whatever the table's statistics say).
_COUNTED = """SELECT l.lexeme, (
    SELECT sum(c.docs) FROM memory_term_counts AS c
    WHERE c.tenant = $1 AND c.project = $2 AND c.lexeme = l.lexeme AND c."user" = ANY($3::text[])
) AS docs FROM unnest($4::text[]) AS l(lexeme)"""

_FOLD = """WITH spread AS (
    SELECT tenant, project, "user", lexeme FROM memory_term_counts
    GROUP BY tenant, project, "user", lexeme HAVING count(*) > 1 OR sum(docs) = 0
    LIMIT $1
), gone AS (
    DELETE FROM memory_term_counts AS c USING spread AS s
    WHERE c.tenant = s.tenant AND c.project = s.project AND c."user" = s."user"
        AND c.lexeme = s.lexeme
    RETURNING c.tenant, c.project, c."user", c.lexeme, c.docs
), summed AS (
    INSERT INTO memory_term_counts (tenant, project, "user", lexeme, docs)
    SELECT tenant, project, "user", lexeme, sum(docs) FROM gone
    GROUP BY tenant, project, "user", lexeme HAVING sum(docs) <> 0
)
SELECT count(*) AS rows FROM gone"""


async def counted(conn: AsyncConnection, scope: ScopeKey, lexemes: list[str]) -> dict[str, int]:
    """How many live memories ``scope`` sees (not held for review) hold each lexeme: every
    lexeme given, 0 for one no memory holds."""
    found = dict.fromkeys(lexemes, 0)
    users = scope_users(scope)
    for record in await fetch(conn, _COUNTED, scope.tenant, scope.project, users, lexemes):
        found[record["lexeme"]] = max(int(record["docs"] or 0), 0)
    return found


async def fold(conn: AsyncConnection, keys: int) -> int:
    """Sum the rows of up to ``keys`` keys spread over several (or summing to 0) into one
    each, dropping those whose sum is 0: the rows read (PostgreSQL; SQLite keeps no such
    counts: 0). Repeated until it reads none, it leaves one row a key."""
    if conn.dialect.name != "postgresql":
        return 0
    [record] = await fetch(conn, _FOLD, keys)
    return int(record["rows"])


async def erase(conn: AsyncConnection, where: Callable[[sa.Table], sa.ColumnElement[bool]]) -> None:
    """Drop the rows ``where`` selects (by tenant, project and user) once their memories are
    deleted, rather than leave the erased scope's words, summing to nothing, until a fold
    (PostgreSQL; SQLite's postings go with their memories)."""
    if conn.dialect.name == "postgresql":
        await conn.execute(sa.delete(_COUNTS).where(where(_COUNTS)))
