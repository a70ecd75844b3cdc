"""``memoryd dispatch``, ``worker`` and ``run``: which processes each starts, the burst summary
on standard error, the container closed however the run ends, and one-line failures."""

from __future__ import annotations

from typing import Any

import pytest

from daemon.app import container as container_module
from daemon.app import process_runner
from daemon.base.errors import MemorydError
from daemon.dispatcher.dispatcher import DispatchStats
from tests.cli.support import _isolated, invoke  # noqa: F401 (an autouse fixture)
from workers.worker_settings import build_worker


class _Container:
    closed = False

    async def close(self) -> None:
        self.closed = True


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []

    async def open_container(settings: Any, **options: Any) -> _Container:
        assert options.get("pool_size") is None  # the pool of the settings
        return _Container()

    async def run_processes(container: _Container, **kwargs: Any) -> DispatchStats | None:
        calls.append({"container": container, **kwargs})
        return DispatchStats(read=5, stored=3, duplicates=1, dead=1, claimed=2)

    monkeypatch.setattr(container_module, "open_container", open_container)
    monkeypatch.setattr(process_runner, "run_processes", run_processes)
    return calls


@pytest.mark.parametrize(
    ("command", "dispatch", "work"),
    [("dispatch", True, False), ("worker", False, True), ("run", True, True)],
)
def test_each_command_starts_its_processes_and_closes_the_container(
    calls: list[dict[str, Any]], command: str, dispatch: bool, work: bool
) -> None:
    result = invoke(command)
    assert result.exit_code == 0, result.output
    (call,) = calls
    assert (call["dispatch"], call["work"], call["burst"]) == (dispatch, work, False)
    assert call["build_worker"] is build_worker
    assert call["container"].closed
    assert result.stderr == ""  # the summary is for bursts only


def test_a_burst_prints_its_summary(calls: list[dict[str, Any]]) -> None:
    result = invoke("dispatch", "--burst")
    assert result.exit_code == 0 and calls[0]["burst"]
    assert result.stderr.strip() == ("read 5, stored 3, duplicates 1, dead-lettered 1, claimed 2")


def test_a_memoryd_error_is_a_one_line_failure_and_the_container_is_closed(
    calls: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    async def failing(container: _Container, **kwargs: Any) -> None:
        calls.append({"container": container})
        raise MemorydError("Redis unreachable")

    monkeypatch.setattr(process_runner, "run_processes", failing)
    result = invoke("worker")
    assert result.exit_code == 1 and result.stderr == "memoryd: Redis unreachable\n"
    assert calls[0]["container"].closed


def test_a_bad_failpoint_is_refused_before_anything_starts(calls: list[dict[str, Any]]) -> None:
    result = invoke("dispatch", "--failpoints", "nowhere@1")
    assert result.exit_code == 1 and "bad failpoint 'nowhere@1'" in result.stderr
    assert calls == []
