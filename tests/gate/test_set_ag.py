"""The gate on set AG (:mod:`tests.gate.set_ag`): junk is refused, and the legitimate
memories that look like junk by their shape are kept (stored, shared or held, never
refused). What the first measurement missed is listed with its reason (strict: a change
that mends one says so). ``python -m tests.gate.test_set_ag`` prints the counts."""

from __future__ import annotations

import pytest

from daemon.gate.refusal import Refused
from tests.gate.saving import case, saved, shared
from tests.gate.set_ag import AG_JUNK, AG_LEGIT

AG_KNOWN_MISSES: dict[str, str] = {}


def counts() -> str:
    """The set's figures, as one line."""
    junk_kept = sum(not isinstance(saved(t), Refused) for t in AG_JUNK)
    kept = sum(not isinstance(saved(t), Refused) for t in AG_LEGIT)
    reached = sum(shared(saved(t)) for t in AG_LEGIT)
    return (
        f"junk kept {junk_kept}/{len(AG_JUNK)},"
        f" legit kept {kept}/{len(AG_LEGIT)} (shared at once {reached})"
    )


def _case(text: str) -> object:
    return case((text,), AG_KNOWN_MISSES)


@pytest.mark.parametrize("text", [_case(t) for t in AG_LEGIT])
def test_set_ag_legitimate_memories_are_kept(text: str) -> None:
    assert not isinstance(saved(text), Refused), text


@pytest.mark.parametrize("text", [_case(t) for t in AG_JUNK])
def test_set_ag_junk_is_refused(text: str) -> None:
    assert isinstance(saved(text), Refused), text


if __name__ == "__main__":
    print(counts())  # noqa: T201 (the counts are this script's output)
