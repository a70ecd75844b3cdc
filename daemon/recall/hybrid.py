"""Every search of memories, by keywords, by meaning or both fused: the one place a search
is ranked (docs/recall.md, "Search modes").

A search names a :data:`Mode` (the settings' ``MEMORYD_RECALL__MODE`` when it names none):

``keyword``
    The scope's full-text ranking (:func:`daemon.store.memory.search`).
``vector``
    The scope's memories nearest to the query's vector among the vectors of the current
    embedding space (:func:`daemon.store.memory.nearest`): vectors of another model are
    never compared, and the scope is part of the index query.
``hybrid``
    Both rankings, each read ``candidates`` deep with the same scope and filters, fused by
    reciprocal rank (:func:`daemon.recall.fusion.fuse`, with the settings' weights, k and
    depth; the keyword ranking weighs in proportion to how much of the query its best match
    covers).
``auto``
    ``hybrid`` when embeddings are configured and the scope holds vectors of the current
    space, else ``keyword``.

A search never fails because its query could not be embedded: it ranks by keywords and its
:class:`Ranking` says so (``mode`` is what ran, ``fallback`` why it is not what was asked:
:data:`FALLBACKS`); :class:`SearchStats` counts searches by both, and the query embedder
counts its failures by cause (``memoryd_search_keyword_fallbacks``).

The query is embedded before a connection is taken (:meth:`HybridSearch.prepare`), so that
a slow provider never holds one of the store's connections.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import structlog

from daemon.base.clock import Clock
from daemon.base.errors import ConfigError
from daemon.base.scope import ScopeKey
from daemon.base.settings import RecallSettings
from daemon.recall.fusion import FusionSettings, fuse
from daemon.store import memory
from daemon.store.db import Connection
from daemon.store.memory import Memory, SearchFilter, TermStats

if TYPE_CHECKING:  # its provider's libraries load only where embeddings are configured
    from daemon.embeddings.query import QueryEmbedder

__all__ = [
    "FALLBACKS",
    "MODES",
    "HybridSearch",
    "Mode",
    "Prepared",
    "Ran",
    "Ranking",
    "SearchStats",
    "fusion_settings",
    "mode_of",
]

log = structlog.get_logger("memoryd.recall")

Mode = Literal["auto", "keyword", "vector", "hybrid"]
#: What a search ran: never ``auto``.
Ran = Literal["keyword", "vector", "hybrid"]
MODES: tuple[Mode, ...] = ("auto", "keyword", "vector", "hybrid")
#: Why a search ranked by keywords though it asked for meaning: no embeddings configured
#: (``vector`` or ``hybrid`` asked), no vector of the current model in the scope yet
#: (``auto``: the backfill has not reached it), the query could not be embedded, or the
#: search is of the past (``as_of``: by keywords over the versions believed then).
FALLBACKS = ("embeddings_off", "no_vectors", "embedding_failed", "as_of")


def mode_of(text: str) -> Mode:
    """``text`` as a :data:`Mode`; ValueError naming the modes otherwise."""
    if text not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {text!r}")
    return text


@dataclass(frozen=True, slots=True)
class Ranking:
    """A search's answer: the memories, best first (``score``: the fused score in
    ``hybrid``, the cosine in ``vector``, the full-text rank in ``keyword``), the mode
    that ran, and why it is not the one asked for (None when it is)."""

    memories: list[Memory]
    mode: Ran
    fallback: str | None = None

    def described(self) -> dict[str, str | None]:
        """What every answer says of how it was ranked."""
        return {"mode": self.mode, "fallback": self.fallback}


@dataclass(frozen=True, slots=True)
class Prepared:
    """A search made ready outside a connection: the mode it will try and the query's
    vector (None for ``keyword``, or when it fell back before reaching the store)."""

    query: str
    mode: Ran
    vector: list[float] | None = None
    space: str | None = None
    fallback: str | None = None
    #: ``auto``: fall back to keywords when the scope has no vector of the space.
    auto: bool = False


@dataclass(slots=True)
class SearchStats:
    """Searches of this process by the mode that ran and the fallback reason ("" for
    none), read by metrics."""

    counts: dict[tuple[str, str], int] = field(default_factory=dict)

    def note(self, ranking: Ranking) -> None:
        key = (ranking.mode, ranking.fallback or "")
        self.counts[key] = self.counts.get(key, 0) + 1


class HybridSearch:
    """Ranks searches as the settings say; one per process (its stats and the query
    embedder's cache are the process's)."""

    def __init__(
        self,
        settings: RecallSettings,
        query_embedder: QueryEmbedder | Callable[[], QueryEmbedder | None] | None,
        clock: Clock,
        *,
        term_stats: TermStats | None = None,
    ) -> None:
        """``query_embedder``: None for keyword search only, or a function that builds it
        on first use (the composition root's, so that a process starts before its
        provider is reached)."""
        self.settings = settings
        self._embedder_of = query_embedder if callable(query_embedder) else lambda: query_embedder
        self.term_stats = term_stats or TermStats(clock)
        self.stats = SearchStats()

    @property
    def query_embedder(self) -> QueryEmbedder | None:
        """The query embedder (None: keyword search only)."""
        return self._embedder_of()

    async def prepare(self, query: str, mode: Mode | None = None) -> Prepared:
        """Resolve ``mode`` and embed the query when the mode needs it (no connection is
        held meanwhile). A query that cannot be embedded prepares a keyword search that
        says why."""
        asked = mode or self.settings.mode
        if asked == "keyword":
            return Prepared(query, "keyword")
        try:
            embedder = self.query_embedder
        except ConfigError as exc:  # embeddings misconfigured: said by config and /readyz
            log.warning("search.embeddings_misconfigured", error=str(exc))
            return Prepared(query, "keyword", fallback="embedding_failed")
        if embedder is None:
            return Prepared(
                query, "keyword", fallback=None if asked == "auto" else "embeddings_off"
            )
        ran: Ran = "hybrid" if asked == "auto" else asked
        if not query.strip():  # nothing to embed, nor to match
            return Prepared(query, ran, space=embedder.space, auto=asked == "auto")
        try:
            vector = await embedder.try_embed_query(query)
        except Exception as exc:  # never fail a search for its embedding (the breaker's Redis)
            log.warning("search.embedding_error", error=str(exc), kind=type(exc).__name__)
            vector = None
        if vector is None:
            return Prepared(query, "keyword", fallback="embedding_failed")
        return Prepared(query, ran, vector, embedder.space, auto=asked == "auto")

    async def ranked(
        self, conn: Connection, prepared: Prepared, scope: ScopeKey, where: SearchFilter
    ) -> Ranking:
        """The prepared search run in ``scope`` with ``where``'s filters and limit."""
        found = await self._run(conn, prepared, scope, where)
        self.stats.note(found)
        return found

    async def _run(
        self, conn: Connection, prepared: Prepared, scope: ScopeKey, where: SearchFilter
    ) -> Ranking:
        query = prepared.query
        if prepared.mode == "keyword":
            hits = await memory.search(conn, query, scope, where, self.term_stats)
            return Ranking(hits, "keyword", prepared.fallback)
        space = prepared.space
        assert space is not None  # prepare() names it for every search by meaning
        if prepared.auto and not await memory.has_vectors(conn, scope, space):
            hits = await memory.search(conn, query, scope, where, self.term_stats)
            return Ranking(hits, "keyword", "no_vectors")
        if prepared.vector is None:  # a blank query
            return Ranking([], prepared.mode)
        if prepared.mode == "vector":
            return Ranking(
                await memory.nearest(conn, scope, space, prepared.vector, where), "vector"
            )
        deep = dataclasses.replace(where, limit=max(where.limit, self.settings.candidates))
        by_words = await memory.search(conn, query, scope, deep, self.term_stats)
        by_meaning = await memory.nearest(conn, scope, space, prepared.vector, deep)
        fusion = fusion_settings(self.settings, deep.limit)
        return Ranking(_fused(query, by_words, by_meaning, fusion, where.limit), "hybrid")

    async def search(
        self,
        conn: Connection,
        query: str,
        scope: ScopeKey,
        where: SearchFilter,
        mode: Mode | None = None,
    ) -> Ranking:
        """:meth:`prepare` and :meth:`ranked` in one, for a caller that already holds a
        connection (the query is embedded while it is held)."""
        return await self.ranked(conn, await self.prepare(query, mode), scope, where)


def fusion_settings(settings: RecallSettings, depth: int | None = None) -> FusionSettings:
    """The fusion the recall settings describe: their weights, coverage power and k, each
    ranking read
    ``depth`` deep (``candidates`` when None)."""
    return FusionSettings(
        keyword_weight=settings.keyword_weight,
        vector_weight=settings.vector_weight,
        k=settings.rrf_k,
        depth=depth or settings.candidates,
        coverage_power=settings.coverage_power,
    )


def _fused(
    query: str,
    by_words: list[Memory],
    by_meaning: list[Memory],
    fusion: FusionSettings,
    limit: int,
) -> list[Memory]:
    """The two rankings fused, the first ``limit``, each memory scored by the fusion (the
    keyword ranking weighed by how much of ``query`` its best match's title and content
    cover)."""
    held = {m.id: m for m in by_meaning} | {m.id: m for m in by_words}
    texts = {m.id: f"{m.title} {m.content}" for m in by_words}
    order = fuse(
        [m.id for m in by_words],
        [m.id for m in by_meaning],
        query=query,
        texts=texts,
        settings=fusion,
    )
    return [held[i]._replace(score=score) for i, score in order[:limit]]
