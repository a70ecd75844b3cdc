"""SQLite: each scope's postings in ``memory_terms``, the index search ranks from.

``memory_terms`` (revision 0016, kept by triggers on ``memories``) holds a row per live
memory and stem, keyed by tenant, project and stem, with the stem's count in the title and
in the content and the memory's length in tokens. Every statement here names the tenant and
project first, so that it reads the searching project's postings only: another tenant's
memories cost a search nothing, and change nothing it counts or ranks. The rest of what a
scope sees (its users, a held memory only in its author's scope) and a search's filters
(types, classes) are columns of the same rows.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey
from daemon.store.memory.filters import UNBOUNDED, SearchFilter, exists_sql, typed
from daemon.store.memory.record import scope_users

_COLUMNS = "memory_id, term, title_tf, content_tf, length"


@dataclass(slots=True)
class Posted:
    """One memory's length in tokens and, for each of a search's terms it holds, how many
    of its tokens are that term in the title and in the content."""

    length: int
    terms: dict[str, tuple[int, int]] = field(default_factory=dict)


def _seen(types: bool, classes: bool) -> str:
    """The postings a scope sees (its tenant, project, users, what review lets its reader
    see) and the filters asked for, as SQL."""
    found = (
        'tenant = :tenant AND project = :project AND "user" IN :users '
        "AND (held_for IS NULL OR held_for = :reader)"
    )
    if types:
        found += " AND type IN :types"
    if classes:
        found += ' AND "class" IN :classes'
    return found


def _params(scope: ScopeKey, types: Collection[str], classes: Collection[str]) -> dict[str, Any]:
    return {
        "tenant": scope.tenant,
        "project": scope.project,
        "users": scope_users(scope),
        "reader": scope.user,
        "types": sorted(types),
        "classes": sorted(classes),
    }


def _text(statement: str, *typed_params: sa.BindParameter[Any], **expanding: bool) -> sa.TextClause:
    names = [name for name, on in expanding.items() if on]
    expanded: list[sa.BindParameter[Any]] = [sa.bindparam(n, expanding=True) for n in names]
    return sa.text(statement).bindparams(*expanded, *typed_params)


async def document_counts(
    conn: AsyncConnection, scope: ScopeKey, terms: list[str], cap: int
) -> dict[str, int]:
    """How many of the memories ``scope`` sees hold each stem, up to ``cap``: one
    statement for all of them."""
    if not terms:
        return {}
    columns = ", ".join(
        f"(SELECT count(*) FROM (SELECT 1 FROM memory_terms WHERE {_seen(False, False)} "
        f"AND term = :t{n} LIMIT {int(cap)}))"
        for n in range(len(terms))
    )
    params = {**_params(scope, (), ()), **{f"t{n}": t for n, t in enumerate(terms)}}
    row = (await conn.execute(_text(f"SELECT {columns}", users=True), params)).one()
    return {term: int(count) for term, count in zip(terms, row, strict=True)}


async def postings(
    conn: AsyncConnection,
    scope: ScopeKey,
    terms: tuple[str, ...],
    *,
    every: bool,
    types: Collection[str] = (),
    classes: Collection[str] = (),
    bounds: SearchFilter | None = None,
    newest: int,
) -> dict[int, Posted]:
    """The memories ``scope`` sees holding any of ``terms`` (all of them with ``every``),
    by id, with their postings of ``terms``. At most the ``newest`` of each term's are
    read; with ``every`` the newest of the first term's (the rarest) that hold the rest.
    ``bounds``: only memories within its times and source session (read per candidate
    inside the same statement, so the newest are counted among those)."""
    params = _params(scope, types, classes)
    shape = bounds.shape() if bounds is not None else UNBOUNDED
    seen = _seen(bool(types), bool(classes)) + exists_sql(shape, "memory_terms")
    if bounds is not None:
        params.update(bounds.bounds())
    heads = terms[:1] if every else terms
    arms = " UNION ALL ".join(
        f"SELECT * FROM (SELECT {_COLUMNS} FROM memory_terms WHERE {seen} AND term = :t{n} "
        f"ORDER BY memory_id DESC LIMIT {int(newest)})"
        for n in range(len(heads))
    )
    params.update({f"t{n}": t for n, t in enumerate(heads)})
    statement = _text(arms, *typed(shape), users=True, types=bool(types), classes=bool(classes))
    found: dict[int, Posted] = {}
    for row in await conn.execute(statement, params):
        posted = found.setdefault(int(row.memory_id), Posted(int(row.length)))
        posted.terms[row.term] = (int(row.title_tf), int(row.content_tf))
    if not every or len(terms) == 1 or not found:
        return found
    rest = _text(
        f"SELECT {_COLUMNS} FROM memory_terms WHERE tenant = :tenant AND project = :project "
        "AND term IN :rest AND memory_id IN :ids",
        rest=True,
        ids=True,
    )
    more = {"tenant": scope.tenant, "project": scope.project, "rest": list(terms[1:])}
    for row in await conn.execute(rest, {**more, "ids": list(found)}):
        found[int(row.memory_id)].terms[row.term] = (int(row.title_tf), int(row.content_tf))
    return {rid: posted for rid, posted in found.items() if len(posted.terms) == len(terms)}
