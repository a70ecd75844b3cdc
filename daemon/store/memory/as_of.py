"""What was believed at a time: a scope's memories as of ``at``, and one memory's timeline.

A memory's row is what it says now, true since ``valid_from`` and (a tombstone) until
``deleted_at``; its earlier contents are versions (:mod:`.versions`), each true over
``[valid_from, valid_to)``. What a scope believed at ``at`` is the rows and versions of the
scope true at ``at`` that its reader may see (a memory held for review, or held and then
rejected, only by its author's scope), each verified like any memory read (a version
whose tag does not hold is left out and logged). These reads are for looking back, not
recall: a search as of a time ranks a scope's matches in Python (rows found through the
full-text index, versions by reading the scope's versions true at ``at``), so it costs what
the scope's matches cost, and recall's own statements are untouched.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import snowballstemmer  # type: ignore[import-untyped]
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey
from daemon.gate.kinds import Review
from daemon.store.db import sealer_of
from daemon.store.memory import history, versions
from daemon.store.memory.query import fts5_match, terms
from daemon.store.memory.record import COLUMNS, Memory, from_row, intact, scope_users
from daemon.store.tables import memories, memory_versions

__all__ = ["BelievedPosition", "Timeline", "Version", "believed", "search_as_of", "timeline"]

_TOKEN = re.compile(r"[^\W_]+")
_PORTER = snowballstemmer.stemmer("porter")
_TITLE = 3.0
#: The most versions of a scope one search as of a time reads.
VERSIONS_READ = 20_000

#: A version as a :class:`Memory` reads it: the memory's id, the version's content, and
#: ``updated_at`` the time it became true.
_AS_MEMORY = (
    memory_versions.c.memory_id.label("id"),
    *(
        memory_versions.c[name]
        for name in (
            "type", "class", "title", "content", "pinned", "user", "created_by", "created_at",
        )
    ),
    memory_versions.c.valid_from.label("updated_at"),
    *(
        memory_versions.c[name]
        for name in (
            "source_user", "source_session", "source_key", "review", "tenant", "project",
            "integrity", "metadata",
        )

    ),
)  # fmt: skip


#: Reviews whose memory only its author's scope ever saw: held for an operator, or held and
#: then turned down (looking back must not show others what review kept from them).
_AUTHOR_ONLY = (Review.PENDING.value, Review.REJECTED.value)


def _shown(table: sa.Table, user: str) -> sa.ColumnElement[bool]:
    """A row of ``table`` (memories or versions) a reader of ``user`` may see looking back:
    any not held back by review, and a held-back one only by its author's scope."""
    return sa.or_(
        table.c.review.not_in(_AUTHOR_ONLY),
        sa.func.coalesce(table.c.source_user, "") == user,
    )


def _rows_at(
    scope: ScopeKey, at: datetime, types: Collection[str], classes: Collection[str]
) -> sa.Select[Any]:
    """The memory rows of ``scope`` whose content was true at ``at``."""
    m = memories.c
    since = sa.func.coalesce(m.valid_from, m.created_at)
    query = sa.select(*COLUMNS, since.label("since")).where(
        m.tenant == scope.tenant,
        m.project == scope.project,
        m.user.in_(scope_users(scope)),
        since <= at,
        sa.or_(m.deleted_at.is_(None), m.deleted_at > at),
        _shown(memories, scope.user),
    )
    if types:
        query = query.where(m.type.in_(sorted(types)))
    if classes:
        query = query.where(m["class"].in_(sorted(classes)))
    return query


def _versions_at(
    scope: ScopeKey, at: datetime, types: Collection[str], classes: Collection[str]
) -> sa.Select[Any]:
    """The versions of ``scope`` that were true at ``at``."""
    v = memory_versions.c
    query = sa.select(*_AS_MEMORY, v.valid_from.label("since")).where(
        v.tenant == scope.tenant,
        v.project == scope.project,
        v.user.in_(scope_users(scope)),
        v.valid_from <= at,
        v.valid_to > at,
        _shown(memory_versions, scope.user),
    )
    if types:
        query = query.where(v.type.in_(sorted(types)))
    if classes:
        query = query.where(v["class"].in_(sorted(classes)))
    return query


def _as_believed(row: Any, score: float = 0.0) -> Memory:
    """A row or version as believed then: ``updated_at`` is when that content became true."""
    return from_row(row, score)._replace(updated_at=row.since)


#: Where a page of :func:`believed` ends: its last memory's pin, the time its content
#: became true, and its id (the list's order, newest first).
BelievedPosition = tuple[bool, datetime, int]


def _after(chosen: sa.Subquery, position: BelievedPosition) -> sa.ColumnElement[bool]:
    """The rows of ``chosen`` that come after ``position`` in the list's order (pinned
    first, then the most recently true, then the higher id)."""
    pinned, since, memory_id = position
    c = chosen.c
    later = sa.or_(c.since < since, sa.and_(c.since == since, c.id < memory_id))
    if pinned:
        return sa.or_(c.pinned.is_(False), sa.and_(c.pinned.is_(True), later))
    return sa.and_(c.pinned.is_(False), later)


async def believed(
    conn: AsyncConnection,
    scope: ScopeKey,
    at: datetime,
    *,
    types: Collection[str] = (),
    classes: Collection[str] = (),
    limit: int = 50,
    after: BelievedPosition | None = None,
) -> list[Memory]:
    """The memories ``scope`` saw at ``at``, as they read then: pinned first, then the most
    recently written first (``memory_list`` as of a time); ``after``: those that come after
    that position (the next page; a memory's ``updated_at`` here is its position's time)."""
    order = ("pinned", "since", "id")
    rows: list[Any] = []
    for query in (_rows_at(scope, at, types, classes), _versions_at(scope, at, types, classes)):
        chosen = query.subquery("chosen")
        ordered = sa.select(chosen).order_by(*(chosen.c[name].desc() for name in order))
        if after is not None:
            ordered = ordered.where(_after(chosen, after))
        rows += (await conn.execute(ordered.limit(limit))).all()
    rows.sort(key=lambda r: (bool(r.pinned), r.since, int(r.id)), reverse=True)
    sealer = sealer_of(conn)
    return [_as_believed(row) for row in rows if intact(sealer, row)][:limit]


async def search_as_of(
    conn: AsyncConnection,
    query: str,
    scope: ScopeKey,
    at: datetime,
    *,
    types: Collection[str] = (),
    classes: Collection[str] = (),
    limit: int = 10,
) -> list[Memory]:
    """The best matches for ``query`` among what ``scope`` believed at ``at``, best first:
    BM25 over those matches (titles weigh more), ties to the newer, then the higher id."""
    words = terms(query)
    if not words:
        return []
    rows = list(await conn.execute(_indexed(conn, _rows_at(scope, at, types, classes), words)))
    found = _versions_at(scope, at, types, classes).limit(VERSIONS_READ)
    stems = {_stem(w) for w in words}
    rows += [r for r in await conn.execute(found) if _matches(r, stems)]
    if not rows:
        return []
    scores = _bm25(rows, stems)
    ranked = sorted(
        range(len(rows)), key=lambda i: (scores[i], rows[i].since, int(rows[i].id)), reverse=True
    )
    sealer = sealer_of(conn)
    hits: list[Memory] = []
    for i in ranked:
        if intact(sealer, rows[i]):
            hits.append(_as_believed(rows[i], scores[i]))
            if len(hits) == limit:
                break
    return hits


def _indexed(conn: AsyncConnection, query: sa.Select[Any], words: list[str]) -> sa.Select[Any]:
    """``query`` narrowed to the rows the full-text index matches on any of ``words``."""
    if conn.dialect.name == "postgresql":
        tsquery = " | ".join("'" + w.replace("'", "''") + "'" for w in words)
        match = sa.literal_column("memories.search_vector").op("@@")(
            sa.func.to_tsquery(sa.literal_column("'english'"), tsquery)
        )
        return query.where(match)
    fts: sa.Select[Any] = (
        sa.select(sa.literal_column("rowid"))
        .select_from(sa.table("memories_fts"))
        .where(sa.literal_column("memories_fts").op("MATCH")(fts5_match(words)))
    )
    return query.where(memories.c.id.in_(fts))


def _stem(word: str) -> str:
    return str(_PORTER.stemWord(word.lower()))


def _counts(text: str, stems: set[str]) -> tuple[int, dict[str, int]]:
    tokens = [_stem(t) for t in _TOKEN.findall(text.lower())]
    return len(tokens), {s: tokens.count(s) for s in stems}


def _matches(row: Any, stems: set[str]) -> bool:
    return any(n for n in _counts(f"{row.title} {row.content}", stems)[1].values())


def _bm25(rows: Sequence[Any], stems: set[str]) -> list[float]:
    """BM25 of each row over ``rows`` (k1 1.2, b 0.75; a title term counts three times)."""
    counted = [(_counts(r.title, stems), _counts(r.content, stems)) for r in rows]
    lengths = [t[0] + c[0] for t, c in counted]
    average = max(sum(lengths) / len(lengths), 1.0)
    held = {s: sum(1 for t, c in counted if t[1][s] or c[1][s]) for s in stems}
    idf = {s: math.log(1.0 + (len(rows) - n + 0.5) / (n + 0.5)) for s, n in held.items()}
    scores = []
    for (title, content), length in zip(counted, lengths, strict=True):
        norm = 1.2 * (0.25 + 0.75 * length / average)
        score = 0.0
        for stem, weight in idf.items():
            tf = _TITLE * title[1][stem] + content[1][stem]
            if tf:
                score += weight * tf * 2.2 / (tf + norm)
        scores.append(score)
    return scores


@dataclass(frozen=True, slots=True)
class Version:
    """One content a memory had, true over ``[valid_from, valid_to)`` (``valid_to`` None:
    still true). The current one (``current``) is the memory's row; the others say what
    ended them: ``superseded_by`` (the memory that replaced it; None when it was removed),
    the ``action``, its ``actor``/``actor_id`` and ``reason``."""

    memory: Memory
    valid_from: datetime
    valid_to: datetime | None
    current: bool = False
    superseded_by: int | None = None
    action: str | None = None
    actor: str | None = None
    actor_id: str | None = None
    reason: str | None = None


@dataclass(slots=True)
class Timeline:
    """A memory's contents, oldest first (the row's last: a tombstone's ends at its
    removal), the changes recorded in its history (who, what, why, when: no content), and
    how many versions were left out because their integrity tag does not hold (``hidden``,
    logged)."""

    versions: list[Version] = field(default_factory=list)
    changes: list[Any] = field(default_factory=list)
    hidden: int = 0
    #: Where the memory came from, when its row is kept: the session and turns it was
    #: written from, the run, the user whose session or key wrote it, the key, the writer.
    source: dict[str, Any] | None = None


async def timeline(
    conn: AsyncConnection, memory_id: int, scope: ScopeKey | None = None
) -> Timeline | None:
    """The timeline of ``memory_id``; None when it has none, or (with ``scope``) when it is
    not a memory ``scope`` sees (another scope's is told apart from none by nothing)."""
    row = (await conn.execute(sa.select(memories).where(memories.c.id == memory_id))).first()
    found = list((await conn.execute(versions.timeline(memory_id))).all())
    if row is None and not found:
        return None
    if scope is not None and not _in_scope(row if row is not None else found[-1], scope):
        return None
    sealer = sealer_of(conn)
    told = Timeline()
    for v in found:
        labelled = {**v._mapping, "id": v.memory_id, "updated_at": v.valid_from}
        if not intact(sealer, labelled):
            told.hidden += 1
            continue
        told.versions.append(
            Version(
                from_row(_Row(labelled)),
                v.valid_from,
                v.valid_to,
                superseded_by=v.superseded_by,
                action=v.action,
                actor=v.actor,
                actor_id=v.actor_id,
                reason=v.reason,
            )
        )
    if row is not None:
        if intact(sealer, row):
            ended = row.deleted_at
            current = Version(
                from_row(row),
                versions.began(row),
                ended,
                current=ended is None,
                superseded_by=None if ended is None else row.replaced_by,
                action=None if ended is None else "delete",
                reason=row.deleted_reason,
            )
            told.versions.append(current)
        else:
            told.hidden += 1
    if not told.versions and not told.hidden:
        return None
    told.changes = list((await conn.execute(history.of_memory(memory_id))).all())
    if row is not None:
        told.source = {
            "session": row.source_session,
            "turns": row.source_turns,
            "run": row.source_run,
            "user": row.source_user,
            "key_id": row.source_key,
            "created_by": row.created_by,
            "created_at": row.created_at,
        }
    return told


class _Row:
    """A mapping read as a row by :func:`from_row`."""

    def __init__(self, mapping: dict[str, Any]) -> None:
        self._mapping = mapping

    def __getattr__(self, name: str) -> Any:
        try:
            return self._mapping[name]
        except KeyError:
            raise AttributeError(name) from None


def _in_scope(row: Any, scope: ScopeKey) -> bool:
    pending = row.review in _AUTHOR_ONLY and (row.source_user or "") != scope.user
    return (
        row.tenant == scope.tenant
        and row.project == scope.project
        and row.user in scope_users(scope)
        and not pending
    )
