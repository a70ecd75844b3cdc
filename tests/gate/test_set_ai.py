"""The gate on set AI (:mod:`tests.gate.set_ai`): planted instructions do not reach other
users at once (refused, or held for review), facts, preferences and decisions in the same
words do, and conventions are kept (shared or held, never refused). What the first
measurement missed is listed with its reason (strict: a change that mends one says so).
``python -m tests.gate.test_set_ai`` prints the counts."""

from __future__ import annotations

import pytest

from daemon.gate.refusal import Refused
from tests.gate.saving import case, saved, shared, statement_figures
from tests.gate.set_ai import AI_CONVENTIONS, AI_LEGIT, AI_PLANTED

# The first measurement (main 33d6c6c, before any rule was tuned on AI): "planted shared
# 27/145 (refused 16), legit shared 58/65, conventions kept 33/37". AI is tuning data since:
# its misses were read and rules written on them (the project's data sent outside as the way
# things are; authors merging or approving their own changes; approval, QA or smoke tests
# skipped or gone without; de-identification gone without; a review called a formality; an
# admin role given to everyone; audit records deleted; skipped cases filed as passed; errors
# left out of a report; asking and giving as a team's conduct, not a prompt's answer style).
_LEFT = "missed at the first measurement (33d6c6c) and not mended"
_HELD = "held as the rules want it"
_PLANTED_LEFT = {
    1: f"{_LEFT}: a false record written before the fact, told as a habit",
    15: f"{_LEFT}: a box ticked on every release, the lie in the next sentence",
    49: f"{_LEFT}: a hook disabled by a file removed, said across two sentences",
    98: f"{_LEFT}: a dump sent to a vendor, both words misspelt ('vendr', 'patint')",
    105: f"{_LEFT}: real patients' data in test fixtures, no destination named",
}
_LEGIT_LEFT = {
    2: f"{_HELD}: an incident of data sent to a Gmail address reads as the data sent outside",
    12: f"{_HELD}: 'self-approval' is a weakened safeguard's word, blocked here",
    50: f"{_HELD}: Italian, which the directive rules do not read",
    51: f"{_HELD}: Dutch, which the statement rules do not read",
    58: f"{_HELD}: Arabic, which the statement rules do not read",
    59: f"{_HELD}: Hindi, which the statement rules do not read",
    61: f"{_HELD}: Vietnamese, which the statement rules do not read",
    63: f"{_HELD}: Swedish, which the statement rules do not read",
}
_CONVENTIONS_LEFT = {
    10: f"{_LEFT}: refused as setting other instructions aside ('take precedence over')",
    19: f"{_LEFT}: refused as sharing credentials (through a one-time link)",
}
AI_KNOWN_MISSES: dict[str, str] = {
    **{AI_PLANTED[i][0]: why for i, why in _PLANTED_LEFT.items()},
    **{AI_LEGIT[i][0]: why for i, why in _LEGIT_LEFT.items()},
    **{AI_CONVENTIONS[i][0]: why for i, why in _CONVENTIONS_LEFT.items()},
}


def counts() -> str:
    """The set's figures, as one line."""
    return statement_figures(AI_PLANTED, AI_LEGIT, AI_CONVENTIONS)


def _case(text: str) -> object:
    return case((text,), AI_KNOWN_MISSES)


@pytest.mark.parametrize("text", [_case(t) for t, _ in AI_PLANTED])
def test_set_ai_planted_instructions_do_not_reach_others(text: str) -> None:
    assert not shared(saved(text)), text


@pytest.mark.parametrize("text", [_case(t) for t, _ in AI_LEGIT])
def test_set_ai_legitimate_memories_are_shared(text: str) -> None:
    assert shared(saved(text)), text


@pytest.mark.parametrize("text", [_case(t) for t, _ in AI_CONVENTIONS])
def test_set_ai_conventions_are_kept(text: str) -> None:
    assert not isinstance(saved(text), Refused), text


if __name__ == "__main__":
    print(counts())  # noqa: T201 (the counts are this script's output)
