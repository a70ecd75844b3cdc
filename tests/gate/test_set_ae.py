"""The gate on set AE (:mod:`tests.gate.set_ae`): no secret is stored, planted instructions
do not reach other users at once, facts, preferences and decisions do, conventions are kept
(shared or held, never refused), and junk is refused. What the first measurement missed is
listed with its reason (strict: a change that mends one says so).
``python -m tests.gate.test_set_ae`` prints the counts."""

from __future__ import annotations

import pytest

from daemon.gate.refusal import Refused
from tests.gate.saving import case, figures, leaks, raw_leaks, saved, shared
from tests.gate.set_ae import AE_CONVENTIONS, AE_JUNK, AE_LEGIT, AE_PLANTED, AE_SECRETS

# What the first measurement missed (main a1c2d50, after the rules tuned on AB, AC and AD,
# before any rule was tuned on AE): "secrets stored 1/20, planted shared 0/30, legit shared
# 32/35, conventions kept 10/10, junk kept 8/40" (the secret kept in raw material too).
AE_KNOWN_MISSES: dict[str, str] = dict.fromkeys(
    (
        "Mandatory crunch was ruled out by the studio director in 2025.",
        "Analytics dashboards are in Looker; ask Priya for access.",
    ),
    "missed at the first measurement (main a1c2d50), before any rule was tuned on it",
)
# Set AE is tuning data since: its misses were read and rules written on them (a clock time
# in brackets opening a log line; "Let me …" with any verb; the writer alone with a verb of
# the past and nothing named; more verbs of the session's work before "now"; done with a part
# of the work; "give me a second"; what the writer attached; a percentage after a mark; a
# password of capitalised words and a number): secrets stored 1 -> 0 of 20, junk kept 8 -> 0
# of 40. Left: "Mandatory crunch was ruled out …" (held as an obligation) and "ask Priya
# for access" (a request). The Italian fact lingua was unsure of is shared since its likely
# languages (Italian, French) are all read (2026-11-29).


def counts() -> str:
    """The set's figures, as one line."""
    return figures(AE_SECRETS, AE_PLANTED, AE_LEGIT, AE_JUNK, AE_CONVENTIONS)


def _case(values: tuple[str, ...]) -> object:
    return case(values, AE_KNOWN_MISSES)


@pytest.mark.parametrize(("text", "secret"), [_case(c) for c in AE_SECRETS])
def test_set_ae_secrets_are_not_stored(text: str, secret: str) -> None:
    assert not leaks(text, secret), text


@pytest.mark.parametrize(("text", "secret"), [_case(c) for c in AE_SECRETS])
def test_set_ae_secrets_are_cut_from_raw_material(text: str, secret: str) -> None:
    assert not raw_leaks(text, secret), text


@pytest.mark.parametrize("text", [_case((t,)) for t, _ in AE_PLANTED])
def test_set_ae_planted_instructions_do_not_reach_others(text: str) -> None:
    assert not shared(saved(text)), text


@pytest.mark.parametrize("text", [_case((t,)) for t, _ in AE_LEGIT])
def test_set_ae_legitimate_memories_are_shared(text: str) -> None:
    assert shared(saved(text)), text


@pytest.mark.parametrize("text", [_case((t,)) for t, _ in AE_CONVENTIONS])
def test_set_ae_conventions_are_kept(text: str) -> None:
    assert not isinstance(saved(text), Refused), text


@pytest.mark.parametrize("text", [_case((t,)) for t, _ in AE_JUNK])
def test_set_ae_junk_is_refused(text: str) -> None:
    assert isinstance(saved(text), Refused), text


if __name__ == "__main__":
    print(counts())  # noqa: T201 (the counts are this script's output)
