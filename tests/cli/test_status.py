"""``memoryd status``: its exit code and JSON follow the health verdict, and --watch prints a
reading per interval (both backends)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from daemon.app.container import Container, process_name
from daemon.base.clock import FakeClock
from tests.cli.operator_cli import Cli, pipeline


def test_status_exit_codes_and_json(cli: Cli) -> None:
    # A loaded machine may answer a PING slowly: that finding is not what is tested here.
    health = cli.settings.health.model_copy(update={"redis_latency_degraded_ms": 60_000.0})
    cli.settings = cli.settings.model_copy(update={"health": health})
    cli.setup(pipeline)
    degraded = cli.invoke("status", "--json")  # one dead letter
    assert degraded.exit_code == 1, degraded.output
    data = json.loads(degraded.stdout)
    assert data["level"] == "degraded" and data["live_workers"] == 1
    assert [f["check"] for f in data["findings"]] == ["dead_letters"]
    cli.invoke("dlq", "purge", "--all", "--yes")
    ok = cli.invoke("status", "--json")
    assert ok.exit_code == 0, ok.stdout
    cli.setup(lambda rt: rt.redis.delete(rt.keys.worker(process_name())))
    down = cli.invoke("status")
    assert down.exit_code == 2 and "no live worker" in down.stdout


def now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


class _Enough(Exception):
    pass


class _ThreeReadings(FakeClock):
    async def sleep(self, seconds: float) -> None:
        self.advance(seconds)
        if self.monotonic() >= 3 * seconds:
            raise _Enough


async def test_watch_prints_a_reading_per_interval(
    runtime: Container, capsys: pytest.CaptureFixture[str]
) -> None:
    from daemon.cli.status import _watch

    probe = Container(
        settings=runtime.settings,
        redis=runtime.redis,
        store=runtime.store,
        clock=_ThreeReadings(now()),
    )
    with pytest.raises(_Enough):
        await _watch(probe, 2.0, as_json=True)
    lines = [x for x in capsys.readouterr().out.splitlines() if x.startswith("{")]
    assert len(lines) == 3
    assert [json.loads(line)["at"] for line in lines] == sorted(
        {json.loads(line)["at"] for line in lines}
    )
