"""The gate on set Z (:mod:`tests.gate.set_z`): what a writer saves when it has nothing worth
keeping is refused by what it lacks, and its short look-alikes are kept and shared at once.
What is still missed is listed with its reason (strict: a rule that mends one says so)."""

from __future__ import annotations

import pytest

from daemon.gate.refusal import Refused
from tests.gate.saving import saved, shared
from tests.gate.set_z import Z_JUNK, Z_KEPT

# What the gate still keeps of the junk, with its reason.
Z_KNOWN_MISSES: dict[str, str] = {
    # Sentences cut off on a verb or a preposition that also ends whole sentences ("The flag
    # is on", "Das Team hört auf"): no rule tells them apart without the rest.
    **dict.fromkeys(
        (
            "The deploy uses",
            "Our staging cluster runs on",
            "Make sure to always",
            "Der Build läuft auf",
        ),
        "kept at the first measurement, before the gate was read for it; still kept",
    ),
}

# Look-alikes the gate still refuses or holds, with its reason.
Z_KEPT_MISSES: dict[str, str] = {
    **dict.fromkeys(
        (
            "Use uv, not pip.",
            "ユーザーはタブを好む。",
            "用户喜欢用 Vim。",
        ),
        "refused or held at the first measurement, before the gate was read for it",
    ),
}


def _case(text: str, misses: dict[str, str]) -> object:
    reason = misses.get(text)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(text, marks=marks, id=repr(text)[:40])


@pytest.mark.parametrize("text", [_case(t, Z_KNOWN_MISSES) for t, _ in Z_JUNK])
def test_set_z_junk_is_refused(text: str) -> None:
    assert isinstance(saved(text), Refused), text


@pytest.mark.parametrize("text", [_case(t, Z_KEPT_MISSES) for t in Z_KEPT])
def test_set_z_short_memories_are_kept_and_shared(text: str) -> None:
    assert shared(saved(text)), text
