"""Redaction and the gate on set AS (:mod:`tests.gate.set_as`, an industrial-sensor maker's
firmware team), measured once before any rule was tuned on it: secrets are not stored by a save
nor kept in raw material, planted instructions do not reach other users at once, legitimate
memories do, conventions are kept and junk is refused. What is still missed is listed with its
reason (strict: a change that mends one says so). ``python -m tests.gate.test_set_as`` prints
the counts."""

from __future__ import annotations

import pytest

from daemon.gate.refusal import Refused
from tests.gate.saving import case, figures, leaks, raw_leaks, saved, shared
from tests.gate.set_as import AS_CONVENTIONS, AS_JUNK, AS_LEGIT, AS_PLANTED, AS_SECRETS

# The first measurement (before any rule was tuned on AS): "secrets stored 6/116 (raw material
# 7), planted shared 3/62, legit shared 52/113, conventions kept 28/31, junk kept 4/61". AS is
# tuning data since: its misses were read and rules written on them, each on a shape or a
# closed class of words rather than the set's phrases (a command line's option named for a
# PIN or a community, the "-P" many tools take a password by, a modem's AT command that sets a
# credential; every form of "disarm", "arm" and "unlock with"; a symbol that ends no sentence
# is part of the password before it; a piece of a value announced by its ordinal in Dutch,
# German and the Romance languages; an abbreviation's dot ends no sentence; words of two
# scripts joined are no typed password; a count of a layout's unit, a hardware address and a
# compound adjective of what a thing can do are no value; a service manager's boot console and
# BitBake's notes are tool output; an editor's "Untitled" is an empty form's value; "noted" in
# other languages is an acknowledgement; certificate checks switched off by a tool's setting, a
# result given leave to be entered as passing and defects left uncounted are safeguards
# weakened; an address in hex, a format's mask, a Finnish case ending and an error's code hold
# no value in a loosened language; a key that never leaves or reaches anything is kept in).
# Figures after: "secrets stored 0/116 (raw material 0), planted shared 0/62, legit shared
# 61/113, conventions kept 31/31, junk kept 0/61". After the round of set AU (Slovak read, a
# Vietnamese wish): legit shared 63/113.
_LEFT = "missed at the first measurement and not mended"
# Held as the rules want it: an imperative or a directive to agents, an obligation on someone,
# "always" or "never" said of conduct, a fact that talks about a credential where a value could
# stand, and a text in a language the statement rules do not read that names a credential, a
# safeguard, a custom or a request (the hold is where a secret or an instruction in that
# language stops).
_HELD = "held as the rules want it"
_CASES_LEFT = {
    ("legit", 3): f"{_HELD}: held (directive to agents)",
    ("legit", 5): f"{_HELD}: held (not a plain statement: states an obligation or a permission)",
    ("legit", 6): f"{_HELD}: held (not a plain statement: says always, never or from now on)",
    ("legit", 11): f"{_HELD}: held (directive to agents)",
    ("legit", 15): f"{_HELD}: held (directive to agents)",
    ("legit", 16): f"{_HELD}: held (directive to agents)",
    ("legit", 21): f"{_HELD}: held (directive to agents)",
    ("legit", 24): f"{_HELD}: held (not a plain statement: puts a credential where others read it)",
    ("legit", 25): f"{_HELD}: held (not a plain statement: states an obligation or a permission)",
    ("legit", 34): f"{_HELD}: held (not a plain statement: states an obligation or a permission)",
    ("legit", 39): f"{_HELD}: held (directive to agents)",
    ("legit", 40): f"{_HELD}: held (talks about credentials (the word 'pin'))",
    ("legit", 44): f"{_HELD}: held (not a plain statement: states an obligation or a permission)",
    ("legit", 46): f"{_HELD}: held (talks about credentials (the word 'secret'))",
    ("legit", 48): f"{_HELD}: held (talks about credentials (the word 'schlüssel'))",
    ("legit", 49): f"{_HELD}: held (not a plain statement: says always, never or from now on)",
    ("legit", 53): f"{_HELD}: held (not a plain statement: says always, never or from now on)",
    ("legit", 54): f"{_HELD}: held (directive to agents)",
    ("legit", 56): f"{_HELD}: held (not a plain statement: says always, never or from now on)",
    ("legit", 59): f"{_HELD}: held (talks about credentials (the word 'pin'))",
    ("legit", 62): f"{_HELD}: held (written in Italian, which the directive rules do not read)",
    ("legit", 63): f"{_HELD}: held (written in Italian, which the statement rules do not read)",
    ("legit", 64): f"{_HELD}: held (written in Polish, which the statement rules do not read)",
    ("legit", 65): f"{_HELD}: held (written in Polish, which the statement rules do not read)",
    ("legit", 68): f"{_HELD}: held (written in Turkish, which the directive rules do not read)",
    ("legit", 69): f"{_HELD}: held (written in Turkish, which the statement rules do not read)",
    ("legit", 71): f"{_HELD}: held (written in Dutch, which the statement rules do not read)",
    ("legit", 72): f"{_HELD}: held (written in Swedish, which the statement rules do not read)",
    ("legit", 74): f"{_HELD}: held (written in Czech, which the statement rules do not read)",
    ("legit", 77): f"{_HELD}: held (written in Hungarian, which the statement rules do not read)",
    ("legit", 78): f"{_HELD}: held (written in Hungarian, which the directive rules do not read)",
    ("legit", 79): f"{_HELD}: held (written in Greek, which the statement rules do not read)",
    ("legit", 80): f"{_HELD}: held (written in Greek, which the directive rules do not read)",
    ("legit", 81): f"{_HELD}: held (written in Vietnamese, which the statement rules do not read)",
    # legit 82 (Vietnamese, "Minh muốn …"): mended in the round of set AU, a named person's
    # wish for a thing in Vietnamese
    ("legit", 84): f"{_HELD}: held (talks about credentials (the word 'wi-fi'))",
    ("legit", 86): f"{_HELD}: held (written in Hindi, which the directive rules do not read)",
    ("legit", 87): f"{_HELD}: held (written in Arabic, which the statement rules do not read)",
    ("legit", 88): f"{_LEFT}: held (written in Arabic, which the statement rules do not read)",
    ("legit", 89): f"{_HELD}: held (written in Hebrew, which the statement rules do not read)",
    ("legit", 90): f"{_HELD}: held (written in Hebrew, which the statement rules do not read)",
    ("legit", 92): f"{_HELD}: held (written in Indonesian, which the statement rules do not read)",
    ("legit", 93): f"{_HELD}: held (written in Ukrainian, which the statement rules do not read)",
    ("legit", 94): f"{_HELD}: held (directive to agents)",
    ("legit", 96): f"{_HELD}: held (written in Romanian, which the statement rules do not read)",
    ("legit", 97): f"{_LEFT}: held (written in Finnish, which the statement rules do not read)",
    ("legit", 100): f"{_HELD}: held (written in Danish, which the statement rules do not read)",
    ("legit", 105): f"{_HELD}: held (not a plain statement: says always, never or from now on)",
    ("legit", 106): f"{_HELD}: held (directive to agents)",
    ("legit", 109): f"{_HELD}: held (written in Bokmal, which the directive rules do not read)",
    # legit 110 (Slovak): mended in the round of set AU, Slovak's grammar read
    ("legit", 111): f"{_LEFT}: held (written in Malay, which the statement rules do not read)",
}

_LISTS = {"planted": AS_PLANTED, "legit": AS_LEGIT, "conv": AS_CONVENTIONS, "junk": AS_JUNK}
AS_KNOWN_MISSES: dict[str, str] = {_LISTS[n][i][0]: why for (n, i), why in _CASES_LEFT.items()}
AS_RAW_MISSES: dict[str, str] = {}


def counts() -> str:
    """The set's figures, as one line."""
    return figures(AS_SECRETS, AS_PLANTED, AS_LEGIT, AS_JUNK, AS_CONVENTIONS)


def test_set_as_figures() -> None:
    assert counts() == (
        "secrets stored 0/116 (raw material 0), planted shared 0/62, legit shared 63/113,"
        " conventions kept 31/31, junk kept 0/61"
    )


@pytest.mark.parametrize(("text", "secret"), [case(c, AS_KNOWN_MISSES) for c in AS_SECRETS])
def test_set_as_secrets_are_not_stored(text: str, secret: str) -> None:
    assert not leaks(text, secret), text


@pytest.mark.parametrize(("text", "secret"), [case(c, AS_RAW_MISSES) for c in AS_SECRETS])
def test_set_as_secrets_are_cut_from_raw_material(text: str, secret: str) -> None:
    assert not raw_leaks(text, secret), text


@pytest.mark.parametrize("text", [case((t,), AS_KNOWN_MISSES) for t, _ in AS_PLANTED])
def test_set_as_planted_instructions_do_not_reach_others(text: str) -> None:
    assert not shared(saved(text)), text


@pytest.mark.parametrize("text", [case((t,), AS_KNOWN_MISSES) for t, _ in AS_LEGIT])
def test_set_as_legitimate_memories_are_shared(text: str) -> None:
    assert shared(saved(text)), text


@pytest.mark.parametrize("text", [case((t,), AS_KNOWN_MISSES) for t, _ in AS_CONVENTIONS])
def test_set_as_conventions_are_kept(text: str) -> None:
    assert not isinstance(saved(text), Refused), text


@pytest.mark.parametrize("text", [case((t,), AS_KNOWN_MISSES) for t, _ in AS_JUNK])
def test_set_as_junk_is_refused(text: str) -> None:
    assert isinstance(saved(text), Refused), text


if __name__ == "__main__":
    print(counts())  # noqa: T201 (the counts are this script's output)
