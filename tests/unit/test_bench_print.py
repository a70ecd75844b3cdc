"""Benchmark results for people: a line a figure, nested figures as JSON, a row a line."""

from __future__ import annotations

import json

import pytest

from tests.bench.cli.app import print_result


def test_rows_and_nested_figures_are_printed_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    result = {"bench": "x", "busy": {"p95_ms": 2.5}, "runs": [{"n": 1}, {"n": 2}]}
    print_result(result, as_json=False)
    lines = capsys.readouterr().out.splitlines()
    assert lines == ["bench  x", " busy  " + json.dumps({"p95_ms": 2.5}), " runs"] + [
        "       " + json.dumps({"n": n}) for n in (1, 2)
    ]
    print_result(result, as_json=True)
    assert json.loads(capsys.readouterr().out) == result
