"""The embedder a one-shot command uses, built at its edge (``memoryd embeddings …``) from
``MEMORYD_EMBEDDINGS__*``.

``None`` means no provider is configured: search stays keyword-only and no memory is
embedded. Long-running processes take :attr:`Container.embedder
<daemon.app.container.Container.embedder>` instead, which shares the provider breaker in
Redis; a command that embeds once and exits has no breaker to share.
"""

from __future__ import annotations

from daemon.base.embedding import Embedder
from daemon.base.settings import Settings
from daemon.embeddings import build_embedder as _build


def build_embedder(settings: Settings) -> Embedder | None:
    """The configured embedder, or ``None`` when no provider is configured."""
    return _build(settings)
