"""``memoryd demo`` as a command: it runs the demo in a temporary directory it removes, keeps
the log to warnings unless asked for more, renders the result, and turns a memoryd error into
a one-line failure. (The demo itself, end to end: tests/integration/test_demo.py.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from daemon.app import demo_run
from daemon.base.errors import MemorydError
from daemon.base.settings import LogSettings
from tests.cli.support import _isolated, invoke  # noqa: F401 (an autouse fixture)

RESULT = object()


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    seen: dict[str, Any] = {"levels": []}

    async def run_demo(settings: Any, workdir: Path, build_worker: Any) -> object:
        seen["workdir"] = workdir
        seen["existed"] = workdir.is_dir()
        if seen.get("fail"):
            raise MemorydError("the demo's store refused to open")
        return RESULT

    def render(result: object, console: Any) -> None:
        seen["rendered"] = result

    def configure_logging(settings: LogSettings, **kwargs: Any) -> None:
        seen["levels"].append(settings.level)

    monkeypatch.setattr(demo_run, "run_demo", run_demo)
    monkeypatch.setattr(demo_run, "render", render)
    monkeypatch.setattr("daemon.base.logs.configure_logging", configure_logging)
    return seen


def test_the_demo_runs_in_a_removed_temporary_directory_and_is_rendered(
    seen: dict[str, Any],
) -> None:
    result = invoke("demo")
    assert result.exit_code == 0, result.output
    assert seen["existed"] and not seen["workdir"].exists()
    assert seen["workdir"].name.startswith("memoryd-demo-")
    assert seen["rendered"] is RESULT
    assert seen["levels"][-1] == "warning"  # the report, not the log


def test_a_chosen_log_level_is_kept(seen: dict[str, Any]) -> None:
    assert invoke("--log-level", "debug", "demo").exit_code == 0
    assert seen["levels"] == ["debug"]


def test_a_memoryd_error_is_a_one_line_failure(seen: dict[str, Any]) -> None:
    seen["fail"] = True
    result = invoke("demo")
    assert result.exit_code == 1
    assert result.stderr == "memoryd: the demo's store refused to open\n"
    assert "rendered" not in seen and not seen["workdir"].exists()
