"""Redaction and the gate on set AN (:mod:`tests.gate.set_an`), measured once before any
rule was tuned on it: secrets are not stored by a save nor kept in raw material, planted
instructions do not reach other users at once, legitimate memories do, conventions are kept
and junk is refused. What is still missed is listed with its reason (strict: a change that
mends one says so). ``python -m tests.gate.test_set_an`` prints the counts."""

from __future__ import annotations

import pytest

from daemon.gate.refusal import Refused
from tests.gate.saving import case, figures, leaks, raw_leaks, saved, shared
from tests.gate.set_an import AN_CONVENTIONS, AN_JUNK, AN_LEGIT, AN_PLANTED, AN_SECRETS

# The first measurement (main fdbfab0, before any rule was tuned on AN): "secrets stored
# 4/130 (raw material 5), planted shared 6/80, legit shared 55/100, conventions kept 28/30,
# junk kept 7/60". AN is tuning data since: its misses were read and rules written on them
# (a mailbox at a public provider holds a memory in any language; one-time and confirmation
# codes named in some thirty languages, codes an app sent, an announced list's items of
# letters; the writer's own work narrated in more languages, tool diagnostics, template
# slots; passive habits of things, an obligation in its own clause, a named person's wish;
# Dutch's "of" and "was", an address's "com", lingua's Latin; a credential word naming a
# kind of thing, "the login nodes"; a table's key, "the enclave's key table": legit 19 is
# shared since).
_LEFT = "missed at the first measurement (fdbfab0) and not mended"
# Held as the rules want it: an instruction in the infinitive (a convention, shared once an
# operator approves it), what agents are to do for a person ("Ewa wants the agent to ask
# ..."), and a fact that talks about a credential where a value could stand.
_HELD = "held as the rules want it"
_CASES_LEFT = {
    ("legit", 2): f"{_HELD}: held (talks about credentials (the word 'token'))",
    ("legit", 18): f"{_HELD}: held (not a plain statement: states an obligation or a permission)",
    ("legit", 26): f"{_LEFT}: held (not a plain statement: states an obligation or a permission)",
    ("legit", 30): f"{_HELD}: held (directive to agents)",
    ("legit", 36): f"{_LEFT}: held (not a plain statement: states an obligation or a permission)",
    ("legit", 39): f"{_HELD}: held (talks about credentials (the word 'kennwort'))",
    ("legit", 41): f"{_HELD}: held (not a plain statement: an infinitive used as an instruction)",
    ("legit", 43): (
        f"{_HELD}: held (not a plain statement: names the agent or the reader it addresses)"
    ),
    ("legit", 45): f"{_HELD}: held (not a plain statement: an infinitive used as an instruction)",
    ("legit", 49): f"{_HELD}: held (not a plain statement: an infinitive used as an instruction)",
    ("legit", 53): f"{_HELD}: held (written in Italian, which the directive rules do not read)",
    ("legit", 56): f"{_HELD}: held (written in Italian, which the statement rules do not read)",
    ("legit", 57): f"{_LEFT}: held (not a plain statement: states an obligation or a permission)",
    ("legit", 59): f"{_HELD}: held (not a plain statement: an infinitive used as an instruction)",
    ("legit", 61): f"{_LEFT}: held (written in Dutch, which the directive rules do not read)",
    ("legit", 62): f"{_HELD}: held (written in Dutch, which the directive rules do not read)",
    ("legit", 64): f"{_LEFT}: held (written in Dutch, which the statement rules do not read)",
    ("legit", 66): f"{_HELD}: held (written in Polish, which the directive rules do not read)",
    ("legit", 67): f"{_HELD}: held (written in Polish, which the directive rules do not read)",
    ("legit", 69): f"{_LEFT}: held (written in Czech, which the statement rules do not read)",
    ("legit", 70): (
        f"{_LEFT}: held (written in a language the rules cannot tell, which the directive "
        "rules do not read)"
    ),
    ("legit", 71): f"{_LEFT}: held (written in Czech, which the statement rules do not read)",
    ("legit", 72): f"{_LEFT}: held (written in Swedish, which the directive rules do not read)",
    ("legit", 75): f"{_LEFT}: held (written in Finnish, which the directive rules do not read)",
    ("legit", 76): f"{_LEFT}: held (written in Finnish, which the statement rules do not read)",
    ("legit", 78): f"{_LEFT}: held (written in Greek, which the directive rules do not read)",
    ("legit", 82): f"{_LEFT}: held (written in Turkish, which the statement rules do not read)",
    ("legit", 87): f"{_LEFT}: held (written in Ukrainian, which the statement rules do not read)",
    ("legit", 90): (
        f"{_HELD}: held (not a plain statement: names the agent or the reader it addresses)"
    ),
    ("legit", 91): f"{_LEFT}: held (directive to agents)",
    ("legit", 94): f"{_LEFT}: held (directive to agents)",
    ("legit", 97): f"{_LEFT}: held (written in Arabic, which the statement rules do not read)",
    ("legit", 98): f"{_LEFT}: held (written in Hindi, which the statement rules do not read)",
    ("legit", 99): f"{_LEFT}: held (written in Hindi, which the statement rules do not read)",
}

_LISTS = {"planted": AN_PLANTED, "legit": AN_LEGIT, "conv": AN_CONVENTIONS, "junk": AN_JUNK}
AN_KNOWN_MISSES: dict[str, str] = {_LISTS[n][i][0]: why for (n, i), why in _CASES_LEFT.items()}
AN_RAW_MISSES: dict[str, str] = {}


def counts() -> str:
    """The set's figures, as one line."""
    return figures(AN_SECRETS, AN_PLANTED, AN_LEGIT, AN_JUNK, AN_CONVENTIONS)


@pytest.mark.parametrize(("text", "secret"), [case(c, AN_KNOWN_MISSES) for c in AN_SECRETS])
def test_set_an_secrets_are_not_stored(text: str, secret: str) -> None:
    assert not leaks(text, secret), text


@pytest.mark.parametrize(("text", "secret"), [case(c, AN_RAW_MISSES) for c in AN_SECRETS])
def test_set_an_secrets_are_cut_from_raw_material(text: str, secret: str) -> None:
    assert not raw_leaks(text, secret), text


@pytest.mark.parametrize("text", [case((t,), AN_KNOWN_MISSES) for t, _ in AN_PLANTED])
def test_set_an_planted_instructions_do_not_reach_others(text: str) -> None:
    assert not shared(saved(text)), text


@pytest.mark.parametrize("text", [case((t,), AN_KNOWN_MISSES) for t, _ in AN_LEGIT])
def test_set_an_legitimate_memories_are_shared(text: str) -> None:
    assert shared(saved(text)), text


@pytest.mark.parametrize("text", [case((t,), AN_KNOWN_MISSES) for t, _ in AN_CONVENTIONS])
def test_set_an_conventions_are_kept(text: str) -> None:
    assert not isinstance(saved(text), Refused), text


@pytest.mark.parametrize("text", [case((t,), AN_KNOWN_MISSES) for t, _ in AN_JUNK])
def test_set_an_junk_is_refused(text: str) -> None:
    assert isinstance(saved(text), Refused), text


if __name__ == "__main__":
    print(counts())  # noqa: T201 (the counts are this script's output)
