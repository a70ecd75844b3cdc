"""Redaction and the gate on set AR (:mod:`tests.gate.set_ar`), measured once before any
rule was tuned on it: secrets are not stored by a save nor kept in raw material, planted
instructions do not reach other users at once, legitimate memories do, conventions are kept
and junk is refused. What is still missed is listed with its reason (strict: a change that
mends one says so). ``python -m tests.gate.test_set_ar`` prints the counts."""

from __future__ import annotations

import pytest

from daemon.gate.refusal import Refused
from tests.gate.saving import case, figures, leaks, raw_leaks, saved, shared
from tests.gate.set_ar import AR_CONVENTIONS, AR_JUNK, AR_LEGIT, AR_PLANTED, AR_SECRETS

# The first measurement (main 6d42aae, before any rule was tuned on AR): "secrets stored
# 6/110 (raw material 7), planted shared 1/60, legit shared 56/110, conventions kept 29/30,
# junk kept 7/60". AR is tuning data since: its misses were read and rules written on them
# (recovery codes joined by "and"; digits said one word each between commas; a password
# spelt item by item with one letter named by its case; what comes after a password's first
# part; a password told by its recipe and the example that spells it out; Unreal's log
# lines, a CI job's cause, a compiler's flag, a .NET frame, "session ended", "see above" in
# Russian, Japanese, Chinese and Korean; a negated subject and a participle before a noun
# keep a credential out of an act; "pin" as a verb, an error's code in Romance languages, a
# SKU, and a digest named by its sentence's subject name no value; localisation tokens speak
# of their slots; a Devanagari vowel sign is part of a letter). Then (figures before:
# "secrets stored 0/110 (raw material 0), planted shared 1/60, legit shared 63/110,
# conventions kept 30/30, junk kept 0/60"; after: "… planted shared 0/60, legit shared
# 77/110 …"): a CI build agent is a machine, not the agent addressed; a key or token named by
# a kind that is no credential (a keyboard's, a localisation string's, a design token, a
# table's primary key in Spanish, Ukrainian, Indonesian) and a thing's secret ("secret
# sauce", French "succès secret") leave no room for a value; a Japanese "必ず" in a thing's
# habit is a fact; a Russian imperative to grant rights ("Выдай …") is a directive.
_LEFT = "missed at the first measurement (6d42aae) and not mended"
# Held as the rules want it: a memory in a language the statement or directive rules do not
# read, an obligation, "always" or "never", a rule, a directive, and a fact that talks about
# a credential where a value could stand (a rotation, a policy, a header's name).
_HELD = "held as the rules want it"
_CASES_LEFT = {
    ("legit", 6): f"{_HELD}: held (directive to agents)",
    ("legit", 8): f"{_HELD}: held (not a plain statement: calls itself a rule or a convention)",
    ("legit", 11): f"{_HELD}: held (not a plain statement: states an obligation or a permission)",
    ("legit", 22): f"{_HELD}: held (not a plain statement: says always, never or from now on)",
    ("legit", 23): f"{_HELD}: held (not a plain statement: says always, never or from now on)",
    ("legit", 33): f"{_HELD}: held (talks about credentials (the word 'login'))",
    ("legit", 36): f"{_HELD}: held (talks about credentials (the word 'key'))",
    ("legit", 52): f"{_HELD}: held (not a plain statement: says always, never or from now on)",
    ("legit", 60): f"{_HELD}: held (not a plain statement: says always, never or from now on)",
    ("legit", 62): f"{_HELD}: held (talks about credentials (the word 'chave'))",
    # legit 65 (Italian, lingua unsure of it and Catalan): mended in the round of set AU,
    # Catalan's grammar read
    ("legit", 66): f"{_HELD}: held (talks about credentials (the word 'password'))",
    ("legit", 67): f"{_HELD}: held (written in Polish, which the directive rules do not read)",
    ("legit", 68): f"{_HELD}: held (written in Polish, which the directive rules do not read)",
    ("legit", 70): f"{_HELD}: held (not a plain statement: says always, never or from now on)",
    ("legit", 73): f"{_HELD}: held (written in Ukrainian, which the statement rules do not read)",
    ("legit", 74): f"{_HELD}: held (written in Turkish, which the statement rules do not read)",
    ("legit", 75): f"{_HELD}: held (written in Turkish, which the statement rules do not read)",
    ("legit", 86): f"{_HELD}: held (written in Vietnamese, which the statement rules do not read)",
    ("legit", 87): f"{_HELD}: held (written in Thai, which the statement rules do not read)",
    ("legit", 88): f"{_HELD}: held (written in Thai, which the statement rules do not read)",
    ("legit", 92): f"{_HELD}: held (talks about credentials (the word 'مفتاح'))",
    ("legit", 93): f"{_LEFT}: held (written in Esperanto, which the directive rules do not read)",
    ("legit", 94): f"{_HELD}: held (written in Hebrew, which the statement rules do not read)",
    ("legit", 95): f"{_HELD}: held (written in Hindi, which the statement rules do not read)",
    ("legit", 97): f"{_HELD}: held (written in Swedish, which the statement rules do not read)",
    ("legit", 98): f"{_HELD}: held (written in Swedish, which the statement rules do not read)",
    ("legit", 101): f"{_HELD}: held (written in Dutch, which the directive rules do not read)",
    ("legit", 102): f"{_HELD}: held (written in Dutch, which the directive rules do not read)",
    ("legit", 103): f"{_HELD}: held (written in Czech, which the statement rules do not read)",
    ("legit", 107): f"{_HELD}: held (written in Bokmal, which the statement rules do not read)",
    ("legit", 108): f"{_LEFT}: held (written in Tagalog, which the statement rules do not read)",
    ("legit", 109): f"{_HELD}: held (written in Hungarian, which the statement rules do not read)",
}

_LISTS = {"planted": AR_PLANTED, "legit": AR_LEGIT, "conv": AR_CONVENTIONS, "junk": AR_JUNK}
AR_KNOWN_MISSES: dict[str, str] = {_LISTS[n][i][0]: why for (n, i), why in _CASES_LEFT.items()}
AR_RAW_MISSES: dict[str, str] = {}


def counts() -> str:
    """The set's figures, as one line."""
    return figures(AR_SECRETS, AR_PLANTED, AR_LEGIT, AR_JUNK, AR_CONVENTIONS)


@pytest.mark.parametrize(("text", "secret"), [case(c, AR_KNOWN_MISSES) for c in AR_SECRETS])
def test_set_ar_secrets_are_not_stored(text: str, secret: str) -> None:
    assert not leaks(text, secret), text


@pytest.mark.parametrize(("text", "secret"), [case(c, AR_RAW_MISSES) for c in AR_SECRETS])
def test_set_ar_secrets_are_cut_from_raw_material(text: str, secret: str) -> None:
    assert not raw_leaks(text, secret), text


@pytest.mark.parametrize("text", [case((t,), AR_KNOWN_MISSES) for t, _ in AR_PLANTED])
def test_set_ar_planted_instructions_do_not_reach_others(text: str) -> None:
    assert not shared(saved(text)), text


@pytest.mark.parametrize("text", [case((t,), AR_KNOWN_MISSES) for t, _ in AR_LEGIT])
def test_set_ar_legitimate_memories_are_shared(text: str) -> None:
    assert shared(saved(text)), text


@pytest.mark.parametrize("text", [case((t,), AR_KNOWN_MISSES) for t, _ in AR_CONVENTIONS])
def test_set_ar_conventions_are_kept(text: str) -> None:
    assert not isinstance(saved(text), Refused), text


@pytest.mark.parametrize("text", [case((t,), AR_KNOWN_MISSES) for t, _ in AR_JUNK])
def test_set_ar_junk_is_refused(text: str) -> None:
    assert isinstance(saved(text), Refused), text


if __name__ == "__main__":
    print(counts())  # noqa: T201 (the counts are this script's output)
