"""The embedder a process uses, built once at its edge (the worker's start-up, a CLI
command) from ``MEMORYD_EMBEDDINGS__*``.

``None`` means no provider is configured: search stays keyword-only and no memory is
embedded. This is the one place the providers are chosen; tests hand an embedder of their
own to what they build instead.
"""

from __future__ import annotations

from daemon.base.embedding import Embedder
from daemon.base.settings import Settings


def build_embedder(settings: Settings) -> Embedder | None:
    """The configured embedder, or ``None``. The providers' factory is called here once
    they are part of memoryd; until then no provider is configured."""
    del settings
    return None
