"""The embedder a one-shot command uses, built at its edge (``memoryd embeddings …``) from
``MEMORYD_EMBEDDINGS__*``.

``None`` means no provider is configured: search stays keyword-only and no memory is
embedded. Long-running processes take :attr:`Container.embedder
<daemon.app.container.Container.embedder>` instead, which shares the provider breaker in
Redis; a command that embeds once and exits has no breaker to share.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from daemon.base.embedding import Embedder
from daemon.base.settings import Settings
from daemon.embeddings import build_embedder as _build

if TYPE_CHECKING:
    from daemon.embeddings.query import QueryEmbedder


def build_embedder(settings: Settings) -> Embedder | None:
    """The configured embedder, or ``None`` when no provider is configured."""
    return _build(settings)


def build_query_embedder(settings: Settings) -> QueryEmbedder | None:
    """The configured embedder with a cache of query vectors, or ``None``: a command's
    searches then rank by keywords alone."""
    from daemon.embeddings.query import QueryEmbedder

    embedder = _build(settings)
    if embedder is None:
        return None
    return QueryEmbedder(embedder, cache_size=settings.embeddings.query_cache_size)
