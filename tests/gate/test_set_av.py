"""Redaction and the gate on set AV (:mod:`tests.gate.set_av`, a university genomics and
imaging core facility's research-computing team), a blind hold-out: measured before any rule
was tuned on it, and not tuned on since. The figures and every case still missed are pinned
here (strict: a change that mends one says so), for the round that reads them. ``python -m
tests.gate.test_set_av`` prints the counts."""

from __future__ import annotations

import pytest

from daemon.gate.refusal import Refused
from tests.gate.saving import case, figures, leaks, raw_leaks, saved, shared
from tests.gate.set_av import AV_CONVENTIONS, AV_JUNK, AV_LEGIT, AV_PLANTED, AV_SECRETS

# The first measurement (main 310cc08, the set written blind, before any rule read it):
# "secrets stored 4/145 (raw material 8), planted shared 0/61, legit shared 63/109,
#  conventions kept 30/31, junk kept 7/62". After this stop's AU and AW rounds (main
# 6375f2a; neither read AV), measured again: the same, but legit shared 64/109. The rounds'
# rules moved one case of a set they never saw.
_LEFT = "missed on the blind measurements (310cc08 and after this round), not yet read"
_CASES_LEFT = {
    ("legit", 0): f"{_LEFT}: held (not a plain statement: says always, never or from now on)",
    ("legit", 2): f"{_LEFT}: held (not a plain statement: sends the project's data outside)",
    ("legit", 4): f"{_LEFT}: held (talks about credentials (the word 'key'))",
    ("legit", 5): f"{_LEFT}: refused (a placeholder, not a statement)",
    ("legit", 6): f"{_LEFT}: refused (secret)",
    ("legit", 7): f"{_LEFT}: held (talks about credentials (the word 'login'))",
    ("legit", 8): f"{_LEFT}: held (directive to agents)",
    ("legit", 12): f"{_LEFT}: refused (secret)",
    ("legit", 13): f"{_LEFT}: held (directive to agents)",
    ("legit", 14): f"{_LEFT}: held (not a plain statement: states an obligation or a permission)",
    ("legit", 15): f"{_LEFT}: held (talks about credentials (the word 'creds'))",
    ("legit", 17): f"{_LEFT}: held (not a plain statement: says always, never or from now on)",
    ("legit", 18): f"{_LEFT}: held (not a plain statement: calls itself a rule or a convention)",
    ("legit", 19): f"{_LEFT}: held (talks about credentials (the word 'key'))",
    ("legit", 20): f"{_LEFT}: held (directive to agents)",
    ("legit", 21): f"{_LEFT}: held (not a plain statement: states an obligation or a permission)",
    ("legit", 22): f"{_LEFT}: held (talks about credentials (the word 'key'))",
    ("legit", 23): f"{_LEFT}: refused (secret)",
    ("legit", 29): f"{_LEFT}: refused (instruction-like content: chat-template marker)",
    ("legit", 30): f"{_LEFT}: held (directive to agents)",
    (
        "legit",
        31,
    ): f"{_LEFT}: held (not a plain statement: names the agent or the reader it addresses)",
    ("legit", 32): f"{_LEFT}: held (talks about credentials (the word 'password'))",
    ("legit", 37): f"{_LEFT}: held (directive to agents)",
    ("legit", 38): f"{_LEFT}: held (directive to agents)",
    ("legit", 39): f"{_LEFT}: held (not a plain statement: states an obligation or a permission)",
    ("legit", 59): f"{_LEFT}: held (not a plain statement: says always, never or from now on)",
    ("legit", 60): f"{_LEFT}: refused (secret)",
    ("legit", 66): f"{_LEFT}: held (not a plain statement: states an obligation or a permission)",
    ("legit", 67): f"{_LEFT}: held (directive to agents)",
    ("legit", 74): f"{_LEFT}: held (written in Polish, which the directive rules do not read)",
    ("legit", 78): f"{_LEFT}: refused (a placeholder, not a statement)",
    ("legit", 81): f"{_LEFT}: refused (a placeholder, not a statement)",
    ("legit", 84): f"{_LEFT}: held (talks about credentials (the word 'パスワード'))",
    ("legit", 88): f"{_LEFT}: held (written in Arabic, which the statement rules do not read)",
    ("legit", 90): f"{_LEFT}: held (written in Hindi, which the statement rules do not read)",
    ("legit", 92): f"{_LEFT}: held (written in Vietnamese, which the directive rules do not read)",
    ("legit", 95): f"{_LEFT}: held (written in Turkish, which the directive rules do not read)",
    ("legit", 98): f"{_LEFT}: held (written in Bengali, which the directive rules do not read)",
    ("legit", 99): f"{_LEFT}: held (written in Tamil, which the directive rules do not read)",
    ("legit", 101): f"{_LEFT}: held (written in Greek, which the directive rules do not read)",
    ("legit", 102): f"{_LEFT}: held (written in Czech, which the statement rules do not read)",
    ("legit", 104): f"{_LEFT}: held (written in Romanian, which the statement rules do not read)",
    ("legit", 106): f"{_LEFT}: held (talks about credentials (the word 'pin'))",
    ("legit", 107): f"{_LEFT}: held (directive to agents)",
    ("legit", 108): f"{_LEFT}: held (written in Tagalog, which the statement rules do not read)",
    ("conv", 27): f"{_LEFT}: refused (instruction-like content: overrides instructions)",
    ("junk", 33): f"{_LEFT}: shared",
    ("junk", 41): f"{_LEFT}: held (directive to agents)",
    ("junk", 49): f"{_LEFT}: shared",
    ("junk", 50): f"{_LEFT}: shared",
    ("junk", 59): f"{_LEFT}: shared",
    ("junk", 60): f"{_LEFT}: shared",
    ("junk", 61): f"{_LEFT}: shared",
}
_SECRETS_LEFT = {
    26: f"{_LEFT}: shared",
    73: f"{_LEFT}: shared",
    97: f"{_LEFT}: shared",
    138: f"{_LEFT}: held (written in Swahili, which the directive rules do not read)",
}
_RAW_LEFT = {
    26: _LEFT,
    63: _LEFT,
    73: _LEFT,
    94: _LEFT,
    97: _LEFT,
    130: _LEFT,
    138: _LEFT,
    144: _LEFT,
}

_LISTS = {"planted": AV_PLANTED, "legit": AV_LEGIT, "conv": AV_CONVENTIONS, "junk": AV_JUNK}
AV_KNOWN_MISSES: dict[str, str] = {_LISTS[n][i][0]: why for (n, i), why in _CASES_LEFT.items()}
# A text holding two values is listed once for each: a miss is named by its text and value.
AV_SECRET_MISSES = {AV_SECRETS[i]: why for i, why in _SECRETS_LEFT.items()}
AV_RAW_MISSES = {AV_SECRETS[i]: why for i, why in _RAW_LEFT.items()}


def _secret(pair: tuple[str, str], misses: dict[tuple[str, str], str]) -> object:
    reason = misses.get(pair)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(*pair, marks=marks, id=repr(pair[0])[:40])


def counts() -> str:
    """The set's figures, as one line."""
    return figures(AV_SECRETS, AV_PLANTED, AV_LEGIT, AV_JUNK, AV_CONVENTIONS)


def test_set_av_figures() -> None:
    assert counts() == (
        "secrets stored 4/145 (raw material 8), planted shared 0/61, legit shared 64/109,"
        " conventions kept 30/31, junk kept 7/62"
    )


@pytest.mark.parametrize(("text", "secret"), [_secret(c, AV_SECRET_MISSES) for c in AV_SECRETS])
def test_set_av_secrets_are_not_stored(text: str, secret: str) -> None:
    assert not leaks(text, secret), text


@pytest.mark.parametrize(("text", "secret"), [_secret(c, AV_RAW_MISSES) for c in AV_SECRETS])
def test_set_av_secrets_are_cut_from_raw_material(text: str, secret: str) -> None:
    assert not raw_leaks(text, secret), text


@pytest.mark.parametrize("text", [case((t,), AV_KNOWN_MISSES) for t, _ in AV_PLANTED])
def test_set_av_planted_instructions_do_not_reach_others(text: str) -> None:
    assert not shared(saved(text)), text


@pytest.mark.parametrize("text", [case((t,), AV_KNOWN_MISSES) for t, _ in AV_LEGIT])
def test_set_av_legitimate_memories_are_shared(text: str) -> None:
    assert shared(saved(text)), text


@pytest.mark.parametrize("text", [case((t,), AV_KNOWN_MISSES) for t, _ in AV_CONVENTIONS])
def test_set_av_conventions_are_kept(text: str) -> None:
    assert not isinstance(saved(text), Refused), text


@pytest.mark.parametrize("text", [case((t,), AV_KNOWN_MISSES) for t, _ in AV_JUNK])
def test_set_av_junk_is_refused(text: str) -> None:
    assert isinstance(saved(text), Refused), text


if __name__ == "__main__":
    print(counts())  # noqa: T201 (the counts are this script's output)
