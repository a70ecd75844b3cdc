"""Which turns a run covers: a pure function of the cursor, the stored turns and ``now``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from daemon.store.transcripts.cursors import PendingTurn


@dataclass(frozen=True, slots=True)
class TurnSpan:
    """Turns ``first..last`` (contiguous), after skipping ``gaps_skipped`` missing turns."""

    first: int
    last: int
    gaps_skipped: int
    messages: int


@dataclass(frozen=True, slots=True)
class Wait:
    """A missing turn may still arrive: look again at ``until``."""

    missing: int
    until: datetime


def plan_batch(
    cursor: int | None,
    pending: Sequence[PendingTurn],
    *,
    now: datetime,
    gap_timeout: timedelta,
    max_messages: int,
) -> TurnSpan | Wait | None:
    """Plan the next run. Extraction only covers a contiguous run of turns after the cursor;
    a gap waits up to ``gap_timeout`` (counted from when the first later turn arrived), then
    is skipped. At least one turn is taken even when it alone exceeds ``max_messages``."""
    if not pending:
        return None
    head = pending[0]
    if cursor is None:
        expected = head.turn if head.turn <= 1 else 1
    else:
        expected = cursor + 1
    gaps = 0
    if head.turn > expected:
        waited_since = min(t.received_at for t in pending)
        if now - waited_since < gap_timeout:
            return Wait(missing=expected, until=waited_since + gap_timeout)
        gaps = head.turn - expected
    last = head.turn
    messages = head.message_count
    for turn in pending[1:]:
        if turn.turn != last + 1 or messages + turn.message_count > max_messages:
            break
        last = turn.turn
        messages += turn.message_count
    return TurnSpan(first=head.turn, last=last, gaps_skipped=gaps, messages=messages)
