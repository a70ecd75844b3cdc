"""A stage's report."""

from __future__ import annotations

from daemon.host.report import StageReport


def test_saved_is_before_minus_after() -> None:
    report = StageReport("pruning", tokens_before=50_000, tokens_after=20_000, changed=3)
    assert report.saved == 30_000
    assert report.notes == ()
