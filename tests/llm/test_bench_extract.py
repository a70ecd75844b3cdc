"""`./dev bench extract --json` runs end to end on a tiny load and prints one JSON object."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from daemon.base.settings import Settings
from daemon.cli.program import CliState
from daemon.testing.fakellm import STYLES
from tests.backends import REDIS_URL
from tests.bench.cli import bench_app

pytestmark = pytest.mark.slow


def test_bench_extract_prints_the_figures_of_both_modes_and_the_baselines(tmp_path: Path) -> None:
    settings = Settings(
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'base.db'}",
        redis_url=REDIS_URL,
        truncation={"dir": tmp_path / "truncations"},  # type: ignore[arg-type]
    )
    args = ["extract", "--json", "--sessions", "3", "--turns", "2", "--wave", "2"]
    args += ["--style-sessions", "2"]
    result = CliRunner().invoke(
        bench_app, [*args, "--latency-ms", "0"], obj=CliState(settings=settings)
    )
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["runs"] == 2 * 3  # two modes, three sessions, one run each
    assert 1 <= figures["model_calls_per_run"] <= 3
    assert set(figures["cached_ratio"]) == {"delta", "fork"}
    modes = figures["modes"]  # the host's own calls warmed the fork's cache
    assert modes["fork"]["cached_ratio_all_runs"] > modes["delta"]["cached_ratio_all_runs"]
    assert figures["naive"]["model_calls_per_run"] == 2  # one call per turn of the run
    assert 0 < figures["uncached_prompt_tokens_vs_naive"] < 1
    assert figures["runs_per_s"] > 0
    for mode in ("delta", "fork"):
        assert modes[mode]["failed_runs"] == 0
    styles = figures["styles"]  # every model style moves every session to its last turn
    assert set(styles) == set(STYLES)
    for style, measured in styles.items():
        assert measured["sessions_progressed_share"] == 1.0, style
        assert 1 <= measured["calls_per_run"] <= 2.5, style
    assert figures["styles_met_targets"] is True
