"""Session fragments: the only code that reads and writes ``session_fragments``.

A fragment is one *window* of a stored session: the turns up to and including a compaction
(whose summary is the window's summary), or a fixed number of turns when the host never
compacted (:mod:`daemon.maintenance.session_windows` cuts them, in a worker). It keeps the
window's summary and its turns' text (sealed at rest like the transcript: :data:`SEALED
<daemon.store.transcripts.sealed.SEALED>`), the digest of what it says, and its vector of
one embedding space: ``space`` and ``dims`` beside the float32 bytes, so that a ranking only
ever compares vectors of the query's own space. A window is *pending* for a space when it has
no vector of that space or its text changed since (``embedded_digest`` differs).

Rows go with their session (``ON DELETE CASCADE`` to ``sessions``: an erasure) and with old
transcripts (:func:`prune`, by retention).
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from types import SimpleNamespace
from typing import Any, NamedTuple

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.store import pg_text
from daemon.store.db import fetch, sealer_of
from daemon.store.pg_text import Rider
from daemon.store.tables import session_fragments
from daemon.store.transcripts.sealed import FRAGMENT_SUMMARY, FRAGMENT_TURNS
from daemon.store.vector_sql import pack, unpack

#: What of a window is embedded and read for keywords: its summary, else its turns' text,
#: cut at this many characters (embedding models read a few hundred tokens).
EMBEDDED_CHARS = 2_000
#: The most windows :func:`pending` returns at once.
MAX_BATCH = 1_000

_t = session_fragments
#: The columns a window is read with (:func:`_opened`).
_COLUMNS = (
    _t.c.id,
    _t.c.tenant,
    _t.c.project,
    _t.c.user,
    _t.c.session_id,
    _t.c.first_turn,
    _t.c.last_turn,
    _t.c.at,
    _t.c.summary,
    _t.c.turns,
    _t.c.space,
    _t.c.vector,
)
#: PostgreSQL: :data:`_COLUMNS` for the driver's connection (its time as aware UTC, as
#: :class:`~daemon.store.tables.UTCDateTime` gives it).
_PG_COLUMNS = pg_text.columns(_COLUMNS)
#: The columns that tell which version of a window a row holds (:class:`Version`).
_VERSION_COLUMNS = (
    _t.c.id,
    _t.c.user,
    _t.c.session_id,
    _t.c.first_turn,
    _t.c.at,
    _t.c.last_turn,
    _t.c.digest,
    _t.c.built_at,
    _t.c.space,
    _t.c.embedded_at,
)
_PG_VERSION_COLUMNS = pg_text.columns(_VERSION_COLUMNS)


@dataclass(frozen=True, slots=True)
class Line:
    """One message of a window: its turn, its role (``user`` or ``assistant``), its text."""

    turn: int
    role: str
    text: str


@dataclass(frozen=True, slots=True)
class Window:
    """A window as the worker cut it: turns ``first_turn..last_turn`` of one session."""

    first_turn: int
    last_turn: int
    at: datetime
    summary: str | None
    lines: tuple[Line, ...]

    @property
    def text(self) -> str:
        return text_of(self.summary, self.lines)

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8", "surrogatepass")).hexdigest()


class Version(NamedTuple):
    """Which version of a stored window a row holds: whose and which turns (an id SQLite
    gives again after a delete names another window), every write of its text moves its
    build time (and its digest when the text changed), every write of a vector its
    embedding time and space. A reader that kept a window opened may use it again while
    its version is the same (:func:`recent_versions`, :func:`by_ids`). A tuple: a block
    reads 200 of them, and a tuple is built and compared in C."""

    id: int
    user: str
    session_id: str
    first_turn: int
    at: datetime
    last_turn: int
    digest: str
    built_at: datetime
    space: str | None
    embedded_at: datetime | None


def text_of(summary: str | None, lines: Sequence[Line]) -> str:
    """What a window is ranked on and embedded from: its summary when it has one, else its
    messages, one per line, cut at :data:`EMBEDDED_CHARS`."""
    if summary:
        return summary[:EMBEDDED_CHARS]
    return "\n".join(line.text for line in lines)[:EMBEDDED_CHARS]


@dataclass(frozen=True, slots=True)
class Fragment:
    """A stored window, opened; ``vector``: its vector of the space asked for, if any."""

    id: int
    tenant: str
    project: str
    user: str
    session_id: str
    first_turn: int
    last_turn: int
    at: datetime
    summary: str | None
    lines: tuple[Line, ...]
    vector: tuple[float, ...] | None = None

    @property
    def text(self) -> str:
        return text_of(self.summary, self.lines)


def _dump(lines: Sequence[Line]) -> str:
    return json.dumps([[line.turn, line.role, line.text] for line in lines], ensure_ascii=False)


def _load(text: str | None) -> tuple[Line, ...]:
    return tuple(Line(int(t), str(r), str(x)) for t, r, x in json.loads(text or "[]"))


async def replace_session(
    conn: AsyncConnection,
    *,
    tenant: str,
    project: str,
    user: str,
    session_id: str,
    windows: Sequence[Window],
    now: datetime,
) -> int:
    """Make the session's stored windows ``windows``: new and changed ones written (a
    changed one is pending again), the ones no longer cut deleted. Returns how many rows
    changed."""
    stored = await conn.execute(
        sa.select(_t.c.first_turn, _t.c.digest, _t.c.last_turn).where(
            _t.c.tenant == tenant, _t.c.session_id == session_id
        )
    )
    known = {int(r.first_turn): (r.digest, int(r.last_turn)) for r in stored}
    sealer = sealer_of(conn)
    scope = {"tenant": tenant, "project": project, "user": user, "session_id": session_id}
    changed = 0
    for window in windows:
        if known.get(window.first_turn) == (window.digest, window.last_turn):
            continue
        row: dict[str, Any] = {**scope, "first_turn": window.first_turn}
        values = {
            "last_turn": window.last_turn,
            "at": window.at,
            "summary": FRAGMENT_SUMMARY.seal(sealer, window.summary, row),
            "turns": FRAGMENT_TURNS.seal(sealer, _dump(window.lines), row),
            "digest": window.digest,
            "built_at": now,
        }
        if window.first_turn in known:
            await conn.execute(
                sa.update(_t)
                .where(
                    _t.c.tenant == tenant,
                    _t.c.session_id == session_id,
                    _t.c.first_turn == window.first_turn,
                )
                .values(**values)
            )
        else:
            await conn.execute(sa.insert(_t).values(**row, **values))
        changed += 1
    gone = set(known) - {w.first_turn for w in windows}
    if gone:
        deleted = await conn.execute(
            sa.delete(_t).where(
                _t.c.tenant == tenant,
                _t.c.session_id == session_id,
                _t.c.first_turn.in_(sorted(gone)),
            )
        )
        changed += int(deleted.rowcount)
    return changed


async def _read(
    conn: AsyncConnection,
    query: sa.Select[Any],
    space: str | None,
    params: dict[str, Any] | None = None,
) -> list[Fragment]:
    """The windows ``query`` selects (with ``params``), opened; with each its vector of
    ``space`` if any."""
    return _opened(conn, await conn.execute(query, params or {}), space)


def _opened(conn: AsyncConnection, rows: Iterable[Any], space: str | None) -> list[Fragment]:
    """The windows of ``rows`` (each with the columns of :data:`_COLUMNS` as attributes),
    opened."""
    sealer = sealer_of(conn)
    found = []
    for row in rows:
        vector = None
        if space is not None and row.space == space and row.vector is not None:
            vector = tuple(unpack(row.vector))
        found.append(
            Fragment(
                id=int(row.id),
                tenant=row.tenant,
                project=row.project,
                user=row.user,
                session_id=row.session_id,
                first_turn=int(row.first_turn),
                last_turn=int(row.last_turn),
                at=row.at,
                summary=FRAGMENT_SUMMARY.open(sealer, row.summary, row),
                lines=_load(FRAGMENT_TURNS.open(sealer, row.turns, row)),
                vector=vector,
            )
        )
    return found


async def recent(
    conn: AsyncConnection,
    *,
    tenant: str,
    project: str,
    users: Collection[str] | None,
    space: str | None,
    limit: int,
    exclude_session: str | None = None,
) -> list[Fragment]:
    """The ``limit`` most recent windows of a project in ``tenant``, newest first: of the
    sessions of ``users`` only (``None``: every user's), never another project's or
    tenant's; ``exclude_session``: not that session's (the host's current one)."""
    if conn.dialect.name == "postgresql":
        asked = _pg_asked(tenant, project, users, exclude_session)
        statement = _pg_recent(users is not None, exclude_session is not None)
        records = await fetch(conn, statement, *asked, max(1, limit))
        return _opened(conn, (SimpleNamespace(**dict(r)) for r in records), space)
    query = _recent(users is not None, exclude_session is not None)
    return await _read(conn, query, space, _params(tenant, project, users, exclude_session, limit))


async def recent_versions(
    conn: AsyncConnection,
    *,
    tenant: str,
    project: str,
    users: Collection[str] | None,
    limit: int,
    exclude_session: str | None = None,
    rider: Rider | None = None,
) -> tuple[list[Version], Mapping[str, Any] | None]:
    """:func:`recent`'s windows as their versions only, in its order (no text read or
    opened: :func:`by_ids` opens the ones a reader does not hold), and with a ``rider``
    (PostgreSQL) the columns of another table's owner that the statement carries
    (evaluated once, in the statement's snapshot; there even when there is no window)."""
    asked = _pg_asked(tenant, project, users, exclude_session)
    if conn.dialect.name == "postgresql":
        rider_columns = rider.columns if rider is not None else None
        rider_args = rider.args if rider is not None else ()
        statement = _pg_recent(
            users is not None,
            exclude_session is not None,
            rider_columns,
            len(rider_args),
            versions=True,
        )
        records = await fetch(conn, statement, *asked, max(1, limit), *rider_args)
        read = len(_VERSION_COLUMNS)  # the window's columns come first, in their order
        found = [Version._make(r[:read]) for r in records if r["id"] is not None]
        return found, (records[0] if rider is not None else None)
    if rider is not None:
        raise ValueError("a rider is carried on PostgreSQL only")
    query = _recent(users is not None, exclude_session is not None, True)
    rows = await conn.execute(query, _params(tenant, project, users, exclude_session, limit))
    return [_version(r._mapping) for r in rows], None


def _version(row: Mapping[str, Any] | sa.RowMapping) -> Version:
    return Version(
        id=int(row["id"]),
        user=row["user"],
        session_id=row["session_id"],
        first_turn=int(row["first_turn"]),
        at=row["at"],
        last_turn=int(row["last_turn"]),
        digest=row["digest"],
        built_at=row["built_at"],
        space=row["space"],
        embedded_at=row["embedded_at"],
    )


async def by_ids(
    conn: AsyncConnection, ids: Collection[int], *, tenant: str, space: str | None
) -> list[tuple[Version, Fragment]]:
    """The windows of ``tenant`` with these ids, opened (with each its vector of ``space``
    if any) with the version read, in no particular order; an id of another tenant's or a
    deleted window is not found."""
    if not ids:
        return []
    read = {c.name for c in _COLUMNS}
    extra = [c for c in _VERSION_COLUMNS if c.name not in read]
    query = sa.select(*_COLUMNS, *extra).where(
        _t.c.id.in_(sa.bindparam("ids", expanding=True)), _t.c.tenant == sa.bindparam("tenant")
    )
    rows = list(await conn.execute(query, {"ids": sorted(ids), "tenant": tenant}))
    opened = _opened(conn, rows, space)
    return [(_version(row._mapping), window) for row, window in zip(rows, opened, strict=True)]


def _params(
    tenant: str,
    project: str,
    users: Collection[str] | None,
    exclude_session: str | None,
    limit: int,
) -> dict[str, Any]:
    """SQLite: :func:`_recent`'s parameters."""
    params: dict[str, Any] = {"tenant": tenant, "project": project, "limit": max(1, limit)}
    if users is not None:
        params["users"] = sorted(users)
    if exclude_session is not None:
        params["exclude"] = exclude_session
    return params


def _pg_asked(
    tenant: str, project: str, users: Collection[str] | None, exclude_session: str | None
) -> list[Any]:
    """:func:`_pg_recent`'s parameters before the limit, in its order."""
    asked: list[Any] = [tenant, project]
    if users is not None:
        asked.append(sorted(users))
    if exclude_session is not None:
        asked.append(exclude_session)
    return asked


@functools.lru_cache(maxsize=16)
def _pg_recent(
    by_user: bool,
    excluding: bool,
    rider: str | None = None,
    rider_args: int = 0,
    *,
    versions: bool = False,
) -> str:
    """PostgreSQL: the statement of :func:`recent`, run on the driver's connection
    (:func:`.fetch`: the injection block reads it with every query, and through SQLAlchemy
    it cost several times the driver's CPU); its parameters the tenant, the project, the
    users asked for, the session excluded, the limit (those asked for, in that order), then
    the ``rider``'s (:class:`~daemon.store.pg_text.Rider` columns). With one, the windows
    are joined to its one row (a row with no window when there is none), in their order.
    ``versions``: the columns of :class:`Version` only."""
    filters = ["tenant = $1", "project = $2"]
    if by_user:
        filters.append(f'"user" = ANY(${len(filters) + 1}::varchar[])')
    if excluding:
        filters.append(f"session_id <> ${len(filters) + 1}")
    windows = (
        f"SELECT {_PG_VERSION_COLUMNS if versions else _PG_COLUMNS} FROM session_fragments "
        f"WHERE {' AND '.join(filters)} "
        f"ORDER BY at DESC, id DESC LIMIT ${len(filters) + 1}"
    )
    if rider is None:
        return windows
    carried = pg_text.numbered(rider, len(filters) + 2, rider_args)
    return (
        f"SELECT w.*, r.* FROM (SELECT {carried}) AS r LEFT JOIN LATERAL ({windows}) AS w "
        "ON true ORDER BY w.at DESC, w.id DESC"
    )


@functools.lru_cache(maxsize=8)
def _recent(by_user: bool, excluding: bool, versions: bool = False) -> sa.Select[Any]:
    """The statement of :func:`recent` (built once: the injection block reads it on every
    call, and building it cost more than running it); ``versions``: the columns of
    :class:`Version` only."""
    query = sa.select(*(_VERSION_COLUMNS if versions else _COLUMNS)).where(
        _t.c.tenant == sa.bindparam("tenant"), _t.c.project == sa.bindparam("project")
    )
    if by_user:
        query = query.where(_t.c.user.in_(sa.bindparam("users", expanding=True)))
    if excluding:
        query = query.where(_t.c.session_id != sa.bindparam("exclude"))
    return query.order_by(_t.c.at.desc(), _t.c.id.desc()).limit(sa.bindparam("limit"))


async def of_session(
    conn: AsyncConnection, *, tenant: str, session_id: str, space: str | None = None
) -> list[Fragment]:
    """A session's windows, in turn order."""
    query = (
        sa.select(*_COLUMNS)
        .where(_t.c.tenant == tenant, _t.c.session_id == session_id)
        .order_by(_t.c.first_turn)
    )
    return await _read(conn, query, space)


def _stale(space: str) -> sa.ColumnElement[bool]:
    return sa.or_(
        _t.c.space.is_(None),
        _t.c.space != space,
        _t.c.embedded_digest.is_(None),
        _t.c.embedded_digest != _t.c.digest,
    )


async def pending(
    conn: AsyncConnection, space: str, *, limit: int = 64, after_id: int = 0
) -> list[Fragment]:
    """Up to ``limit`` windows with no vector of ``space`` or an older one, by id."""
    query = (
        sa.select(*_COLUMNS)
        .where(_stale(space), _t.c.id > after_id)
        .order_by(_t.c.id)
        .limit(max(1, min(limit, MAX_BATCH)))
    )
    return await _read(conn, query, None)


async def count_pending(conn: AsyncConnection, space: str) -> int:
    found = await conn.execute(sa.select(sa.func.count()).select_from(_t).where(_stale(space)))
    return int(found.scalar_one())


async def store_vectors(
    conn: AsyncConnection,
    space: str,
    dims: int,
    batch: Sequence[tuple[Fragment, Sequence[float]]],
    now: datetime,
) -> int:
    """Store each window's vector of ``space``, for the text it was embedded from (a window
    rewritten meanwhile keeps its new digest and stays pending); returns how many."""
    done = 0
    for fragment, values in batch:
        if len(values) != dims:
            raise ValueError(f"a vector of {len(values)} dimensions in a {dims}-d space")
        digest = hashlib.sha256(fragment.text.encode("utf-8", "surrogatepass")).hexdigest()
        result = await conn.execute(
            sa.update(_t)
            .where(_t.c.id == fragment.id)
            .values(
                space=space, dims=dims, vector=pack(values), embedded_digest=digest, embedded_at=now
            )
        )
        done += int(result.rowcount)
    return done


async def prune(conn: AsyncConnection, cutoff: datetime) -> int:
    """Delete the windows whose last turn was said before ``cutoff`` (the transcript's
    retention): a window is never kept longer than the turns it was cut from."""
    result = await conn.execute(sa.delete(_t).where(_t.c.at < cutoff))
    return int(result.rowcount)


async def count(conn: AsyncConnection) -> int:
    found = await conn.execute(sa.select(sa.func.count()).select_from(_t))
    return int(found.scalar_one())
