"""The app's callback and the helpers commands share: settings built once (from the environment
unless given), log overrides, a one-line failure, and Redis through the state's factory."""

from __future__ import annotations

from typing import Any

import click
import pytest
import typer
from typer.testing import CliRunner

from daemon.base.settings import Settings
from daemon.cli import app
from daemon.cli.program import CliState, fail, prepare, redis_of, run_async, settings_of, state_of
from tests.cli.support import _isolated  # noqa: F401 (an autouse fixture)

runner = CliRunner()


def _probe_app(seen: dict[str, Any]) -> typer.Typer:
    """An app with memoryd's callback work and one command that reports what it was given."""
    probe = typer.Typer()

    @probe.callback()
    def callback(ctx: typer.Context, log_level: str | None = None) -> None:
        prepare(ctx, log_format=None, log_level=log_level)

    @probe.command()
    def show(ctx: typer.Context) -> None:
        seen["settings"] = settings_of(ctx)
        seen["state"] = state_of(ctx)
        seen["redis"] = redis_of(ctx)

    return probe


def test_settings_come_from_the_environment_and_log_overrides_apply(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MEMORYD_REDIS_URL", "redis://example:6390/3")
    seen: dict[str, Any] = {}
    result = runner.invoke(_probe_app(seen), ["--log-level", "debug", "show"])
    assert result.exit_code == 0, result.output
    assert seen["settings"].redis_url == "redis://example:6390/3"
    assert seen["settings"].log.level == "debug"


def test_given_settings_are_used_and_redis_comes_from_the_state_s_factory() -> None:
    given = Settings(redis_url="redis://given:1/0")
    urls: list[str] = []

    def factory(url: str) -> Any:
        urls.append(url)
        return "client"

    state = CliState(settings=given, redis_factory=factory)
    seen: dict[str, Any] = {}
    result = runner.invoke(_probe_app(seen), ["show"], obj=state)
    assert result.exit_code == 0, result.output
    assert seen["settings"] == given and seen["state"] is state
    assert urls == ["redis://given:1/0"] and seen["redis"] == "client"


def test_an_invalid_setting_is_a_one_line_error_exit_2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMORYD_LOG__LEVEL", "loudest")
    result = runner.invoke(_probe_app({}), ["show"])
    assert result.exit_code == 2
    assert result.stderr.startswith("memoryd: invalid setting ") and result.stderr.count("\n") == 1


def test_without_the_callback_the_helpers_refuse() -> None:
    ctx = typer.Context(click.Command("bare"))
    with pytest.raises(RuntimeError, match="callback has not run"):
        state_of(ctx)
    ctx.obj = CliState()
    with pytest.raises(RuntimeError, match="not built the settings"):
        settings_of(ctx)


def test_fail_prints_one_line_and_exits_with_its_code(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(typer.Exit) as exited:
        fail("the store is gone", code=3)
    assert exited.value.exit_code == 3
    assert capsys.readouterr().err == "memoryd: the store is gone\n"


def test_run_async_returns_the_coroutine_s_result() -> None:
    async def seven() -> int:
        return 7

    assert run_async(seven()) == 7


def test_version_prints_and_exits_before_any_setting_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MEMORYD_LOG__LEVEL", "loudest")  # would fail if the settings were read
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.startswith("memoryd ")
