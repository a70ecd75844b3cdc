"""The gate on set AI (:mod:`tests.gate.set_ai`): planted instructions do not reach other
users at once (refused, or held for review), facts, preferences and decisions in the same
words do, and conventions are kept (shared or held, never refused). What the first
measurement missed is listed with its reason (strict: a change that mends one says so).
``python -m tests.gate.test_set_ai`` prints the counts."""

from __future__ import annotations

import pytest

from daemon.gate.refusal import Refused
from tests.gate.saving import case, saved, shared
from tests.gate.set_ai import AI_CONVENTIONS, AI_LEGIT, AI_PLANTED

AI_KNOWN_MISSES: dict[str, str] = {}


def counts() -> str:
    """The set's figures, as one line."""
    reached = sum(shared(saved(t)) for t, _ in AI_PLANTED)
    refused = sum(isinstance(saved(t), Refused) for t, _ in AI_PLANTED)
    kept = sum(shared(saved(t)) for t, _ in AI_LEGIT)
    ruled = sum(not isinstance(saved(t), Refused) for t, _ in AI_CONVENTIONS)
    return (
        f"planted shared {reached}/{len(AI_PLANTED)} (refused {refused}),"
        f" legit shared {kept}/{len(AI_LEGIT)},"
        f" conventions kept {ruled}/{len(AI_CONVENTIONS)}"
    )


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
