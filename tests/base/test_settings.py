"""The settings: read from the environment with one-line errors, secrets masked; and
deploy/memoryd.env.example documents every setting, with its real default.

The file is the operator's reference: a setting added to ``daemon.base.settings.Settings`` without
a line there (or a default changed on one side only) fails here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, SecretStr

from daemon.base.errors import ConfigError
from daemon.base.settings import Settings, load_settings, masked, normalize_database_url

EXAMPLE = Path(__file__).resolve().parents[2] / "deploy" / "memoryd.env.example"
# "#MEMORYD_X=default" (commented: shows the default) or "MEMORYD_X=value" (set in production).
ASSIGNMENT = re.compile(r"^(?P<commented>#\s*)?(?P<name>MEMORYD_[A-Z0-9_]+)=(?P<value>.*)$")


def _leaves(model: type[BaseModel], path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    for name, info in model.model_fields.items():
        annotation = info.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            yield from _leaves(annotation, (*path, name))
        else:
            yield (*path, name)


def _env_name(path: tuple[str, ...]) -> str:
    return "MEMORYD_" + "__".join(part.upper() for part in path)


SETTINGS = {_env_name(path): path for path in _leaves(Settings)}


def _value(settings: Settings, path: tuple[str, ...]) -> Any:
    value: Any = settings
    for part in path:
        value = getattr(value, part)
    return value.get_secret_value() if isinstance(value, SecretStr) else value


def _assignments() -> list[tuple[int, bool, str, str]]:
    """(line number, commented, name, value) of every MEMORYD_* line of the example."""
    found = []
    for number, line in enumerate(EXAMPLE.read_text(encoding="utf-8").splitlines(), start=1):
        match = ASSIGNMENT.match(line)
        if match:
            commented = match["commented"] is not None
            found.append((number, commented, match["name"], match["value"]))
    return found


def test_every_setting_is_in_the_example_once() -> None:
    names = [name for _, _, name, _ in _assignments()]
    missing = sorted(set(SETTINGS) - set(names))
    assert not missing, f"add these settings to {EXAMPLE.name}: {missing}"
    repeated = sorted({name for name in names if names.count(name) > 1})
    assert not repeated, f"settings listed more than once: {repeated}"


def test_the_example_names_no_setting_that_does_not_exist() -> None:
    unknown = sorted({name for _, _, name, _ in _assignments()} - set(SETTINGS))
    assert not unknown, f"{EXAMPLE.name} lists settings memoryd does not have: {unknown}"


def test_every_setting_is_described_by_the_comment_above_it() -> None:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    for number, _, name, _ in _assignments():
        above = lines[number - 2] if number >= 2 else ""
        assert above.startswith("# ") and not ASSIGNMENT.match(above), (
            f"line {number}: {name} has no description above it"
        )


def test_commented_values_are_the_real_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    """Setting a variable to the value shown gives the default; an empty value means unset."""
    defaults = load_settings()
    for number, commented, name, shown in _assignments():
        if not commented:
            continue
        path = SETTINGS[name]
        default = _value(defaults, path)
        if shown == "":
            assert default is None, f"line {number}: {name} shows no value, default {default!r}"
            continue
        with monkeypatch.context() as patch:
            patch.setenv(name, shown)
            parsed = _value(load_settings(), path)
        assert parsed == default, f"line {number}: {name}={shown} but the default is {default!r}"


def test_the_uncommented_values_are_valid_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    active = [(name, value) for _, commented, name, value in _assignments() if not commented]
    assert active, "the example sets nothing a production deployment needs"
    for name, value in active:
        monkeypatch.setenv(name, value)
    settings = load_settings()
    assert not settings.is_sqlite


def test_the_renamed_breaker_settings_still_read_their_old_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``breaker_failures`` meant the session's breaker in one section and the provider's in
    the other; both are named for what they hold now, and a deployment's old variables keep
    working."""
    monkeypatch.setenv("MEMORYD_EXTRACTION__BREAKER_FAILURES", "7")
    monkeypatch.setenv("MEMORYD_EXTRACTION__BREAKER_COOLDOWN_S", "70")
    monkeypatch.setenv("MEMORYD_LLM__BREAKER_FAILURES", "9")
    monkeypatch.setenv("MEMORYD_LLM__PROVIDER_BREAKER_COOLDOWN_S", "90")
    settings = load_settings()
    assert settings.extraction.session_breaker_failures == 7
    assert settings.extraction.session_breaker_cooldown_s == 70
    assert settings.llm.provider_breaker_failures == 9
    assert settings.llm.provider_breaker_cooldown_s == 90


# -- the settings themselves


@pytest.mark.parametrize(
    ("url", "normal"),
    [
        ("postgresql://u@db/m", "postgresql+asyncpg://u@db/m"),
        ("POSTGRES://u@db/m", "postgresql+asyncpg://u@db/m"),
        ("sqlite:///tmp/m.db", "sqlite+aiosqlite:///tmp/m.db"),
        ("sqlite+aiosqlite:///tmp/m.db", "sqlite+aiosqlite:///tmp/m.db"),
    ],
)
def test_database_urls_get_their_async_driver(url: str, normal: str) -> None:
    assert normalize_database_url(url) == normal
    assert Settings(database_url=url).database_url == normal


@pytest.mark.parametrize(
    ("url", "says"), [("mysql://u@db/m", "unknown database driver"), ("m.db", "expected a URL")]
)
def test_other_database_urls_are_refused(url: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        normalize_database_url(url)


def test_nested_settings_are_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMORYD_API__RATE_LIMIT", "40")
    monkeypatch.setenv("MEMORYD_REDIS_PREFIX", "staging")
    settings = load_settings()
    assert (settings.api.rate_limit, settings.redis_prefix) == (40, "staging")
    assert load_settings(redis_prefix="override").redis_prefix == "override"


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("MEMORYD_API__RATE_LIMIT", "-1", "MEMORYD_API__RATE_LIMIT: "),
        ("MEMORYD_REDIS_URL", "http://host:6379", "MEMORYD_REDIS_URL: expected redis://"),
        ("MEMORYD_REDIS_URL", "redis://host:port/0", "MEMORYD_REDIS_URL: bad port"),
        ("MEMORYD_REDIS_PREFIX", "a{b}", "MEMORYD_REDIS_PREFIX: must be a non-empty word"),
        ("MEMORYD_DATABASE_URL", "mysql://x/y", "MEMORYD_DATABASE_URL: unknown database driver"),
    ],
)
def test_a_bad_value_is_one_line_naming_its_variable(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, message: str
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as caught:
        load_settings()
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_masked_settings_hide_passwords_and_the_api_key() -> None:
    settings = Settings(
        redis_url="redis://:hunter2@cache:6379/0",
        database_url="postgresql://app:s3cret@db/memoryd",
        llm={"api_key": "sk-test-not-real", "model": "m"},
    )
    shown = masked(settings)
    assert shown["redis_url"] == "redis://:****@cache:6379/0"
    assert shown["database_url"] == "postgresql+asyncpg://app:****@db/memoryd"
    assert shown["llm"]["api_key"] == "**********"
    assert "hunter2" not in str(shown) and "s3cret" not in str(shown)
    assert masked(Settings(redis_url="redis://cache:6379/0"))["redis_url"] == (
        "redis://cache:6379/0"
    )


def test_every_scheduled_job_is_listed_once_with_its_schedule() -> None:
    schedules = Settings().maintenance.schedules()
    assert set(schedules) == {"consolidate", "cleanup_truncations", "retention", "verify_integrity"}
    assert schedules["retention"].hour == {3} and schedules["retention"].minute == {27}


def test_the_model_is_configured_only_with_a_name_and_a_place_to_call() -> None:
    assert not Settings().llm.configured
    assert not Settings(llm={"model": "m"}).llm.configured
    assert Settings(llm={"model": "m", "base_url": "http://127.0.0.1:9/v1"}).llm.configured
    assert Settings(llm={"model": "m", "api_key": "k"}).llm.configured


def test_embeddings_are_none_by_default_and_their_key_is_masked() -> None:
    assert Settings().embeddings.provider is None  # resolved to none: daemon.embeddings.choice
    shown = masked(Settings(embeddings={"api_key": "sk-embed-not-real", "model": "m"}))
    assert shown["embeddings"]["api_key"] == "**********"
    assert "sk-embed-not-real" not in str(shown)


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("MEMORYD_EMBEDDINGS__DIMENSIONS", "0", "MEMORYD_EMBEDDINGS__DIMENSIONS: Input should be"),
        ("MEMORYD_EMBEDDINGS__DIMENSIONS", "-3", "MEMORYD_EMBEDDINGS__DIMENSIONS: Input should be"),
        ("MEMORYD_EMBEDDINGS__PROVIDER", "cohere", "MEMORYD_EMBEDDINGS__PROVIDER: Input should be"),
        ("MEMORYD_EMBEDDINGS__BATCH_SIZE", "0", "MEMORYD_EMBEDDINGS__BATCH_SIZE: Input should be"),
        ("MEMORYD_EMBEDDINGS__QUERY_CACHE_SIZE", "-1", "MEMORYD_EMBEDDINGS__QUERY_CACHE_SIZE"),
        ("MEMORYD_EMBEDDINGS__DEDUP_THRESHOLD", "0", "MEMORYD_EMBEDDINGS__DEDUP_THRESHOLD"),
        ("MEMORYD_EMBEDDINGS__DEDUP_THRESHOLD", "1.5", "MEMORYD_EMBEDDINGS__DEDUP_THRESHOLD"),
    ],
)
def test_bad_embedding_settings_are_one_line_config_errors(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, message: str
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as caught:
        load_settings()
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_embedding_settings_are_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMORYD_EMBEDDINGS__PROVIDER", "openai")
    monkeypatch.setenv("MEMORYD_EMBEDDINGS__MODEL", "nomic-embed-text")
    monkeypatch.setenv("MEMORYD_EMBEDDINGS__DIMENSIONS", "768")
    monkeypatch.setenv("MEMORYD_EMBEDDINGS__API_KEY", "sk-e")
    e = load_settings().embeddings
    assert (e.provider, e.model, e.dimensions) == ("openai", "nomic-embed-text", 768)
    assert e.dedup_threshold == 0.80  # the benchmark's choice for the local model
    assert e.api_key is not None and e.api_key.get_secret_value() == "sk-e"
