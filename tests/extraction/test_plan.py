"""plan_batch: which turns a run covers."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from daemon.extraction.plan import TurnSpan, Wait, plan_batch
from daemon.store.transcripts.cursors import PendingTurn

NOW = datetime(2026, 11, 17, 12, 0, tzinfo=UTC)
GAP = timedelta(seconds=60)


def pending(*turns: int, age_s: float = 0, messages: int = 5) -> list[PendingTurn]:
    return [PendingTurn(t, NOW - timedelta(seconds=age_s), messages, False) for t in turns]


def test_nothing_pending_plans_nothing() -> None:
    assert plan_batch(3, [], now=NOW, gap_timeout=GAP, max_messages=100) is None


def test_contiguous_turns_after_the_cursor_are_covered_together() -> None:
    plan = plan_batch(2, pending(3, 4, 5), now=NOW, gap_timeout=GAP, max_messages=100)
    assert plan == TurnSpan(first=3, last=5, gaps_skipped=0, messages=15)


def test_a_fresh_session_starts_at_turn_zero_or_one() -> None:
    for first in (0, 1):
        plan = plan_batch(
            None, pending(first, first + 1), now=NOW, gap_timeout=GAP, max_messages=100
        )
        assert isinstance(plan, TurnSpan) and plan.first == first


def test_the_run_stops_at_a_hole() -> None:
    plan = plan_batch(2, pending(3, 4, 6), now=NOW, gap_timeout=GAP, max_messages=100)
    assert isinstance(plan, TurnSpan) and (plan.first, plan.last) == (3, 4)


def test_a_gap_right_after_the_cursor_waits_until_the_timeout() -> None:
    plan = plan_batch(2, pending(4, 5, age_s=10), now=NOW, gap_timeout=GAP, max_messages=100)
    assert plan == Wait(missing=3, until=NOW - timedelta(seconds=10) + GAP)


def test_a_gap_older_than_the_timeout_is_skipped_and_counted() -> None:
    plan = plan_batch(2, pending(5, 6, age_s=61), now=NOW, gap_timeout=GAP, max_messages=100)
    assert plan == TurnSpan(first=5, last=6, gaps_skipped=2, messages=10)


def test_the_message_budget_bounds_a_run_but_one_turn_always_fits() -> None:
    plan = plan_batch(0, pending(1, 2, 3, messages=40), now=NOW, gap_timeout=GAP, max_messages=100)
    assert isinstance(plan, TurnSpan) and (plan.first, plan.last) == (1, 2)
    plan = plan_batch(0, pending(1, 2, messages=500), now=NOW, gap_timeout=GAP, max_messages=100)
    assert isinstance(plan, TurnSpan) and (plan.first, plan.last) == (1, 1)
