"""``build_embedder``: None for ``none``, the endpoint's embedder for ``openai`` (end to end
against the fake server), and ``local`` from its own module, or a ConfigError naming the
extra to install."""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest

from daemon.base.embedding import unit
from daemon.base.errors import ConfigError
from daemon.base.settings import EmbeddingSettings, Settings
from daemon.embeddings import LOCAL_EXTRA_MISSING, build_embedder
from daemon.embeddings.endpoint import OpenAIEmbedder
from daemon.testing.fakellm import FakeLLM, fake_vector


def test_none_builds_nothing() -> None:
    assert build_embedder(Settings()) is None
    assert build_embedder(Settings(embeddings={"provider": "none", "model": "m"})) is None


async def test_openai_against_the_fake_server_with_the_llm_endpoint(fake_llm: FakeLLM) -> None:
    settings = Settings(
        llm={"base_url": fake_llm.base_url, "api_key": "k", "model": "fake-model"},
        embeddings={"model": "fake-embedding", "dimensions": 48, "batch_size": 3},
    )
    embedder = build_embedder(settings)
    assert isinstance(embedder, OpenAIEmbedder)
    assert (embedder.space, embedder.dims) == ("openai:fake-embedding:48", 48)
    texts = [f"memory number {i}" for i in range(7)]
    assert await embedder.embed(texts) == [
        unit(fake_vector(t, 48, "fake-embedding")) for t in texts
    ]
    assert fake_llm.embeddings.calls == 3  # batches of 3
    assert {r["dimensions"] for r in fake_llm.embeddings.requests} == {48}
    assert fake_llm.calls == 0  # the chat endpoint was not asked
    await embedder.aclose()


def test_a_setting_that_cannot_run_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="MEMORYD_EMBEDDINGS__DIMENSIONS"):
        build_embedder(Settings(embeddings={"model": "mystery", "base_url": "http://e/v1"}))


def test_local_without_its_extra_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "daemon.embeddings.local", None)  # import fails
    with pytest.raises(ConfigError) as caught:
        build_embedder(Settings(embeddings={"provider": "local"}))
    assert str(caught.value) == f"MEMORYD_EMBEDDINGS__PROVIDER: {LOCAL_EXTRA_MISSING}"
    assert "pip install 'memoryd[local]'" in str(caught.value)


def test_local_is_built_by_its_module_from_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    given: list[EmbeddingSettings] = []

    class LocalEmbedder:
        space, dims = "local:mini:4", 4

        @classmethod
        def from_settings(cls, settings: EmbeddingSettings) -> Any:
            given.append(settings)
            return cls()

    module = types.ModuleType("daemon.embeddings.local")
    module.LocalEmbedder = LocalEmbedder  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "daemon.embeddings.local", module)
    settings = Settings(embeddings={"provider": "local", "model": "mini"})
    built = build_embedder(settings)
    assert isinstance(built, LocalEmbedder)
    assert given == [settings.embeddings]
