"""The benchmarks' command line (`./dev bench`): its commands, run as a module of the
checkout, and results for people (a line a figure, nested figures as JSON, a row a line)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from tests.bench import ROOT
from tests.bench.cli import bench_app, print_result


def test_rows_and_nested_figures_are_printed_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    result = {"bench": "x", "busy": {"p95_ms": 2.5}, "runs": [{"n": 1}, {"n": 2}]}
    print_result(result, as_json=False)
    lines = capsys.readouterr().out.splitlines()
    assert lines == ["bench  x", " busy  " + json.dumps({"p95_ms": 2.5}), " runs"] + [
        "       " + json.dumps({"n": n}) for n in (1, 2)
    ]
    print_result(result, as_json=True)
    assert json.loads(capsys.readouterr().out) == result


def test_the_benchmarks_are_the_ones_memoryd_bench_had() -> None:
    group = typer.main.get_command(bench_app)
    assert isinstance(group, typer.core.TyperGroup)
    assert set(group.commands) == {
        "ingest",
        "extract",
        "faults",
        "fairness",
        "soak",
        "consolidate",
        "cleanup",
        "context",
        "recall",
        "recall-quality",
        "redteam",
        "redteam-sets",
        "scale",
        "status",
        "secrets",
        "serve",
        "stateful",
        "tenant-attacks",
        "vectors",
    }


def test_a_benchmark_runs_as_a_module_of_the_checkout(tmp_path: Path) -> None:
    """What `./dev bench cleanup --json` runs: one JSON object with the same keys as
    `memoryd bench cleanup --json` printed."""
    env = {
        **os.environ,
        "MEMORYD_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'memoryd.db'}",
        "MEMORYD_TRUNCATION__DIR": str(tmp_path / "truncations"),
    }
    env.pop("PYTHONPATH", None)  # the checkout itself is the path: python -m from its root
    done = subprocess.run(
        [sys.executable, "-m", "tests.bench", "cleanup", "--files", "20", "--json"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    figures = json.loads(done.stdout)
    assert set(figures) == {
        "bench",
        "files",
        "bytes",
        "seconds",
        "left",
        "errors",
        "target_seconds",
    }
    assert figures["bench"] == "cleanup" and figures["files"] == 20 and figures["left"] == 0


def test_redteam_sets_prints_json_and_writes_the_markdown_tables_of_the_same_run(
    tmp_path: Path,
) -> None:
    """One run gives both forms: the JSON with each path's targets under `summary`, and the
    markdown tables (counts, then targets) in the file --markdown names."""
    from typer.testing import CliRunner

    tables = tmp_path / "sets.md"
    args = ["redteam-sets", "--sets", "A", "--paths", "rules", "--limit", "1", "--json"]
    done = CliRunner().invoke(bench_app, [*args, "--markdown", str(tables)])
    assert done.exit_code == 0, done.output
    result = json.loads(done.stdout)
    checked = result["summary"]["rules"]
    assert set(checked) == {"all", "user", "no_user"}
    assert len(checked["all"]["targets"]) == 6
    text = tables.read_text(encoding="utf-8")
    assert "| A | rules | user |" in text and "| rules | all | no wrong date |" in text


def test_a_bench_stopped_by_sigterm_runs_its_cleanups(tmp_path: Path) -> None:
    marker = tmp_path / "cleaned"
    code = (
        "import atexit, pathlib, sys, time\n"
        "from tests.bench.cli import stop_on_sigterm\n"
        "stop_on_sigterm()\n"
        f"atexit.register(pathlib.Path({str(marker)!r}).write_text, 'yes')\n"
        "print('ready', flush=True)\n"
        "time.sleep(60)\n"
    )
    with subprocess.Popen(
        [sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, text=True
    ) as child:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        child.terminate()
        assert child.wait(timeout=30) == 128 + 15
    assert marker.read_text() == "yes"
