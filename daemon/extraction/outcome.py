"""How an extraction run (or job) of a session ends: one enum, declared once."""

from __future__ import annotations

from enum import StrEnum


class RunOutcome(StrEnum):
    """What ``ExtractionRunner.run`` (and the job around it) reports.

    The first five and ``BUDGET`` are the ones a run record can hold (``runs.outcome``); the
    others end a run before anything is recorded.
    """

    WROTE = "wrote"  # the model ran and memories were written
    NOTHING = "nothing"  # the model ran and wrote nothing
    SKIPPED = "skipped"  # every turn was guarded (the main agent saved): no model call
    FAILED = "failed"  # the extractor failed; the cursor did not move
    PARKED = "parked"  # failed and now parked, or already parked: an operator retries it
    CONFLICT = "conflict"  # another run moved the cursor first: this one rolled back
    BREAKER = "breaker"  # the session's breaker is open: not tried
    WAITING = "waiting"  # a missing turn may still arrive: not tried yet
    IDLE = "idle"  # nothing new past the cursor
    UNKNOWN = "unknown"  # no such session
    LOCKED = "locked"  # the job found another run holding the session
    # The tenant spent its hard daily token budget: not tried, the cursor stays; the run
    # waits for the next UTC day or a raised budget.
    BUDGET = "budget_exceeded"


#: The outcomes a run record can hold (``runs.outcome``).
RECORDED: tuple[RunOutcome, ...] = (
    RunOutcome.WROTE,
    RunOutcome.NOTHING,
    RunOutcome.SKIPPED,
    RunOutcome.FAILED,
    RunOutcome.PARKED,
    RunOutcome.BUDGET,
)
#: The outcomes after which a backlog is worth draining on: the run got through.
PROGRESS = frozenset({RunOutcome.WROTE, RunOutcome.NOTHING, RunOutcome.SKIPPED})
