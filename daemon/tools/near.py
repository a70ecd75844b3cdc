"""The main agent's save embeds its own text, to be told at once which memory absorbs it.

A save is synchronous: the host waits for its answer, which names the memory that absorbed
the save when one did (:mod:`daemon.store.memory.dedup`). So the save embeds the text the
gate screened (never the raw text: no secret is sent to the provider) with the query
embedder (:class:`~daemon.embeddings.query.QueryEmbedder`: its cache of recent texts and the
provider's breaker) before it opens its transaction. When that fails (the breaker open, a
timeout, a refusal) the save is written as before, marked for the embedding job's check,
and its answer says ``dedup: deferred``: the memory's history then tells what became of it.
"""

from __future__ import annotations

from dataclasses import dataclass

import structlog

from daemon.base.embedding import EmbeddingFailed
from daemon.embeddings.query import QueryEmbedder
from daemon.store.memory import Near
from daemon.store.memory.vectors import text_of

__all__ = ["SaveEmbedder"]

log = structlog.get_logger("memoryd.tools")


@dataclass(frozen=True, slots=True)
class SaveEmbedder:
    """Embeds a save's screened text; ``threshold``: the dedup setting."""

    embedder: QueryEmbedder
    threshold: float

    async def near(self, title: str, content: str) -> Near | None:
        """The save's vector, or None when the provider cannot give it now."""
        try:
            vector = await self.embedder.embed_query(text_of(title, content))
        except EmbeddingFailed as exc:
            log.warning("memory.dedup_deferred", space=self.embedder.space, error=str(exc)[:300])
            return None
        return Near(self.embedder.space, vector, self.threshold)
