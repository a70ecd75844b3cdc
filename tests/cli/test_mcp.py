"""``memoryd mcp``: it serves only with a well-formed key from MEMORYD_API_KEY, passes the
project and user (options or environment) on, closes its container, and reports a bad setting
or schema as a usage error; it refuses a store that does not exist or holds no keys with one
line (never making an empty store); ``memoryd mcp config`` prints a host's snippet with the
absolute command and the store's URL."""

from __future__ import annotations

import json
import os
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from daemon.app import container as container_module
from daemon.base.errors import ConfigError
from daemon.mcp import stdio
from daemon.store import api_keys
from tests.cli.support import _isolated, invoke  # noqa: F401 (an autouse fixture)

KEY = "mdk_0123456789ab_" + "A" * 43


class _Store:
    @asynccontextmanager
    async def connect(self) -> Any:
        yield None


class _Container:
    closed = False
    announced = False
    store = _Store()

    def announce_at_rest(self) -> None:
        self.announced = True

    async def close(self) -> None:
        self.closed = True


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    served: list[dict[str, Any]] = []

    async def open_container(settings: Any, **kwargs: Any) -> _Container:
        return _Container()

    async def serve_stdio(container: _Container, key: str, **kwargs: Any) -> None:
        served.append({"container": container, "key": key, **kwargs})
        if kwargs.get("project") == "broken":
            raise ConfigError("MEMORYD_API_URL is not a URL")

    async def live_keys(conn: Any) -> int:
        return int(os.environ.get("TEST_LIVE_KEYS", "1"))

    monkeypatch.setattr(container_module, "open_container", open_container)
    monkeypatch.setattr(stdio, "serve_stdio", serve_stdio)
    monkeypatch.setattr(api_keys, "live_keys", live_keys)
    Path(os.environ["MEMORYD_DATABASE_URL"].removeprefix("sqlite:///")).touch()
    return served


def test_no_key_or_a_malformed_one_is_refused_before_serving(
    served: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = invoke("mcp")
    assert missing.exit_code == 2 and "MEMORYD_API_KEY is not set" in missing.stderr
    monkeypatch.setenv("MEMORYD_API_KEY", "sk-not-ours")
    malformed = invoke("mcp")
    assert malformed.exit_code == 2 and "not a memoryd key" in malformed.stderr
    assert served == []


def test_the_key_project_and_user_are_passed_on(
    served: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMORYD_API_KEY", f"  {KEY}\n")
    monkeypatch.setenv("MEMORYD_MCP_USER", "dana")
    result = invoke("mcp", "--project", "acme/billing")
    assert result.exit_code == 0, result.output
    (call,) = served
    assert (call["key"], call["project"], call["user"]) == (KEY, "acme/billing", "dana")
    assert call["container"].closed


def test_a_bad_setting_is_a_usage_error_and_the_container_is_closed(
    served: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMORYD_API_KEY", KEY)
    result = invoke("mcp", "--project", "broken")
    assert result.exit_code == 2 and result.stderr == "memoryd: MEMORYD_API_URL is not a URL\n"
    assert served[0]["container"].closed


def test_a_store_that_does_not_exist_is_refused_and_not_made(
    served: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("MEMORYD_API_KEY", KEY)
    missing = tmp_path / "elsewhere" / "memoryd.db"
    monkeypatch.setenv("MEMORYD_DATABASE_URL", f"sqlite:///{missing}")
    result = invoke("mcp")
    assert result.exit_code == 2
    assert result.stderr == (
        f"memoryd: no memoryd store at {missing}: set MEMORYD_DATABASE_URL to your store "
        "(`memoryd mcp config` prints a ready snippet)\n"
    )
    assert not missing.exists() and served == []


def test_a_store_with_no_keys_is_refused_with_the_fix(
    served: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMORYD_API_KEY", KEY)
    monkeypatch.setenv("TEST_LIVE_KEYS", "0")
    result = invoke("mcp")
    assert result.exit_code == 2 and served == []
    assert "holds no keys: set MEMORYD_DATABASE_URL to the store your key was made in" in (
        result.stderr
    )
    assert len(result.stderr.strip().splitlines()) == 1


def test_config_prints_the_absolute_command_and_the_stores_url(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MEMORYD_API_KEY", KEY)
    result = invoke("mcp", "config", "--project", "github.com/acme/billing")
    assert result.exit_code == 0, result.output
    server = json.loads(result.stdout)["mcpServers"]["memoryd"]
    assert Path(server["command"]).is_absolute()
    assert server["args"][-1] == "mcp"
    env = server["env"]
    assert env["MEMORYD_DATABASE_URL"] == os.environ["MEMORYD_DATABASE_URL"].replace(
        "sqlite://", "sqlite+aiosqlite://"
    )
    assert env["MEMORYD_MCP_PROJECT"] == "github.com/acme/billing"
    assert KEY not in result.stdout  # a key is printed only when asked for
    with_key = invoke("mcp", "config", "--with-key")
    assert json.loads(with_key.stdout)["mcpServers"]["memoryd"]["env"]["MEMORYD_API_KEY"] == KEY


def test_config_for_http_names_the_mcp_route_and_headers() -> None:
    result = invoke("mcp", "config", "--http", "https://memoryd.internal/", "--user", "alice")
    server = json.loads(result.stdout)["mcpServers"]["memoryd"]
    assert server["url"] == "https://memoryd.internal/mcp"
    assert server["headers"]["X-Memoryd-User"] == "alice"
    assert server["headers"]["Authorization"].startswith("Bearer ")
