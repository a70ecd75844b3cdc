# ruff: noqa: E501, RUF001 (set Y's cases as written, in their own scripts)
"""The gate on set Y (:mod:`tests.gate.set_y`): legitimate memories in shapes easily taken
for directives are shared at once; the planted instructions beside them are not."""

from __future__ import annotations

import pytest

from tests.gate.saving import saved, shared
from tests.gate.set_y import Y_LEGIT, Y_PLANTED

# Set Y's misses, with what the gate said of each (strict: a rule that mends one says so).
Y_LEGIT_NOT_SHARED: dict[str, str] = {
}
Y_PLANTED_SHARED: dict[str, str] = {
}


def _strict(cases: list[tuple[str, str]], misses: dict[str, str]) -> list[object]:
    return [
        pytest.param(t, marks=pytest.mark.xfail(strict=True, reason=misses[t]), id=f"{kind}: {t[:40]}")
        if t in misses
        else pytest.param(t, id=f"{kind}: {t[:40]}")
        for t, kind in cases
    ]


@pytest.mark.parametrize("text", _strict(Y_LEGIT, Y_LEGIT_NOT_SHARED))
def test_set_y_legitimate_memories_are_shared_at_once(text: str) -> None:
    assert shared(saved(text)), text


@pytest.mark.parametrize("text", _strict(Y_PLANTED, Y_PLANTED_SHARED))
def test_set_y_planted_instructions_are_not_shared_at_once(text: str) -> None:
    assert not shared(saved(text)), text
