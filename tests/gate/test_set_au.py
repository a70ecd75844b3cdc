"""Redaction and the gate on set AU (:mod:`tests.gate.set_au`, a city public-transport
agency's IT and software team), measured once before any rule was tuned on it and not tuned on
since: the figures and every case still missed are pinned here (strict: a change that mends
one says so), for the round that reads them. ``python -m tests.gate.test_set_au`` prints the
counts."""

from __future__ import annotations

import pytest

from daemon.gate.refusal import Refused
from tests.gate.saving import case, figures, leaks, raw_leaks, saved, shared
from tests.gate.set_au import AU_CONVENTIONS, AU_JUNK, AU_LEGIT, AU_PLANTED, AU_SECRETS

# The first measurement (main f373bc5, before any rule was tuned on AU): "secrets stored 3/128
# (raw material 5), planted shared 2/60, legit shared 60/112, conventions kept 30/30, junk kept
# 4/62". Since then only a design change moved it: what stands where a credential word leaves
# room for a value is withheld from what a save stores (daemon.gate.screening.withheld), which
# took two of the three secrets out (a password spelled letter by letter, one read in NATO
# words). Nothing below has been read for a rule yet.
_LEFT = "missed at the first measurement (f373bc5), not yet read"
_CASES_LEFT = {
    ("planted", 8): f"{_LEFT}: shared",
    ("planted", 18): f"{_LEFT}: shared",
    ("legit", 2): f"{_LEFT}: held (directive to agents)",
    ("legit", 5): f"{_LEFT}: held (directive to agents)",
    ("legit", 11): f"{_LEFT}: held (not a plain statement: puts a credential where others read it)",
    ("legit", 14): f"{_LEFT}: held (directive to agents)",
    ("legit", 15): f"{_LEFT}: held (directive to agents)",
    ("legit", 16): f"{_LEFT}: held (not a plain statement: states an obligation or a permission)",
    ("legit", 26): f"{_LEFT}: held (written in Italian, which the statement rules do not read)",
    ("legit", 27): f"{_LEFT}: held (written in Italian, which the statement rules do not read)",
    ("legit", 28): f"{_LEFT}: held (not a plain statement: states an obligation or a permission)",
    ("legit", 30): f"{_LEFT}: held (written in Dutch, which the statement rules do not read)",
    ("legit", 32): f"{_LEFT}: held (written in Polish, which the statement rules do not read)",
    ("legit", 33): f"{_LEFT}: held (written in Polish, which the statement rules do not read)",
    ("legit", 35): f"{_LEFT}: held (written in Turkish, which the directive rules do not read)",
    ("legit", 36): f"{_LEFT}: held (written in Turkish, which the directive rules do not read)",
    ("legit", 40): f"{_LEFT}: held (written in Czech, which the statement rules do not read)",
    ("legit", 41): f"{_LEFT}: held (written in Czech, which the directive rules do not read)",
    ("legit", 42): f"{_LEFT}: held (written in Slovak, which the directive rules do not read)",
    ("legit", 43): f"{_LEFT}: held (written in Slovak, which the directive rules do not read)",
    ("legit", 44): f"{_LEFT}: held (written in Hungarian, which the directive rules do not read)",
    ("legit", 46): f"{_LEFT}: held (written in Greek, which the statement rules do not read)",
    ("legit", 51): f"{_LEFT}: held (talks about credentials (the word 'код'))",
    ("legit", 52): f"{_LEFT}: held (directive to agents)",
    ("legit", 53): f"{_LEFT}: held (written in Romanian, which the statement rules do not read)",
    ("legit", 55): f"{_LEFT}: held (talks about credentials (the word 'رمز'))",
    ("legit", 56): f"{_LEFT}: held (written in Arabic, which the statement rules do not read)",
    ("legit", 57): f"{_LEFT}: held (written in Arabic, which the statement rules do not read)",
    ("legit", 58): f"{_LEFT}: held (written in Hebrew, which the statement rules do not read)",
    ("legit", 62): f"{_LEFT}: held (directive to agents)",
    ("legit", 68): f"{_LEFT}: held (talks about credentials (the word 'pin'))",
    ("legit", 69): f"{_LEFT}: held (written in Hindi, which the statement rules do not read)",
    ("legit", 70): f"{_LEFT}: held (written in Thai, which the statement rules do not read)",
    ("legit", 71): f"{_LEFT}: held (written in Thai, which the statement rules do not read)",
    ("legit", 73): f"{_LEFT}: held (written in Vietnamese, which the statement rules do not read)",
    ("legit", 75): f"{_LEFT}: held (written in Malay, which the statement rules do not read)",
    ("legit", 76): f"{_LEFT}: held (written in Finnish, which the statement rules do not read)",
    ("legit", 77): f"{_LEFT}: held (written in Finnish, which the directive rules do not read)",
    ("legit", 78): f"{_LEFT}: held (written in Danish, which the directive rules do not read)",
    ("legit", 81): f"{_LEFT}: held (written in Bokmal, which the directive rules do not read)",
    ("legit", 82): f"{_LEFT}: held (written in Estonian, which the directive rules do not read)",
    ("legit", 83): f"{_LEFT}: held (written in Lithuanian, which the directive rules do not read)",
    ("legit", 84): f"{_LEFT}: held (written in Bosnian, which the directive rules do not read)",
    ("legit", 85): f"{_LEFT}: held (written in Catalan, which the directive rules do not read)",
    ("legit", 87): f"{_LEFT}: held (written in Bengali, which the statement rules do not read)",
    ("legit", 88): f"{_LEFT}: held (directive to agents)",
    ("legit", 89): f"{_LEFT}: held (not a plain statement: says always, never or from now on)",
    ("legit", 91): f"{_LEFT}: refused (secret)",
    ("legit", 93): f"{_LEFT}: held (talks about credentials (the word 'token'))",
    ("legit", 94): f"{_LEFT}: held (not a plain statement: says always, never or from now on)",
    ("legit", 100): f"{_LEFT}: held (directive to agents)",
    (
        "legit",
        103,
    ): f"{_LEFT}: held (not a plain statement: puts a credential where others read it)",
    ("legit", 107): f"{_LEFT}: held (talks about credentials (the word 'key'))",
    ("legit", 111): f"{_LEFT}: held (directive to agents)",
    ("junk", 27): f"{_LEFT}: shared",
    ("junk", 29): f"{_LEFT}: shared",
    ("junk", 32): f"{_LEFT}: shared",
    ("junk", 33): f"{_LEFT}: shared",
}
_SECRETS_LEFT = {
    103: f"{_LEFT}: held (written in Slovak, which the directive rules do not read)",
}
_RAW_LEFT = {
    37: _LEFT,
    38: _LEFT,
    103: _LEFT,
    121: _LEFT,
    122: _LEFT,
}

_LISTS = {"planted": AU_PLANTED, "legit": AU_LEGIT, "conv": AU_CONVENTIONS, "junk": AU_JUNK}
AU_KNOWN_MISSES: dict[str, str] = {_LISTS[n][i][0]: why for (n, i), why in _CASES_LEFT.items()}
AU_SECRET_MISSES: dict[str, str] = {AU_SECRETS[i][0]: why for i, why in _SECRETS_LEFT.items()}
AU_RAW_MISSES: dict[str, str] = {AU_SECRETS[i][0]: why for i, why in _RAW_LEFT.items()}


def counts() -> str:
    """The set's figures, as one line."""
    return figures(AU_SECRETS, AU_PLANTED, AU_LEGIT, AU_JUNK, AU_CONVENTIONS)


def test_set_au_figures() -> None:
    assert counts() == (
        "secrets stored 1/128 (raw material 5), planted shared 2/60, legit shared 60/112,"
        " conventions kept 30/30, junk kept 4/62"
    )


@pytest.mark.parametrize(("text", "secret"), [case(c, AU_SECRET_MISSES) for c in AU_SECRETS])
def test_set_au_secrets_are_not_stored(text: str, secret: str) -> None:
    assert not leaks(text, secret), text


@pytest.mark.parametrize(("text", "secret"), [case(c, AU_RAW_MISSES) for c in AU_SECRETS])
def test_set_au_secrets_are_cut_from_raw_material(text: str, secret: str) -> None:
    assert not raw_leaks(text, secret), text


@pytest.mark.parametrize("text", [case((t,), AU_KNOWN_MISSES) for t, _ in AU_PLANTED])
def test_set_au_planted_instructions_do_not_reach_others(text: str) -> None:
    assert not shared(saved(text)), text


@pytest.mark.parametrize("text", [case((t,), AU_KNOWN_MISSES) for t, _ in AU_LEGIT])
def test_set_au_legitimate_memories_are_shared(text: str) -> None:
    assert shared(saved(text)), text


@pytest.mark.parametrize("text", [case((t,), AU_KNOWN_MISSES) for t, _ in AU_CONVENTIONS])
def test_set_au_conventions_are_kept(text: str) -> None:
    assert not isinstance(saved(text), Refused), text


@pytest.mark.parametrize("text", [case((t,), AU_KNOWN_MISSES) for t, _ in AU_JUNK])
def test_set_au_junk_is_refused(text: str) -> None:
    assert isinstance(saved(text), Refused), text


if __name__ == "__main__":
    print(counts())  # noqa: T201 (the counts are this script's output)
