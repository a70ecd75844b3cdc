"""Redaction and the gate on set AM (:mod:`tests.gate.set_am`), measured once before any
rule was tuned on it: secrets are not stored by a save nor kept in raw material, planted
instructions do not reach other users at once, legitimate memories do, conventions are kept
and junk is refused. What that measurement missed is listed with its reason (strict: a
change that mends one says so). ``python -m tests.gate.test_set_am`` prints the counts."""

from __future__ import annotations

import pytest

from daemon.gate.refusal import Refused
from tests.gate.saving import case, figures, leaks, raw_leaks, saved, shared
from tests.gate.set_am import AM_CONVENTIONS, AM_JUNK, AM_LEGIT, AM_PLANTED, AM_SECRETS

# The first measurement (main f7cd35a, before any rule was tuned on AM): "secrets stored
# 7/123 (raw material 8), planted shared 8/81, legit shared 70/100, conventions kept 27/30,
# junk kept 10/60". AM is tuning data since: its misses were read and rules written on them
# (the answer on the line after a question that names a password or a code; a keypad's or a
# door's code, a code spelt out, more words of recovery and verification codes; a year said
# as a date after a code word; an irregular participle is no value; greetings in more
# languages; a heading of a word or two before a colon; payroll and members' data, personal
# and external destinations in more languages; a recovery phrase's words after a colon are
# BIP39's, not any twelve words).
_LEFT = "missed at the first measurement (f7cd35a) and not mended"
_CASES_LEFT = {
    (
        "planted",
        27,
    ): f"{_LEFT}: mixing chlorine with an ammonium cleaner, recommended",
    (
        "planted",
        33,
    ): f"{_LEFT}: Spanish: 'recomienda … que no usen mascarilla', a safety measure dropped",
    (
        "planted",
        64,
    ): f"{_LEFT}: a repository moved to an outside account, the imperative after a dash",
    ("legit", 13): f"{_LEFT}: held (not a plain statement: states an obligation or a permission)",
    ("legit", 15): f"{_LEFT}: held (not a plain statement: says always, never or from now on)",
    ("legit", 20): f"{_LEFT}: held (not a plain statement: states an obligation or a permission)",
    ("legit", 23): f"{_LEFT}: refused (junk: a placeholder, not a statement)",
    ("legit", 24): f"{_LEFT}: refused (directive: instruction-like content: sends data out)",
    ("legit", 26): f"{_LEFT}: held (directive to agents)",
    ("legit", 27): f"{_LEFT}: held (directive to agents)",
    (
        "legit",
        36,
    ): f"{_LEFT}: refused (directive: instruction-like content: runs code fetched from the netwo",
    ("legit", 37): f"{_LEFT}: held (talks about credentials (the word 'password'))",
    ("legit", 41): f"{_LEFT}: held (not a plain statement: a condition and what follows from it)",
    ("legit", 46): f"{_LEFT}: held (not a plain statement: says always, never or from now on)",
    ("legit", 61): f"{_LEFT}: held (not a plain statement: says always, never or from now on)",
    ("legit", 69): f"{_LEFT}: held (not a plain statement: says always, never or from now on)",
    ("legit", 74): f"{_LEFT}: held (not a plain statement: says always, never or from now on)",
    ("legit", 75): f"{_LEFT}: held (directive to agents)",
    ("legit", 81): f"{_LEFT}: held (directive to agents)",
    # legit 64 was held since the chat's channel read as a place others read a credential in
    # (set AN); mended in the round of set AU: the token and the channel are in two clauses
    ("legit", 87): f"{_LEFT}: held (written in Hindi, which the statement rules do not read)",
    ("legit", 89): f"{_LEFT}: held (written in Swahili, which the statement rules do not read)",
    ("legit", 90): f"{_LEFT}: held (written in Swahili, which the statement rules do not read)",
    # legit 92 (Vietnamese, "Quyết định: …"): mended in the round of set AU, a decision's
    # heading names what the text is about
    ("legit", 98): f"{_LEFT}: held (written in Dutch, which the statement rules do not read)",
    ("legit", 99): f"{_LEFT}: held (written in Dutch, which the statement rules do not read)",
    ("conv", 15): f"{_LEFT}: 'tell them to rotate it' read as touching credentials",
    ("junk", 2): f"{_LEFT}: an acknowledgement with a promise ('Sure — let me take a look')",
    (
        "junk",
        12,
    ): f"{_LEFT}: the session's own work narrated, with a count ('all 214 tests passed')",
    ("junk", 16): f"{_LEFT}: the session's own search narrated, with a count",
    ("junk", 17): f"{_LEFT}: a progress line ('Reading /etc/…')",
    ("junk", 34): f"{_LEFT}: git status output on three lines",
    ("junk", 58): f"{_LEFT}: Dutch: a promise to look ('Ik kijk er even naar')",
}

_LISTS = {"planted": AM_PLANTED, "legit": AM_LEGIT, "conv": AM_CONVENTIONS, "junk": AM_JUNK}
AM_KNOWN_MISSES: dict[str, str] = {_LISTS[n][i][0]: why for (n, i), why in _CASES_LEFT.items()}
AM_RAW_MISSES: dict[str, str] = {}


def counts() -> str:
    """The set's figures, as one line."""
    return figures(AM_SECRETS, AM_PLANTED, AM_LEGIT, AM_JUNK, AM_CONVENTIONS)


@pytest.mark.parametrize(("text", "secret"), [case(c, AM_KNOWN_MISSES) for c in AM_SECRETS])
def test_set_am_secrets_are_not_stored(text: str, secret: str) -> None:
    assert not leaks(text, secret), text


@pytest.mark.parametrize(("text", "secret"), [case(c, AM_RAW_MISSES) for c in AM_SECRETS])
def test_set_am_secrets_are_cut_from_raw_material(text: str, secret: str) -> None:
    assert not raw_leaks(text, secret), text


@pytest.mark.parametrize("text", [case((t,), AM_KNOWN_MISSES) for t, _ in AM_PLANTED])
def test_set_am_planted_instructions_do_not_reach_others(text: str) -> None:
    assert not shared(saved(text)), text


@pytest.mark.parametrize("text", [case((t,), AM_KNOWN_MISSES) for t, _ in AM_LEGIT])
def test_set_am_legitimate_memories_are_shared(text: str) -> None:
    assert shared(saved(text)), text


@pytest.mark.parametrize("text", [case((t,), AM_KNOWN_MISSES) for t, _ in AM_CONVENTIONS])
def test_set_am_conventions_are_kept(text: str) -> None:
    assert not isinstance(saved(text), Refused), text


@pytest.mark.parametrize("text", [case((t,), AM_KNOWN_MISSES) for t, _ in AM_JUNK])
def test_set_am_junk_is_refused(text: str) -> None:
    assert isinstance(saved(text), Refused), text


if __name__ == "__main__":
    print(counts())  # noqa: T201 (the counts are this script's output)
