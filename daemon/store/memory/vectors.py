"""Memory vectors: the only code that writes ``memory_vectors`` (nearest-neighbour reads:
:mod:`.nearest`).

A memory has at most one vector per embedding space (``"<provider>:<model>:<dims>"``). It
is *pending* for a space when it is live and has no vector of that space, or its vector was
made from an older version: the row keeps the memory's ``updated_at`` as read and the digest
of the text embedded (:func:`text_of`, the memory as stored, already screened by the gate:
no secret is ever embedded). A later write makes the memory a candidate again; the worker
re-embeds it when the digest differs and only marks it current (:func:`touch`) when not.

PostgreSQL with pgvector keeps each vector in the ``embedding`` column as well, with one
HNSW index per space (partial on the space, over ``embedding::vector(dims)``), made when
the space first gets vectors (:func:`ensure_index`). SQLite with sqlite-vec keeps one
``vec0`` table per space, made here in the same way and kept by triggers
(:mod:`daemon.store.memory.vector_index`).
"""

from __future__ import annotations

import hashlib
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.store.memory import vector_index
from daemon.store.tables import memories, memory_vectors
from daemon.store.vector_sql import PYTHON_FALLBACK, pack

#: The most memories :func:`pending` returns at once.
MAX_BATCH = 1000

#: The columns an upsert replaces.
_REPLACED = (
    *("tenant", "project", "user", "dims", "vector", "digest"),
    *("memory_updated_at", "embedded_at"),
)
_PGVECTOR: weakref.WeakKeyDictionary[Engine, bool] = weakref.WeakKeyDictionary()
_INDEXED: weakref.WeakKeyDictionary[Engine, set[str]] = weakref.WeakKeyDictionary()


def text_of(title: str, content: str) -> str:
    """What is embedded of a memory: its title and content as stored."""
    return f"{title}\n\n{content}"


def digest_of(title: str, content: str) -> str:
    """The digest of :func:`text_of` (SHA-256, hex)."""
    return hashlib.sha256(text_of(title, content).encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True, slots=True)
class PendingMemory:
    """A live memory whose vector of a space is missing or older than the memory.

    ``stored_digest`` is the digest of the vector it has (``None``: none yet)."""

    id: int
    tenant: str
    project: str
    user: str
    title: str
    content: str
    updated_at: datetime
    stored_digest: str | None
    #: Written without a near-duplicate check: the job makes it once the vector is stored.
    dedup_pending: bool = False

    @property
    def text(self) -> str:
        return text_of(self.title, self.content)

    @property
    def digest(self) -> str:
        return digest_of(self.title, self.content)

    @property
    def changed(self) -> bool:
        """Whether the text differs from the one embedded (always, without a vector)."""
        return self.stored_digest != self.digest


@dataclass(frozen=True, slots=True)
class Embedded:
    """A vector to store for a pending memory."""

    memory: PendingMemory
    values: Sequence[float]


def _stale(space: str) -> tuple[sa.FromClause, sa.ColumnElement[bool]]:
    """Live memories joined to their vector of ``space`` (if any), and the condition that
    the vector is missing or older than the memory."""
    joined = memories.outerjoin(
        memory_vectors,
        sa.and_(memory_vectors.c.memory_id == memories.c.id, memory_vectors.c.space == space),
    )
    stale = sa.and_(
        memories.c.deleted_at.is_(None),
        sa.or_(
            memory_vectors.c.memory_id.is_(None),
            memory_vectors.c.memory_updated_at != memories.c.updated_at,
        ),
    )
    return joined, stale


async def pending(
    conn: AsyncConnection, space: str, *, limit: int = 64, after_id: int = 0
) -> list[PendingMemory]:
    """Up to ``limit`` pending memories of ``space`` in every scope, oldest first, from
    the memory after ``after_id`` (a backfill walks the table once)."""
    joined, stale = _stale(space)
    rows = await conn.execute(
        sa.select(
            memories.c.id,
            memories.c.tenant,
            memories.c.project,
            memories.c.user,
            memories.c.title,
            memories.c.content,
            memories.c.updated_at,
            memory_vectors.c.digest,
            memories.c.dedup_pending,
        )
        .select_from(joined)
        .where(stale, memories.c.id > after_id)
        .order_by(memories.c.id)
        .limit(max(1, min(limit, MAX_BATCH)))
    )
    return [
        PendingMemory(
            id=int(row.id),
            tenant=row.tenant,
            project=row.project,
            user=row.user,
            title=row.title,
            content=row.content,
            updated_at=row.updated_at,
            stored_digest=row.digest,
            dedup_pending=bool(row.dedup_pending),
        )
        for row in rows
    ]


async def count_pending(conn: AsyncConnection, space: str) -> int:
    """How many memories :func:`pending` would return for ``space`` (an upper bound: a
    memory written again with the same text counts until the worker looks at it)."""
    joined, stale = _stale(space)
    found = await conn.execute(sa.select(sa.func.count()).select_from(joined).where(stale))
    return int(found.scalar_one())


async def counts(conn: AsyncConnection) -> dict[str, int]:
    """The number of vectors of each space (live memories' and forgotten ones' alike)."""
    rows = await conn.execute(
        sa.select(memory_vectors.c.space, sa.func.count())
        .group_by(memory_vectors.c.space)
        .order_by(memory_vectors.c.space)
    )
    return {str(space): int(n) for space, n in rows.all()}


async def upsert(
    conn: AsyncConnection, space: str, dims: int, batch: Sequence[Embedded], now: datetime
) -> int:
    """Store a batch of vectors of ``space`` (replacing the memories' older ones); returns
    how many. A memory erased meanwhile is skipped (its vector would have no memory)."""
    if not batch:
        return 0
    for item in batch:
        if len(item.values) != dims:
            raise ValueError(f"a vector of {len(item.values)} dimensions in a {dims}-d space")
    live = await conn.execute(
        sa.select(memories.c.id).where(memories.c.id.in_([item.memory.id for item in batch]))
    )
    present = set(live.scalars())
    rows = [
        {
            "memory_id": item.memory.id,
            "space": space,
            "tenant": item.memory.tenant,
            "project": item.memory.project,
            "user": item.memory.user,
            "dims": dims,
            "vector": pack(item.values),
            "digest": item.memory.digest,
            "memory_updated_at": item.memory.updated_at,
            "embedded_at": now,
        }
        for item in batch
        if item.memory.id in present
    ]
    if not rows:
        return 0
    dialect = conn.dialect.name
    if dialect == "sqlite":  # before the rows: its triggers then index them
        await vector_index.ensure(conn, space, dims)
    insert = (postgresql.insert if dialect == "postgresql" else sqlite.insert)(memory_vectors)
    replaced = {name: insert.excluded[name] for name in _REPLACED}
    await conn.execute(
        insert.on_conflict_do_update(index_elements=["memory_id", "space"], set_=replaced), rows
    )
    if dialect == "postgresql" and await has_pgvector(conn):
        await ensure_index(conn, space, dims)
        await conn.execute(
            sa.text(
                "UPDATE memory_vectors SET embedding = CAST(:embedding AS vector)"
                " WHERE memory_id = :memory_id AND space = :space"
            ),
            [
                {
                    "embedding": vector_literal(item.values),
                    "memory_id": item.memory.id,
                    "space": space,
                }
                for item in batch
                if item.memory.id in present
            ],
        )
    return len(rows)


async def store_written(
    conn: AsyncConnection,
    space: str,
    memory_id: int,
    scope_columns: dict[str, str],
    text: tuple[str, str],
    written_at: datetime,
    values: Sequence[float],
) -> int:
    """Store the vector a writer already made of the memory it just wrote (``text``: its
    title and content as written at ``written_at``, its ``updated_at``): the semantic dedup
    of a save embeds the text anyway, and the memory is then found at once (the worker
    would otherwise make the same vector later)."""
    memory = PendingMemory(
        id=memory_id, tenant=scope_columns["tenant"], project=scope_columns["project"],
        user=scope_columns["user"], title=text[0], content=text[1], updated_at=written_at,
        stored_digest=None,
    )  # fmt: skip
    return await upsert(conn, space, len(values), [Embedded(memory, values)], written_at)


async def touch(conn: AsyncConnection, space: str, memories_seen: Sequence[PendingMemory]) -> int:
    """Mark vectors current whose memory was written again with the same text."""
    done = 0
    for memory in memories_seen:
        updated = await conn.execute(
            sa.update(memory_vectors)
            .where(
                memory_vectors.c.memory_id == memory.id,
                memory_vectors.c.space == space,
                memory_vectors.c.digest == memory.digest,
            )
            .values(memory_updated_at=memory.updated_at)
        )
        done += int(updated.rowcount)
    return done


async def drop_other_spaces(conn: AsyncConnection, space: str) -> int:
    """Delete the vectors of every space but ``space`` (after a reindex into it), and their
    HNSW indexes or sqlite-vec tables; returns how many vectors went."""
    await vector_index.drop_all_but(conn, space)
    deleted = await conn.execute(sa.delete(memory_vectors).where(memory_vectors.c.space != space))
    if conn.dialect.name == "postgresql" and await has_pgvector(conn):
        keep = index_name(space)
        names = await conn.execute(
            sa.text(
                "SELECT indexname FROM pg_indexes WHERE tablename = 'memory_vectors'"
                " AND indexname LIKE 'ix_memory_vectors_hnsw_%'"
            )
        )
        for name in names.scalars():
            if name != keep:
                await conn.execute(sa.text(f'DROP INDEX IF EXISTS "{name}"'))
        _INDEXED.pop(conn.sync_engine, None)
    return int(deleted.rowcount)


async def drop_space(conn: AsyncConnection, space: str) -> int:
    """Delete every vector of ``space`` (a reindex that starts over), and its sqlite-vec
    table."""
    await vector_index.drop(conn, space)
    deleted = await conn.execute(sa.delete(memory_vectors).where(memory_vectors.c.space == space))
    return int(deleted.rowcount)


async def has_pgvector(conn: AsyncConnection) -> bool:
    """PostgreSQL: whether ``memory_vectors`` has pgvector's ``embedding`` column (revision
    0017 made it where the extension was available). Asked once per engine."""
    if conn.dialect.name != "postgresql":
        return False
    engine = conn.sync_engine
    known = _PGVECTOR.get(engine)
    if known is None:
        found = await conn.execute(
            sa.text(
                "SELECT 1 FROM information_schema.columns WHERE table_name = 'memory_vectors'"
                " AND column_name = 'embedding' AND table_schema = current_schema()"
            )
        )
        known = _PGVECTOR[engine] = found.first() is not None
    return known


def index_name(space: str) -> str:
    """The name of ``space``'s HNSW index (a digest: a space's name is free text)."""
    return "ix_memory_vectors_hnsw_" + hashlib.sha256(space.encode()).hexdigest()[:16]


def quoted(space: str) -> str:
    """``space`` as an SQL string literal: a partial index is used only for a query that
    names its predicate's value, so the space is written into the statement."""
    return "'" + space.replace("'", "''") + "'"


async def ensure_index(conn: AsyncConnection, space: str, dims: int) -> None:
    """The HNSW index of ``space`` (cosine distance over ``embedding::vector(dims)``)."""
    engine = conn.sync_engine
    made = _INDEXED.setdefault(engine, set())
    if space in made:
        return
    await conn.execute(
        sa.text(
            f'CREATE INDEX IF NOT EXISTS "{index_name(space)}" ON memory_vectors'
            f" USING hnsw ((embedding::vector({int(dims)})) vector_cosine_ops)"
            f" WHERE space = {quoted(space)}"
        )
    )
    made.add(space)


def forget_indexes(conn: AsyncConnection, *, deferred: str | None = None) -> None:
    """Forget which HNSW indexes this engine made (they are made again when missing);
    ``deferred``: take that space's as made, so that a bulk load builds it once afterwards
    with :func:`ensure_index`."""
    made = _INDEXED.setdefault(conn.sync_engine, set())
    made.clear()
    if deferred is not None:
        made.add(deferred)


def vector_literal(values: Sequence[float]) -> str:
    """pgvector's text form of a vector."""
    return "[" + ",".join(repr(float(v)) for v in values) + "]"


async def count_live(conn: AsyncConnection) -> int:
    """How many live memories there are (every one is pending for a space it has no
    vector of)."""
    found = await conn.execute(
        sa.select(sa.func.count()).select_from(memories).where(memories.c.deleted_at.is_(None))
    )
    return int(found.scalar_one())


async def engine_of(conn: AsyncConnection) -> str:
    """How this store ranks vectors: ``sqlite-vec <version>``, ``python`` (SQLite without the
    extension), ``pgvector`` (HNSW) or ``exact`` (PostgreSQL without pgvector)."""
    if conn.dialect.name == "postgresql":
        return "pgvector" if await has_pgvector(conn) else "exact"
    version = str((await conn.execute(sa.text("SELECT vec_version()"))).scalar_one())
    return version if version == PYTHON_FALLBACK else f"sqlite-vec {version}"
