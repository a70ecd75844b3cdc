"""What a search may return besides its scope, as each ranking's query applies it.

A :class:`SearchFilter` narrows a search by memory type, retention class, when the memory
was created or last updated (``*_after`` inclusive, ``*_before`` exclusive: a half-open
range), the session it came from, its author (the user whose session or key wrote it, else
the memory's own user, as ``GET /v1/memories`` lists by) and its metadata
(:data:`MetadataPairs`: each key's value, compared as text: :class:`MetadataText`). Both
rankings, by keywords (:mod:`.search`) and by meaning (:mod:`.nearest`), put the same
conditions inside their own query, never over a top-k read first, so that a filter never
empties an answer that has matches.

Only the conditions asked for are written into a statement: :meth:`SearchFilter.shape`
names them, and the statements are cached by it.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.functions import FunctionElement

from daemon.store.tables import UTCDateTime, memories

#: Each bound: its name (the filter's field and the statements' parameter), the column of
#: ``memories`` it applies to (``author``: the writer, :data:`AUTHOR`), and the comparison.
BOUNDS: tuple[tuple[str, str, str], ...] = (
    ("created_after", "created_at", ">="),
    ("created_before", "created_at", "<"),
    ("updated_after", "updated_at", ">="),
    ("updated_before", "updated_at", "<"),
    ("source_session", "source_session", "="),
    ("author", "author", "="),
)

#: Who wrote a memory: the user whose session or key wrote it, else the memory's own user
#: (what :class:`daemon.store.memory.reads.Narrowing` lists by), as SQL over ``{m}``.
AUTHOR = 'coalesce({m}source_user, {m}"user")'

#: Which of :data:`BOUNDS` a statement holds, in their order, then how many metadata keys
#: it compares.
Shape = tuple[int, ...]
#: The shape of a filter that sets no bound.
UNBOUNDED: Shape = (False,) * len(BOUNDS) + (0,)
#: Metadata a memory must hold: (key, value) pairs, all of them (AND), each value compared
#: with the key's value as text (:class:`MetadataText`).
MetadataPairs = tuple[tuple[str, str], ...]


class MetadataText(FunctionElement[str]):
    """The value of a key of ``memories.metadata`` (or of a version's) as text: a string
    itself, a number or boolean its JSON text (``3``, ``true``), NULL for null or no key.
    PostgreSQL's ``->>``; SQLite's ``json_extract``, its booleans written back as words."""

    type = sa.String()
    inherit_cache = True
    name = "metadata_text"


@compiles(MetadataText, "postgresql")
def _pg_text(element: MetadataText, compiler: SQLCompiler, **kw: Any) -> str:
    column, key = list(element.clauses)
    return f"({compiler.process(column, **kw)} ->> CAST({compiler.process(key, **kw)} AS TEXT))"


@compiles(MetadataText, "sqlite")
def _sqlite_text(element: MetadataText, compiler: SQLCompiler, **kw: Any) -> str:
    column, key = list(element.clauses)
    return sqlite_text(compiler.process(column, **kw), compiler.process(key, **kw))


def sqlite_text(column: str, key: str) -> str:
    """SQLite: :class:`MetadataText` of the SQL ``column`` and the SQL ``key`` (a key's
    characters, ``[A-Za-z0-9_.-]``, need no escape inside a quoted JSON path)."""
    path = f"('$.\"' || {key} || '\"')"
    kind = f"json_type({column}, {path})"
    return (
        f"(CASE WHEN {kind} IN ('true', 'false') THEN {kind} "
        f"ELSE CAST(json_extract({column}, {path}) AS TEXT) END)"
    )


def metadata_conditions(table: sa.Table, pairs: MetadataPairs) -> list[sa.ColumnElement[bool]]:
    """The rows of ``table`` whose metadata holds each of ``pairs`` (values bound)."""
    column = table.c["metadata"]
    return [MetadataText(column, sa.literal(key, sa.String())) == value for key, value in pairs]


@dataclass(frozen=True, slots=True)
class SearchFilter:
    """What a search may return besides the scope: memory types and retention classes,
    a time range of creation or last update (``*_after`` inclusive, ``*_before``
    exclusive; aware datetimes), the source session, the author, and how many."""

    types: Collection[str] = ()
    classes: Collection[str] = ()
    limit: int = 10
    created_after: datetime | None = None
    created_before: datetime | None = None
    updated_after: datetime | None = None
    updated_before: datetime | None = None
    source_session: str | None = None
    author: str | None = None
    metadata: MetadataPairs = ()

    def shape(self) -> Shape:
        """Which bounds are set, and how many metadata keys (the key of a statement's
        cache)."""
        on = tuple(getattr(self, name) is not None for name, _, _ in BOUNDS)
        return (*on, len(self.metadata))

    def bounds(self) -> dict[str, Any]:
        """The bounds that are set, by name (times as given: aware), then the metadata's
        keys and values (``meta_key0``, ``meta_value0``, …)."""
        found = {
            name: getattr(self, name) for name, _, _ in BOUNDS if getattr(self, name) is not None
        }
        for n, (key, value) in enumerate(self.metadata):
            found[f"meta_key{n}"], found[f"meta_value{n}"] = key, value
        return found

    def naive_bounds(self) -> list[Any]:
        """The values of :meth:`bounds` in order, times as naive UTC (the columns' form,
        for statements run on the driver's connection)."""
        return [
            v.astimezone(UTC).replace(tzinfo=None) if isinstance(v, datetime) else v
            for v in self.bounds().values()
        ]


def _on(shape: Shape) -> Shape:
    return shape[: len(BOUNDS)]


def _pairs(shape: Shape) -> range:
    return range(shape[len(BOUNDS)])


def conditions(shape: Shape) -> list[sa.ColumnElement[bool]]:
    """The bounds of ``shape`` on ``memories``, as SQLAlchemy conditions over named
    parameters (:meth:`SearchFilter.bounds`)."""
    found: list[sa.ColumnElement[bool]] = []
    for (name, column, op), on in zip(BOUNDS, _on(shape), strict=True):
        if on:
            found.append(_column(column).op(op)(sa.bindparam(name, type_=_type_of(column))))
    for n in _pairs(shape):
        key = sa.bindparam(f"meta_key{n}", type_=sa.String())
        found.append(
            MetadataText(memories.c["metadata"], key)
            == sa.bindparam(f"meta_value{n}", type_=sa.String())
        )
    return found


def exists_sql(shape: Shape, rows: str) -> str:
    """SQLite: the bounds of ``shape`` as one ``EXISTS`` over the memory whose id is
    ``rows``'s ``memory_id`` (empty when none is set): read by primary key per candidate."""
    if not any(shape):
        return ""
    parts = [
        f"{_sql(column, 'm.')} {op} :{name}"
        for (name, column, op), on in zip(BOUNDS, _on(shape), strict=True)
        if on
    ]
    for n in _pairs(shape):
        parts.append(f"{sqlite_text('m.metadata', f':meta_key{n}')} = :meta_value{n}")
    held = " AND ".join(parts)
    return f" AND EXISTS (SELECT 1 FROM memories m WHERE m.id = {rows}.memory_id AND {held})"


def typed(shape: Shape) -> list[sa.BindParameter[Any]]:
    """The bound parameters of :func:`exists_sql`, typed (times stored as the columns)."""
    found = [
        sa.bindparam(name, type_=_type_of(column))
        for (name, column, _), on in zip(BOUNDS, _on(shape), strict=True)
        if on
    ]
    for n in _pairs(shape):
        found += [sa.bindparam(f"meta_{part}{n}", type_=sa.String()) for part in ("key", "value")]
    return found


def pg_sql(shape: Shape, start: int) -> list[str]:
    """PostgreSQL on the driver's connection: the bounds of ``shape`` as ``AND`` clauses
    numbered from ``$start`` (values: :meth:`SearchFilter.naive_bounds`)."""
    found = []
    n = start
    for (_, column, op), on in zip(BOUNDS, _on(shape), strict=True):
        if on:
            cast = "::timestamp" if column.endswith("_at") else "::varchar"
            found.append(f"AND {_sql(column, '')} {op} ${n}{cast}")
            n += 1
    for _ in _pairs(shape):
        found.append(f"AND (metadata ->> ${n}::text) = ${n + 1}::text")
        n += 2
    return found


def _type_of(column: str) -> sa.types.TypeEngine[Any]:
    return UTCDateTime() if column.endswith("_at") else sa.String()


def _column(column: str) -> sa.ColumnElement[Any]:
    if column == "author":
        return sa.func.coalesce(memories.c.source_user, memories.c.user)
    return memories.c[column]


def _sql(column: str, alias: str) -> str:
    return AUTHOR.format(m=alias) if column == "author" else f"{alias}{column}"
