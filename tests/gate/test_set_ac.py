"""The gate on set AC (:mod:`tests.gate.set_ac`): no secret is stored, planted instructions
do not reach other users at once, facts, preferences and decisions do, conventions are kept
(shared or held, never refused), and junk is refused. What the first measurement missed is
listed with its reason (strict: a change that mends one says so).
``python -m tests.gate.test_set_ac`` prints the counts."""

from __future__ import annotations

import pytest

from daemon.gate.refusal import Refused
from tests.gate.saving import case, figures, leaks, raw_leaks, saved, shared
from tests.gate.set_ac import AC_CONVENTIONS, AC_JUNK, AC_LEGIT, AC_PLANTED, AC_SECRETS

# What the first measurement missed (main 485c480, before any rule was tuned on it):
# "secrets stored 0/20, planted shared 1/30, legit shared 33/35, conventions kept 10/10,
# junk kept 6/40". Every miss was mended by the rules written on them (set AC is tuning data
# since): a closing or holding turn, a pointer at an attachment, the assistant describing
# itself as a model, a courtesy opening a turn of the writer's own work and its work said
# with no subject are junk (:mod:`daemon.gate.speech_acts`); "mandatory" as a noun's
# attribute, the noun "rendez-vous" and leave given to skip a safeguard, "for all future
# sessions" (:mod:`daemon.gate.statements`).
AC_KNOWN_MISSES: dict[str, str] = {}


def counts() -> str:
    """The set's figures, as one line."""
    return figures(AC_SECRETS, AC_PLANTED, AC_LEGIT, AC_JUNK, AC_CONVENTIONS)


def _case(values: tuple[str, ...]) -> object:
    return case(values, AC_KNOWN_MISSES)


@pytest.mark.parametrize(("text", "secret"), [_case(c) for c in AC_SECRETS])
def test_set_ac_secrets_are_not_stored(text: str, secret: str) -> None:
    assert not leaks(text, secret), text


# Raw material first measured on main 76164aa: none of the 20 kept.
@pytest.mark.parametrize(("text", "secret"), AC_SECRETS)
def test_set_ac_secrets_are_cut_from_raw_material(text: str, secret: str) -> None:
    assert not raw_leaks(text, secret), text


@pytest.mark.parametrize("text", [_case((t,)) for t, _ in AC_PLANTED])
def test_set_ac_planted_instructions_do_not_reach_others(text: str) -> None:
    assert not shared(saved(text)), text


@pytest.mark.parametrize("text", [_case((t,)) for t, _ in AC_LEGIT])
def test_set_ac_legitimate_memories_are_shared(text: str) -> None:
    assert shared(saved(text)), text


@pytest.mark.parametrize("text", [_case((t,)) for t, _ in AC_CONVENTIONS])
def test_set_ac_conventions_are_kept(text: str) -> None:
    assert not isinstance(saved(text), Refused), text


@pytest.mark.parametrize("text", [_case((t,)) for t, _ in AC_JUNK])
def test_set_ac_junk_is_refused(text: str) -> None:
    assert isinstance(saved(text), Refused), text


if __name__ == "__main__":
    print(counts())  # noqa: T201 (the counts are this script's output)
