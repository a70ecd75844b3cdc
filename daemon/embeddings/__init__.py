"""Embedding providers: texts to vectors for recall by meaning. See docs/recall.md.

    choice      which provider, model and dimensions the settings ask for, and the one
                line that names them (``memoryd config``, ``memoryd status``, ``/readyz``)
    endpoint    OpenAIEmbedder: any OpenAI-compatible ``/v1/embeddings``, batched, errors
                classified as the model calls' are, behind the provider breaker
    query       QueryEmbedder: recent query vectors cached; a failure falls back to keywords
    local       LocalEmbedder: a model of the ``local`` extra, loaded with no network

This package sits above ``daemon.base`` and below the composition root; it never imports the
store (vectors are stored by their owner) nor another package of its layer, so recall, the
extractor and the workers may all import it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, cast

from daemon.base.embedding import Embedder, EmbeddingFailed
from daemon.base.errors import ConfigError
from daemon.base.settings import Settings
from daemon.embeddings.choice import Choice, choose, describe

if TYPE_CHECKING:
    import httpx2

    from daemon.embeddings.endpoint import ProviderBreaker

__all__ = [
    "LOCAL_EXTRA_MISSING",
    "Choice",
    "Embedder",
    "EmbeddingFailed",
    "build_embedder",
    "choose",
    "describe",
]

LOCAL_EXTRA_MISSING = "the local provider needs the 'local' extra: pip install 'memoryd[local]'"


def build_embedder(
    settings: Settings,
    *,
    breaker: ProviderBreaker | None = None,
    http_client: httpx2.AsyncClient | None = None,
) -> Embedder | None:
    """The embedder the settings describe, or None for ``none`` (keyword search only).

    ``breaker`` is the provider breaker shared through Redis (the composition root builds
    it); without one, failures are only classified. Raises ConfigError for settings that
    cannot run, and for ``local`` without its extra installed."""
    choice = choose(settings)
    if choice.provider == "none":
        return None
    if choice.provider == "local":
        return _local(settings)
    from daemon.embeddings.endpoint import OpenAIEmbedder, open_client

    e = settings.embeddings
    assert choice.model is not None and choice.dims is not None  # choose() resolved them
    client = open_client(
        base_url=choice.base_url,
        api_key=choice.api_key.get_secret_value() if choice.api_key else None,
        timeout_s=e.timeout_s,
        connect_timeout_s=e.connect_timeout_s,
        http_client=http_client,
    )
    return OpenAIEmbedder(
        client,
        model=choice.model,
        dims=choice.dims,
        breaker=breaker,
        batch_size=e.batch_size,
        send_dimensions=choice.send_dimensions,
    )


def _local(settings: Settings) -> Embedder:
    """``daemon.embeddings.local.LocalEmbedder.from_settings(settings.embeddings)``,
    imported only when asked for: its libraries come with the ``local`` extra."""
    try:
        module = importlib.import_module("daemon.embeddings.local")
        return cast(Embedder, module.LocalEmbedder.from_settings(settings.embeddings))
    except ImportError as exc:
        raise ConfigError(f"MEMORYD_EMBEDDINGS__PROVIDER: {LOCAL_EXTRA_MISSING}") from exc
