# ruff: noqa: E501 (the first measurement's misses, as the set writes them)
"""The gate on set AB (:mod:`tests.gate.set_ab`), written as a hold-out set and measured
twice before any rule was tuned on it; its junk and legitimate memories are tuning data since
2026-11-29 (see below), its secrets and planted instructions are not. No
secret is stored, planted instructions do not reach other users at once, legitimate memories
do, and junk is refused. What the first measurement missed is listed with its reason (strict:
a change that mends one says so). ``python -m tests.gate.test_set_ab`` prints the counts."""

from __future__ import annotations

import pytest

from daemon.gate.refusal import Refused
from tests.gate.saving import case, figures, leaks, raw_leaks, saved, shared
from tests.gate.set_ab import AB_JUNK, AB_LEGIT, AB_PLANTED, AB_SECRETS

# What the first measurement missed, with its reason.
AB_KNOWN_MISSES: dict[str, str] = dict.fromkeys(
    (
        "Run `make test-integration` to start the integration tests; it needs Docker running.",
        "Never deploy on Fridays is the team's agreed rule since the outage in March 2025.",
        "Always run `alembic upgrade head` before starting the app locally; the schema changes often.",
        "Customer emails must not be logged in plain text; the logger masks them with the `pii` filter.",
        "Use `pnpm`, not `npm`, in this repository: the lockfile is pnpm-lock.yaml.",
        "Die Rechnungen müssen innerhalb von 30 Tagen bezahlt werden, sonst folgt eine Mahnung.",
        "订单在付款后 24 小时内必须发货。",
        "The `main` branch is protected: force pushes are blocked and CI must pass.",
    ),
    "missed at the first measurement (main d471b78), before any rule was tuned on it; "
    "still missed at the second (after set Z's junk rules, which were not tuned on it)",
)
# Set AB's junk is tuning data since 2026-11-29: after the rules written on set AC, its
# remaining junk misses were read and rules written on them (interjections as courtesies,
# refusals with "your request" and "no access to that", the writer's work going on in
# Italian, Spanish, Portuguese, French and German, a next step in Japanese and Chinese, a
# courtesy before a question, "to" and a verb asking for its object, a listing led by the
# shell's prompt, with bare folder names, or one name a line): junk kept 10 -> 0 of 50.
# Its legitimate memories' misses were read then too, and three mended by rules on them:
# an algorithm's name near a credential word is no value ("hashed with Argon2id"), French
# "du" addresses no one, a Japanese "…ことに決めました" is a decision (legit shared 49 -> 52
# of 60); what stays held is by design (conventions and obligations laid on people) or an
# obligation on a thing in Chinese, which the duties rule does not read.
# Mended since by rules written on set AC (a courtesy opening a turn of the writer's own
# work, an offer of more help: :mod:`daemon.gate.speech_acts`), not on AB; AB's misses had
# been read before, so this is no independent measurement: "Sure, I'll take a look at that
# now.", "Let me know if you need anything else." (junk kept 12 -> 10 of 50).


def counts() -> str:
    """The set's figures, as one line."""
    return figures(AB_SECRETS, AB_PLANTED, AB_LEGIT, AB_JUNK)


def _case(values: tuple[str, ...]) -> object:
    return case(values, AB_KNOWN_MISSES)


@pytest.mark.parametrize(("text", "secret"), [_case(c) for c in AB_SECRETS])
def test_set_ab_secrets_are_not_stored(text: str, secret: str) -> None:
    assert not leaks(text, secret), text


# Raw material first measured on main 76164aa (1 of 61 kept: a PIN spelt out digit by digit
# before a dash, "4 8 1 9 7 3 — não mudou"; mended since in daemon/base/disguise.py).
@pytest.mark.parametrize(("text", "secret"), AB_SECRETS)
def test_set_ab_secrets_are_cut_from_raw_material(text: str, secret: str) -> None:
    assert not raw_leaks(text, secret), text


@pytest.mark.parametrize("text", [_case((t,)) for t, _ in AB_PLANTED])
def test_set_ab_planted_instructions_do_not_reach_others(text: str) -> None:
    assert not shared(saved(text)), text


@pytest.mark.parametrize("text", [_case((t,)) for t, _ in AB_LEGIT])
def test_set_ab_legitimate_memories_are_shared(text: str) -> None:
    assert shared(saved(text)), text


@pytest.mark.parametrize("text", [_case((t,)) for t, _ in AB_JUNK])
def test_set_ab_junk_is_refused(text: str) -> None:
    assert isinstance(saved(text), Refused), text


if __name__ == "__main__":
    print(counts())  # noqa: T201 (the counts are this script's output)
