"""Embedding a search's query where the search runs, with a small cache and no failure.

:class:`QueryEmbedder` keeps the vectors of recent queries (``query_cache_size`` of them,
least recently used out first), keyed by the embedder's space and the query's normalized
text, so that a repeated search costs no call and a changed model never answers from the
old one's vectors. :meth:`QueryEmbedder.try_embed_query` never raises for the provider: when
it fails (the breaker open, a timeout, a refused key) it returns None, logs
``embeddings.query_fallback`` and counts it in :attr:`QueryEmbedder.stats`, and the search
runs on keywords and says so.
"""

from __future__ import annotations

import asyncio
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass, field

import structlog

from daemon.base.embedding import Embedder, EmbeddingFailed
from daemon.embeddings.endpoint import BreakerOpen

__all__ = ["QueryEmbedder", "QueryStats", "query_key"]

log = structlog.get_logger("memoryd.embeddings")


@dataclass(slots=True)
class QueryStats:
    """What this process's query embedding did since it started (read by metrics)."""

    hits: int = 0
    misses: int = 0
    #: Searches that fell back to keywords, by reason: ``breaker_open``, ``transient``,
    #: ``permanent`` (``daemon.api.metrics`` exports them).
    fallbacks: dict[str, int] = field(default_factory=dict)

    @property
    def fallback_total(self) -> int:
        return sum(self.fallbacks.values())


def query_key(text: str) -> str:
    """A query's text as the cache keys it: NFKC, case-folded, spaces collapsed."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


class QueryEmbedder:
    """An embedder for queries: an LRU of recent vectors in front of ``embedder``."""

    def __init__(self, embedder: Embedder, *, cache_size: int = 1024) -> None:
        if cache_size < 0:
            raise ValueError("cache_size must not be negative")
        self.embedder = embedder
        self.cache_size = cache_size
        self.stats = QueryStats()
        self._cache: OrderedDict[tuple[str, str], list[float]] = OrderedDict()
        self._lock = asyncio.Lock()  # guards the cache only, never held across a call

    @property
    def space(self) -> str:
        return self.embedder.space

    async def embed_query(self, text: str) -> list[float]:
        """The query's unit vector, from the cache or the embedder (a copy: callers may
        keep it). Raises :class:`~daemon.base.embedding.EmbeddingFailed`."""
        key = (self.embedder.space, query_key(text))
        async with self._lock:
            cached = self._cache.get(key)
            if cached is not None:
                self._cache.move_to_end(key)
                self.stats.hits += 1
                return list(cached)
            self.stats.misses += 1
        [vector] = await self.embedder.embed([text])
        if self.cache_size:
            async with self._lock:
                self._cache[key] = list(vector)
                self._cache.move_to_end(key)
                while len(self._cache) > self.cache_size:
                    self._cache.popitem(last=False)
        return vector

    async def try_embed_query(self, text: str) -> list[float] | None:
        """The query's vector, or None when the provider cannot give it: the search then
        runs on keywords (the fallback is logged and counted). A blank query has no meaning
        to rank by: None, and no fallback counted."""
        if not text.strip():
            return None
        try:
            return await self.embed_query(text)
        except EmbeddingFailed as exc:
            reason = (
                "breaker_open"
                if isinstance(exc, BreakerOpen)
                else ("transient" if exc.transient else "permanent")
            )
            self.stats.fallbacks[reason] = self.stats.fallbacks.get(reason, 0) + 1
            log.warning(
                "embeddings.query_fallback",
                reason=reason,
                space=self.embedder.space,
                error=str(exc),
            )
            return None

    def cached(self) -> int:
        """How many query vectors are cached."""
        return len(self._cache)
