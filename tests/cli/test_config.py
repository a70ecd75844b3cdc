"""``memoryd config`` and ``memoryd schema``, and the settings every command is given."""

from __future__ import annotations

import json

import pytest

from daemon.events.schema import generate_schema
from tests.cli.support import _isolated, invoke

__all__ = ["_isolated"]  # the fixture every test here runs in


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("MEMORYD_STREAM__BATCH_SIZE", "-1"),
        ("MEMORYD_DATABASE_URL", "mysql://x/y"),
        ("MEMORYD_REDIS_URL", "redis://h:abc"),
    ],
)
def test_a_bad_setting_exits_2_with_one_line_naming_it(
    monkeypatch: pytest.MonkeyPatch, variable: str, value: str
) -> None:
    monkeypatch.setenv(variable, value)
    result = invoke("config")
    assert result.exit_code == 2
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"memoryd: invalid setting {variable}: ")


def test_config_json_masks_passwords_and_api_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMORYD_DATABASE_URL", "postgresql://memoryd:hunter2@db.internal/memoryd")
    monkeypatch.setenv("MEMORYD_REDIS_URL", "redis://:r3dispass@cache:6379/0")
    monkeypatch.setenv("MEMORYD_LLM__API_KEY", "sk-live-abcdef123456")
    result = invoke("config", "--json")
    assert result.exit_code == 0, result.output
    for secret in ("hunter2", "r3dispass", "sk-live-abcdef123456"):
        assert secret not in result.output
    data = json.loads(result.stdout)
    assert data["database_url"] == "postgresql+asyncpg://memoryd:****@db.internal/memoryd"
    assert data["llm"]["api_key"] == "**********"
    assert data["redis_prefix"] == "mdtest-cli"


def test_config_table_names_the_environment_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMORYD_LLM__API_KEY", "sk-live-abcdef123456")
    result = invoke("config")
    assert result.exit_code == 0, result.output
    assert "MEMORYD_STREAM__BATCH_SIZE" in result.stdout
    assert "sk-live-abcdef123456" not in result.stdout


def test_config_says_the_embeddings_mode_and_never_their_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    result = invoke("config")
    assert result.exit_code == 0, result.output
    assert "Embeddings: none (keyword search only)" in result.stdout
    monkeypatch.setenv("MEMORYD_EMBEDDINGS__MODEL", "text-embedding-3-large")
    monkeypatch.setenv("MEMORYD_EMBEDDINGS__API_KEY", "sk-embed-abcdef123456")
    result = invoke("config")
    assert result.exit_code == 0, result.output
    assert "Embeddings: openai text-embedding-3-large (3072 dims)" in result.stdout
    assert "sk-embed-abcdef123456" not in result.output
    monkeypatch.setenv("MEMORYD_EMBEDDINGS__MODEL", "mystery")
    result = invoke("config")  # shown, not refused: config is where one finds out
    assert "Embeddings: MISCONFIGURED: MEMORYD_EMBEDDINGS__DIMENSIONS" in result.stdout


def test_schema_prints_the_schema_generated_from_the_models() -> None:
    result = invoke("schema")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == generate_schema()


def test_log_options_override_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMORYD_LOG__LEVEL", "error")
    result = invoke("--log-level", "debug", "--log-format", "json", "config", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["log"] == {"level": "debug", "format": "json"}
