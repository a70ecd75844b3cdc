"""The health report as data: what the operator is told, how many workers are live, and the
JSON form ``memoryd status --json`` prints (levels by name, the exit code, plain values)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from daemon.health.report import Extraction, Finding, Level, Status, WorkerInfo

AT = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


def test_the_operator_is_told_the_message_and_its_detail() -> None:
    finding = Finding(Level.DOWN, "store", "the SQL store unreachable", ": no such host")
    assert finding.told == "the SQL store unreachable: no such host"
    assert Finding(Level.DEGRADED, "runs", "1 run failed").told == "1 run failed"


def test_levels_order_as_exit_codes() -> None:
    assert [int(x) for x in (Level.HEALTHY, Level.DEGRADED, Level.DOWN)] == [0, 1, 2]
    assert max(Level.DEGRADED, Level.DOWN) is Level.DOWN


def test_extraction_counts_failed_and_parked_runs_and_the_cached_share() -> None:
    e = Extraction(by_outcome={"failed": 2, "parked": 1, "wrote": 5, "nothing": 3})
    assert e.failed == 3 and e.cached_share is None
    e.prompt_tokens, e.cached_tokens = 400, 100
    assert e.cached_share == 0.25


def test_as_dict_is_json_ready_with_levels_by_name_and_the_exit_code() -> None:
    s = Status(
        at=AT,
        level=Level.DEGRADED,
        findings=[Finding(Level.DEGRADED, "runs", "1 extraction run failed", " (s-1)")],
        workers=[WorkerInfo("a", True, 1.23456), WorkerInfo("b", False, 300.0)],
        extraction=Extraction(by_outcome={"failed": 1}, prompt_tokens=3, cached_tokens=1),
    )
    data = s.as_dict()
    json.dumps(data)
    assert data["at"] == "2026-06-01T12:00:00+00:00"
    assert (data["level"], data["exit_code"], data["live_workers"]) == ("degraded", 1, 1)
    assert data["findings"] == [
        {"level": "degraded", "check": "runs", "message": "1 extraction run failed (s-1)"}
    ]
    assert data["workers"][0] == {"name": "a", "live": True, "age_s": 1.235, "info": ""}
    assert data["extraction"]["failed"] == 1
    assert data["extraction"]["cached_share"] == 1 / 3
