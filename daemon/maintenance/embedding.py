"""Embedding the pending memories: what the worker's ``embed_pending`` job and
``memoryd embeddings backfill`` run.

A pass (:class:`~daemon.maintenance.embedding_pass.EmbeddingPass`: batches, and failures
handled as for model calls) walks the memories pending for the embedder's space
(:mod:`daemon.store.memory.vectors`) oldest first. A memory written again with the same text
is only marked current. Nothing here runs on a host's publishing path: memories are stored
first and embedded after. A memory the provider refuses is reported once
(``embedding.refused``) and skipped by later passes of the same :class:`Backfill` (it stays
pending, and ``memoryd embeddings status`` counts it).

A memory written without a near-duplicate check (``dedup_pending``: the extractor's, an
import's, a save whose text could not be embedded) is checked in the transaction that stores
its vector: an older near-duplicate of its scope absorbs it
(:func:`daemon.store.memory.settle`; ``dedup_threshold`` None: never).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from daemon.base.settings import EmbeddingSettings
from daemon.maintenance.embedding_pass import EmbeddingPass, PassReport
from daemon.store.db import Connection, Store
from daemon.store.memory import Near, settle, vector_index, vectors
from daemon.store.memory.vectors import Embedded, PendingMemory

#: ``MEMORYD_EMBEDDINGS__DEDUP_THRESHOLD``'s default, for a pass built without settings.
DEDUP_THRESHOLD: float = EmbeddingSettings.model_fields["dedup_threshold"].default


@dataclass(slots=True)
class Backfill(EmbeddingPass[PendingMemory]):
    """Embeds pending memories with one embedder; remembers the memories its provider
    refused (by id and digest: a memory whose text changes is tried again)."""

    dedup_threshold: float | None = DEDUP_THRESHOLD

    retry_event: ClassVar[str] = "embedding.retry_later"
    refused_event: ClassVar[str] = "embedding.refused"
    id_field: ClassVar[str] = "memory_id"

    async def _pending(
        self, conn: Connection, space: str, limit: int, after_id: int
    ) -> list[PendingMemory]:
        return await vectors.pending(conn, space, limit=limit, after_id=after_id)

    def _key(self, item: PendingMemory) -> tuple[int, str]:
        return item.id, item.digest

    async def _prepare(
        self, store: Store, batch: Sequence[PendingMemory], report: PassReport
    ) -> list[PendingMemory]:
        """A memory written again with the same text is only marked current."""
        same = [m for m in batch if not m.changed]
        if same:
            async with store.begin() as conn:
                report.unchanged += await vectors.touch(conn, self.embedder.space, same)
        return [m for m in batch if m.changed]

    async def _store(
        self,
        store: Store,
        done: Sequence[tuple[PendingMemory, Sequence[float]]],
        report: PassReport,
    ) -> None:
        if not done:
            return
        batch = [Embedded(memory, values) for memory, values in done]
        now = self.clock.now()
        async with store.begin() as conn:
            report.embedded += await vectors.upsert(
                conn, self.embedder.space, self.embedder.dims, batch, now
            )
            if self.dedup_threshold is None:
                return
            for item in batch:
                if item.memory.dedup_pending:
                    near = Near(self.embedder.space, item.values, self.dedup_threshold)
                    if await settle(conn, item.memory.id, near, now=now) is not None:
                        report.absorbed += 1


#: Which way nearest() ranks, by :func:`~daemon.store.memory.vectors.engine_of` (and
#: whether the space has sqlite-vec's index), and where it stops scaling: measured by
#: ``./dev bench vectors`` (one scope, 384 dimensions, k = 10; see docs/memory-vectors.md).
PATHS = {
    "vec0": "sqlite-vec vec0 index: exact k-nearest in C over the scope's vectors only;"
    " p95 0.04 s at 10,000 and 0.44 s at 100,000 memories in one scope (measured on a"
    " busy 2-core machine): past tens of thousands per scope, use PostgreSQL with pgvector",
    "sqlite-vec": "sqlite-vec exact scan (the vec0 index is made when vectors of the space"
    " are next stored: `memoryd embeddings backfill`); about 4 times the index's cost",
    "python": "exact scan in Python (this Python's sqlite3 cannot load sqlite-vec: install"
    " pysqlite3-binary, or use a Python whose sqlite3 loads extensions); about 80 times"
    " the index's cost: slow past a few thousand memories per scope",
    "pgvector": "pgvector HNSW index of the space, with the scope in the query",
    "exact": "exact scan in Python (PostgreSQL without pgvector); about 0.15 ms per vector"
    " of the scope: install pgvector past a few thousand memories per scope",
}


@dataclass(frozen=True, slots=True)
class SpaceStatus:
    """The vectors of the embedder's space and of the others, for ``status``; ``path``:
    which way searches of the space rank (a key of :data:`PATHS`)."""

    space: str | None
    live: int
    pending: int
    spaces: dict[str, int]
    ranking: str
    path: str

    def as_dict(self) -> dict[str, object]:
        return {
            "space": self.space,
            "live_memories": self.live,
            "pending": self.pending,
            "vectors": self.spaces,
            "ranking": self.ranking,
            "path": self.path,
            "path_note": PATHS[self.path],
        }


async def status(store: Store, space: str | None) -> SpaceStatus:
    """How many live memories are pending for ``space`` (all of them without one), and the
    vectors held per space."""
    async with store.connect() as conn:
        live = await vectors.count_live(conn)
        pending = await vectors.count_pending(conn, space) if space else live
        spaces = await vectors.counts(conn)
        ranking = await vectors.engine_of(conn)
        indexed = space is not None and await vector_index.ready(conn, space)
    return SpaceStatus(space, live, pending, spaces, ranking, _path(ranking, indexed))


def _path(ranking: str, indexed: bool) -> str:
    if ranking.startswith("sqlite-vec"):
        return "vec0" if indexed else "sqlite-vec"
    return ranking


async def reindex(store: Store, space: str, *, restart: bool = False) -> int:
    """After a complete backfill of ``space``: drop every other space's vectors (returns how
    many). ``restart``: drop ``space``'s own instead, so every memory is pending again."""
    async with store.begin() as conn:
        if restart:
            return await vectors.drop_space(conn, space)
        return await vectors.drop_other_spaces(conn, space)
