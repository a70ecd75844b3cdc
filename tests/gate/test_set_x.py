"""The gate on set X (:mod:`tests.gate.set_x`): no secret's value, nor any part of it six
characters long, is kept in what is stored of a message or in what a main agent's save stores;
every look-alike keeps every character and is not refused as a secret.

First measured, before any change (92 secrets, 3 secrets over turns, 58 look-alikes):
redact() kept a part of 7 of 92 values (a password after 'zip -P', two passphrases of
ordinary words ('the vault passphrase is purple monkey dishwasher', one after 'type:'), a
password hint with its answer, a value after 'the answer is', Portuguese 'mudou para', Korean
'패스워드 바꿨어:'); the main agent's save stored 5 of them with their value, 3 of them
shared at once (2 held); 2 of the 3 secrets over turns kept a part (a key sent in two parts, a
Wi-Fi key given as the answer to a question); of 58 look-alikes redact() cut 6 and the save
refused the same 6 as a secret (a commit hash beside 'Reverted', 'API_KEY=your-api-key-here',
a docs' ghp_xxx placeholder, a video id in '?v=', a customer and an invoice id, the Japanese
name of a password manager).

After the rules changed for it (a value announced whole replaces the one word of it a shape
found first; verbs of change give a value as a copula does, ``mudou para``, ``changed to``;
the Korean loanword 패스워드; zip's, unzip's, 7z's and rar's password options; a part numbered
in words; the docs' slots, ``your-api-key-here`` and ``ghp_xxxx…``, and a password manager's
name are no value; a git verb and a business object name the id after them; a URL query's
next parameter ends a value): redact() keeps a part of 3 of 92 values, the save stores those 3
(1 shared, 2 held), 1 of 3 secrets over turns keeps a part, 0 of 58 look-alikes cut or refused
as a secret. What is left is listed below with its reason.
"""

from __future__ import annotations

import pytest

from daemon.base.redaction import redact
from daemon.gate.refusal import Reason, Refused
from daemon.gate.screening import Screened
from tests.gate.saving import saved
from tests.gate.set_x import X_LOOKALIKES, X_SECRETS, X_TURNS

#: The shortest part of a value that is still worth keeping from it.
PART = 6


def _parts_kept(stored: str, text: str, value: str) -> list[str]:
    """The parts of ``value`` (``PART`` characters, or all of a shorter value) found in
    ``stored`` that the rest of ``text`` does not hold anyway."""
    rest = text.replace(value, "\n")
    size = min(PART, len(value))
    parts = {value[i : i + size] for i in range(len(value) - size + 1)}
    return sorted(p for p in parts if p in stored and p not in rest)


def _stored_with(got: Screened | Refused, text: str, value: str) -> list[str]:
    return _parts_kept(got.content, text, value) if isinstance(got, Screened) else []


#: Cases still missed, by the test they fail, with the reason (strict: a rule that mends one
#: says so).
_MISSES = {
    "my dog eats homework on tuesdays": (
        "a phrase of plain words after 'type:' in a clause that names what it unlocks: "
        "'type:' is also how a command is introduced ('to reset it, type: passwd alice')"
    ),
    "Birchwood2019": (
        "a word with a year ends a password's hint after 'so': that shape is a product's "
        "name too (Windows2019), taken only right after the word, a copula, a verb of change "
        "or a colon"
    ),
    "nebula5Crater": (
        "no credential word: 'the answer is' gives a host's or a build's name as often, and "
        "one digit among letters is no key's shape"
    ),
}
KEPT_BY_REDACTION: dict[str, str] = _MISSES
#: A save withholds what stands where a password's hint leaves room for its value
#: (daemon.gate.screening.withheld): the year-ended word is no longer stored.
STORED: dict[str, str] = {k: v for k, v in _MISSES.items() if k != "Birchwood2019"}
CUT_LOOKALIKES: dict[str, str] = {}
TURNS_KEPT: dict[str, str] = {
    "pinecone-Drift-27": (
        "the second turn names no credential ('the same string as last year'); words joined "
        "by hyphens with a number name networks, hosts and releases as often (Acme-Guest-5G)"
    ),
}


def _marks(key: str, misses: dict[str, str]) -> list[pytest.MarkDecorator]:
    reason = misses.get(key)
    return [pytest.mark.xfail(strict=True, reason=reason)] if reason else []


def _cases(misses: dict[str, str]) -> list[object]:
    return [pytest.param(t, v, id=repr(v)[:40], marks=_marks(v, misses)) for t, v in X_SECRETS]


@pytest.mark.parametrize(("text", "value"), _cases(KEPT_BY_REDACTION))
def test_set_x_secrets_are_cut_from_raw_material(text: str, value: str) -> None:
    assert not _parts_kept(redact(text)[0], text, value), text


@pytest.mark.parametrize(("text", "value"), _cases(STORED))
def test_set_x_secrets_are_not_stored_by_a_save(text: str, value: str) -> None:
    assert not _stored_with(saved(text), text, value), text


@pytest.mark.parametrize(
    "text",
    [pytest.param(t, id=repr(t)[:40], marks=_marks(t, CUT_LOOKALIKES)) for t in X_LOOKALIKES],
)
def test_set_x_look_alikes_keep_every_character(text: str) -> None:
    assert redact(text) == (text, 0)
    got = saved(text)
    assert not (isinstance(got, Refused) and got.reason is Reason.SECRET), got


@pytest.mark.parametrize(
    ("turns", "values", "memory"),
    [pytest.param(*case, id=case[1][0], marks=_marks(case[1][0], TURNS_KEPT)) for case in X_TURNS],
)
def test_set_x_a_secret_over_turns_is_cut_from_each(
    turns: tuple[str, ...], values: tuple[str, ...], memory: str
) -> None:
    whole = "\n".join(turns)
    stored = "\n".join(redact(turn)[0] for turn in turns)
    assert not [v for v in values if _parts_kept(stored, whole, v)], stored
    got = saved(memory)
    assert not [v for v in values if _stored_with(got, memory, v)], got
