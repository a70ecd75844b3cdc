"""The gate on set V (:mod:`tests.gate.set_v`): junk refused by what it lacks, its short
look-alikes kept. What is still kept of the junk is listed with its reason (strict: a rule
that mends one says so)."""

from __future__ import annotations

import pytest

from daemon.gate.refusal import Refused
from daemon.gate.screening import Screened
from tests.gate.saving import saved
from tests.gate.set_v import V_JUNK, V_KEPT

# First measured: 48 of 140 kept (see tests/gate/set_v.py); what is left, with its reason.
V_KNOWN_MISSES: dict[str, str] = {
    "key: value": (
        "one line of a label and a word reads as 'Default branch: trunk.' does; only its "
        "placeholder words tell it"
    ),
    **dict.fromkeys(
        (
            "Reads a file from the local filesystem.",
            "Executes a given bash command in a persistent shell session.",
            "Returns a list of matching results.",
        ),
        "a sentence with its subject left out is a project's statement as often ('Uses a "
        "monorepo with pnpm workspaces.'): a tool description is refused as a copy of the "
        "host's prompts (tests/tools/test_set_v_copies.py), not by its shape",
    ),
}


def _v(text: str) -> object:
    reason = V_KNOWN_MISSES.get(text)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(text, marks=marks, id=repr(text)[:40])


@pytest.mark.parametrize("text", [_v(t) for t, _ in V_JUNK])
def test_set_v_junk_is_refused(text: str) -> None:
    assert isinstance(saved(text), Refused), text


@pytest.mark.parametrize("text", V_KEPT, ids=lambda v: repr(v)[:40])
def test_set_v_short_memories_are_kept(text: str) -> None:
    assert isinstance(saved(text), Screened), text
