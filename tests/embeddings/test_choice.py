"""Which embeddings the settings ask for: ``none`` unless a model is named, the LLM
endpoint's address and key as fallbacks, and a ConfigError naming what to set."""

from __future__ import annotations

from typing import Any

import pytest

from daemon.base.errors import ConfigError
from daemon.base.settings import Settings
from daemon.embeddings.choice import Choice, choose, describe


def settings(**overrides: Any) -> Settings:
    return Settings(**overrides)


def test_nothing_configured_is_none_even_with_an_llm() -> None:
    """An LLM endpoint alone does not turn embeddings on: many serve no embeddings."""
    for given in (settings(), settings(llm={"model": "m", "base_url": "http://llm/v1"})):
        choice = choose(given)
        assert choice == Choice("none")
        assert not choice.enabled
        assert describe(given) == "none (keyword search only)"


def test_a_model_turns_openai_on_with_the_llm_endpoint_and_key_as_fallbacks() -> None:
    choice = choose(
        settings(
            llm={"base_url": "http://llm/v1", "api_key": "sk-llm-key"},
            embeddings={"model": "text-embedding-3-large"},
        )
    )
    assert choice.provider == "openai"
    assert (choice.model, choice.dims, choice.base_url) == (
        "text-embedding-3-large",
        3072,
        "http://llm/v1",
    )
    assert choice.api_key is not None and choice.api_key.get_secret_value() == "sk-llm-key"
    assert not choice.send_dimensions  # the model's own size: nothing to ask for


def test_the_embeddings_own_endpoint_and_key_win() -> None:
    choice = choose(
        settings(
            llm={"base_url": "http://llm/v1", "api_key": "sk-llm-key"},
            embeddings={
                "model": "nomic-embed-text",
                "dimensions": 768,
                "base_url": "http://embed/v1",
                "api_key": "sk-embed-key",
            },
        )
    )
    assert (choice.base_url, choice.dims, choice.send_dimensions) == ("http://embed/v1", 768, True)
    assert choice.api_key is not None and choice.api_key.get_secret_value() == "sk-embed-key"
    assert choice.describe() == "openai nomic-embed-text (768 dims)"


def test_openai_named_alone_takes_the_default_model_and_openai_api_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")
    choice = choose(settings(embeddings={"provider": "openai"}))
    assert (choice.model, choice.dims, choice.base_url) == ("text-embedding-3-small", 1536, None)
    assert choice.api_key is not None and choice.api_key.get_secret_value() == "sk-from-env"


def test_explicit_none_wins_over_a_model() -> None:
    assert not choose(settings(embeddings={"provider": "none", "model": "m"})).enabled


@pytest.mark.parametrize(
    ("embeddings", "names"),
    [
        ({"model": "mystery-embedder", "base_url": "http://e/v1"}, "__DIMENSIONS"),
        ({"provider": "openai"}, "__PROVIDER: openai needs an endpoint"),
    ],
)
def test_settings_that_cannot_run_name_what_to_set(embeddings: dict[str, Any], names: str) -> None:
    given = settings(embeddings=embeddings)
    with pytest.raises(ConfigError, match=names):
        choose(given)
    assert describe(given).startswith("MISCONFIGURED: MEMORYD_EMBEDDINGS_")


def test_local_names_its_model_or_the_default() -> None:
    assert choose(settings(embeddings={"provider": "local"})).describe() == "local (default model)"
    named = choose(settings(embeddings={"provider": "local", "model": "mini", "dimensions": 384}))
    assert named.describe() == "local mini (384 dims)"


def test_the_line_never_shows_the_key_nor_the_address() -> None:
    given = settings(
        embeddings={
            "model": "text-embedding-3-small",
            "base_url": "http://user:pw@embed/v1",
            "api_key": "sk-secret-123",
        }
    )
    line = describe(given)
    assert line == "openai text-embedding-3-small (1536 dims)"
    assert "sk-secret-123" not in repr(choose(given))
