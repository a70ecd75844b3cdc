"""``memoryd mcp``: it serves only with a well-formed key from MEMORYD_API_KEY, passes the
project and user (options or environment) on, closes its container, and reports a bad setting
or schema as a usage error."""

from __future__ import annotations

from typing import Any

import pytest

from daemon.app import container as container_module
from daemon.base.errors import ConfigError
from daemon.mcp import stdio
from tests.cli.support import _isolated, invoke  # noqa: F401 (an autouse fixture)

KEY = "mdk_0123456789ab_" + "A" * 43


class _Container:
    closed = False
    announced = False

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

    monkeypatch.setattr(container_module, "open_container", open_container)
    monkeypatch.setattr(stdio, "serve_stdio", serve_stdio)
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
