"""A command's embedder: none without a provider, the configured provider's otherwise."""

from __future__ import annotations

from daemon.app.embedder import build_embedder
from daemon.base.settings import Settings


def test_no_provider_means_no_embedder() -> None:
    assert build_embedder(Settings()) is None


def test_a_configured_endpoint_is_the_commands_embedder() -> None:
    settings = Settings(
        embeddings={
            "provider": "openai",
            "base_url": "http://127.0.0.1:9/v1",
            "api_key": "sk-test",
            "model": "text-embedding-3-small",
            "dimensions": 64,
        }
    )
    built = build_embedder(settings)
    assert built is not None
    assert (built.space, built.dims) == ("openai:text-embedding-3-small:64", 64)
