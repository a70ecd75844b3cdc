"""``memoryd demo``'s run: the bundled sessions through the whole pipeline on a temporary
store, on the stand-in when no Redis answers, judged against the fixtures' expectations; and
its report, which prints memory text as text (never as console markup)."""

from __future__ import annotations

import socket
from pathlib import Path

from rich.console import Console

from daemon.app.demo_run import DemoResult, render, run_demo
from daemon.base.settings import Settings
from daemon.fixtures import NAMES
from workers.worker_settings import build_worker


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_the_demo_runs_every_bundled_session_on_the_stand_in(tmp_path: Path) -> None:
    base = Settings(redis_url=f"redis://127.0.0.1:{_closed_port()}/0")
    result = await run_demo(base, tmp_path, build_worker)
    assert result.redis == "in-process stand-in"
    assert list(result.kept) == list(NAMES) and list(result.refused) == list(NAMES)
    assert result.counts["memories"] == sum(len(kept) for kept in result.kept.values()) > 0
    assert result.counts["dead letters"] == 0 and result.counts["runs"] > 0
    assert [label for ok, label in result.checks if not ok] == [
        "billing-fix: keeps a project memory mentioning Adyen"
    ]
    assert any(
        line.startswith("refused|") and "secret" in line
        for r in result.refused.values()
        for line in r
    )
    assert (tmp_path / "memoryd.db").is_file()  # the store is the work directory's


def _rendered(result: DemoResult) -> str:
    console = Console(record=True, width=200, color_system=None)
    render(result, console)
    return console.export_text()


def test_the_report_lists_kept_and_refused_and_counts_what_was_missed() -> None:
    result = DemoResult(
        redis="in-process stand-in",
        kept={"s1": [("project", "Deploys go out [bold]on Fridays[/bold].")]},
        refused={"s1": ["refused|turn 2: 1 secret(s) redacted", "skipped|turns 3-4: saved"]},
        checks=[(True, "s1: keeps a project memory"), (False, "s1: keeps a user memory")],
        counts={"turns": 4, "memories": 1},
    )
    out = _rendered(result)
    assert "Redis: in-process stand-in" in out
    assert "kept    project  Deploys go out [bold]on Fridays[/bold]." in out
    assert "refused turn 2: 1 secret(s) redacted" in out
    assert "skipped turns 3-4: saved" in out
    assert "✓ s1: keeps a project memory" in out and "✗ s1: keeps a user memory" in out
    assert "(1 not kept:" in out
    assert out.rstrip().endswith("4 turns · 1 memories")


def test_nothing_missed_says_nothing_of_it() -> None:
    result = DemoResult(redis="r", checks=[(True, "all kept")], counts={"turns": 0})
    assert "not kept" not in _rendered(result)
