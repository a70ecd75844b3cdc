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
# words).
# The round that read AU (tuned on it): "secrets stored 0/128 (raw material 3), planted shared
# 0/60, legit shared 85/112, conventions kept 30/30, junk kept 0/62". Slovak, Croatian (Bosnian,
# Serbian in Latin letters), Slovene, Catalan, Estonian, Lithuanian, Latvian and Bulgarian are
# read with their grammar of an instruction and judged as statements; a decision's heading, a
# number after the word for what it numbers, a name joined to its number, an error's code, a
# named person's wish (Vietnamese, Norwegian) no longer hold a fact; a word of one language is
# not read as another's (German "nie", French "dois", Swahili "hata", Turkish's verb ending in
# Finnish, Latvian "nekad" in Swedish, Hungarian "kell" in Estonian); a ticket and a key in two
# clauses, people called agents, "set by", "never by email", "secret scanning", a "key
# ceremony", a token that expired are no conduct or credential; a value opening with "%" is a
# value; "is not to be mentioned", a safeguard "no longer needed", a request to save the
# session, a run's result alone, "Looked at the file." and a listing after "$ ls" are read. The
# raw material's 121 (a password spelled letter by letter) was mended by a redaction change
# made beside this round in the same tree, not by it.
_HELD = "held as the rules want it"
_LEFT = "missed, read in the round of set AU and not mended"
_CASES_LEFT = {
    # instructions and rules stated as such: held for an operator by design
    ("legit", 14): f"{_HELD}: held (directive to agents: 'always compare against that')",
    ("legit", 15): f"{_HELD}: held (directive to agents: 'ignore its positions')",
    ("legit", 88): f"{_HELD}: held (directive to agents: 'Always restart …')",
    ("legit", 100): f"{_HELD}: held (directive to agents: 'You must run …')",
    ("legit", 16): f"{_HELD}: held (an obligation: 'Secrets must never be committed')",
    ("legit", 52): f"{_HELD}: held (directive to agents: Ukrainian 'завжди', always, in a wish)",
    ("legit", 62): f"{_HELD}: held (directive to agents: Japanese '必ず', without fail)",
    ("legit", 89): f"{_HELD}: held (always, never or from now on: 'we never see or handle it')",
    ("legit", 41): f"{_HELD}: held (Czech 'vždy', always, in a wish for what others do)",
    ("legit", 77): f"{_HELD}: held (Finnish 'aina', always, in a wish for what others do)",
    ("legit", 69): f"{_HELD}: held (Hindi: a wish for what others do, 'चाहती हैं कि')",
    ("legit", 78): f"{_HELD}: held (Danish 'fremover', going forward, as English holds it)",
    ("legit", 82): f"{_HELD}: held (Estonian 'edaspidi', going forward, as English holds it)",
    ("legit", 44): f"{_HELD}: held (Hungarian 'kell', an obligation on us)",
    ("legit", 35): f"{_HELD}: held (Turkish '-meli', an obligation: 'yeni kart verilmeli')",
    # a credential named in a language the statement rules read by its words only
    ("legit", 30): f"{_HELD}: held (Dutch: names a credential, 'token')",
    ("legit", 75): f"{_HELD}: held (Malay: names a credential, 'token')",
    ("legit", 58): f"{_HELD}: held (Hebrew: names a credential, 'מפתחות', keys)",
    ("legit", 68): f"{_HELD}: held (Hindi: room for a PIN's value in a script without case)",
    # missed
    ("legit", 2): f"{_LEFT}: held (directive to agents: 'Stop 4711 (…) is split', a noun)",
    ("legit", 5): f"{_LEFT}: held (an obligation: 'MFA mandatory' in a list of settings)",
    ("legit", 26): f"{_LEFT}: held (Italian: 'ART-Device-CA-2' reads as a value)",
    ("legit", 46): f"{_LEFT}: held (Greek: a name in guillemets reads as a quoted value)",
    ("legit", 55): f"{_LEFT}: held (Arabic: 'أجهزة التحقق', validators, names verification)",
    ("legit", 56): f"{_LEFT}: held (Arabic: a wish with no name a script without case shows)",
    ("legit", 91): f"{_LEFT}: refused (secret: 'Wi-Fi is radius01.art.lan' read as a value)",
    ("legit", 107): f"{_LEFT}: held (a credential where others read it: 'page AFC-KEYS')",
}
_SECRETS_LEFT: dict[int, str] = {}
_RAW_LEFT = {
    37: f"{_LEFT}: a user / password pair named by 'account', cut from a save only",
    38: f"{_LEFT}: an SNMP community string, cut from a save only",
    122: f"{_LEFT}: a password read out in NATO words, withheld from a save only",
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
        "secrets stored 0/128 (raw material 3), planted shared 0/60, legit shared 85/112,"
        " conventions kept 30/30, junk kept 0/62"
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
