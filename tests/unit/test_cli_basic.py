"""The CLI edge: settings errors, config, schema, publish and db."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import fakeredis
import pytest
from typer.testing import CliRunner

from daemon.base.logs import reset_logging
from daemon.cli import app
from daemon.cli.app import CliState
from daemon.events.codec import decode_event
from daemon.events.schema import generate_schema

runner = CliRunner()


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """No MEMORYD_* variable or .env of the developer's reaches the command."""
    for name in list(os.environ):
        if name.startswith("MEMORYD_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MEMORYD_DATABASE_URL", f"sqlite:///{tmp_path / 'memoryd.db'}")
    monkeypatch.setenv("MEMORYD_REDIS_PREFIX", "mdtest-cli")
    yield
    reset_logging()


@pytest.fixture
def server() -> fakeredis.FakeServer:
    return fakeredis.FakeServer()


@pytest.fixture
def state(server: fakeredis.FakeServer) -> CliState:
    """The documented seam: commands get their Redis client from ``redis_factory``."""
    return CliState(redis_factory=lambda url: fakeredis.FakeAsyncRedis(server=server))


def invoke(*args: str, obj: Any = None, input: str | None = None) -> Any:
    return runner.invoke(app, list(args), obj=obj, input=input)


def stream(server: fakeredis.FakeServer) -> list[Any]:
    client = fakeredis.FakeRedis(server=server)
    return [
        decode_event(fields[b"event"], max_bytes=1 << 20)
        for _, fields in client.xrange("mdtest-cli:turns")
    ]


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


def test_schema_prints_the_schema_generated_from_the_models() -> None:
    result = invoke("schema")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == generate_schema()


def good_line(turn: int) -> str:
    return json.dumps(
        {
            "v": 1,
            "event_id": f"s1:{turn}",
            "session_id": "s1",
            "turn": turn,
            "at": "2026-11-17T09:00:00Z",
            "scope": {"project": "p"},
            "messages": [{"id": f"t{turn}m0", "role": "user", "content": "hi"}],
        }
    )


def test_publish_reports_bad_lines_by_number_and_publishes_the_rest(
    tmp_path: Path, state: CliState, server: fakeredis.FakeServer
) -> None:
    bad_turn = json.loads(good_line(3)) | {"turn": "three"}
    lines = [good_line(1), "{not json", "", json.dumps(bad_turn), good_line(2)]
    path = tmp_path / "events.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    result = invoke("publish", str(path), obj=state)

    assert result.exit_code == 1
    errors = result.stderr.splitlines()
    assert len(errors) == 2
    assert errors[0].startswith("line 2: not JSON")
    assert errors[1].startswith("line 4: turn:")
    assert "published 2 events" in result.stdout
    assert [event.turn for event in stream(server)] == [1, 2]


def test_publish_reads_standard_input(state: CliState, server: fakeredis.FakeServer) -> None:
    result = invoke("publish", "-", obj=state, input=good_line(1) + "\n" + good_line(2) + "\n")
    assert result.exit_code == 0, result.output
    assert "published 2 events to mdtest-cli:turns" in result.stdout
    assert len(stream(server)) == 2


def test_publish_fixtures_publishes_every_bundled_session(
    state: CliState, server: fakeredis.FakeServer
) -> None:
    result = invoke("publish", "--fixtures", obj=state)
    assert result.exit_code == 0, result.output
    events = stream(server)
    assert len({event.session_id for event in events}) == 3
    assert f"published {len(events)} events" in result.stdout


def test_publish_needs_exactly_one_source(state: CliState) -> None:
    assert invoke("publish", obj=state).exit_code == 2
    assert invoke("publish", "-", "--fixtures", obj=state).exit_code == 2


def test_db_upgrade_then_current(tmp_path: Path) -> None:
    before = invoke("db", "current", "--check")
    assert before.exit_code == 1
    assert "(empty)" in before.stdout

    upgraded = invoke("db", "upgrade")
    assert upgraded.exit_code == 0, upgraded.output
    assert "up to date" in upgraded.stdout

    after = invoke("db", "current", "--check")
    assert after.exit_code == 0
    assert "up to date" in after.stdout


def test_log_options_override_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMORYD_LOG__LEVEL", "error")
    result = invoke("--log-level", "debug", "--log-format", "json", "config", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["log"] == {"level": "debug", "format": "json"}
