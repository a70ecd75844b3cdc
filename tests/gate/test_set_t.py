"""The gate on set T (:mod:`tests.gate.set_t`): every secret's value is cut from what is
stored of a message and never reaches another user through a main agent's save; every
look-alike keeps every character and is not refused as a secret.

First measured, before any change (100 secrets in 97 texts, 2 secrets over two turns, 61
look-alikes): redact() kept the value of 24 of 100 (recovery phrases and diceware 4 of 12:
a numbered word list, words joined by dots, a phrase before its verb, one introduced by
'style'; PINs and codes 10 of 14: words, safe dials, spaced digits, a keypad, digits of
Persian, Arabic, Devanagari, Bengali, Thai sentences and a Hebrew door code; a Wi-Fi 'pass';
a spelled password; an SNMP community; three card numbers and an IBAN; colloquial Vietnamese,
Korean and Japanese); the main agent's save shared 12 of them with their value; both secrets
over two turns kept a part (the second turn, with no credential word); of 61 look-alikes,
redact() cut 7 (a policy naming diceware words, an SSH fingerprint, a public key, a GPG key
id, Stripe's test card, argon2 parameters, 'SECRET_KEY is read from ...') and the save
refused 8 as a secret (those 7 and a record's UUID).

After the rules changed for it (recovery phrases by BIP-39's list, card numbers and IBANs by
their check digits, parts of a value given apart, code words of more scripts, codes read
out, public keys, fingerprints and key ids left): 0 of 100 values kept, 0 shared, 0 of 2
secrets over two turns kept a part, 0 of 61 look-alikes cut or refused as a secret.
"""

from __future__ import annotations

import pytest

from daemon.base.redaction import redact
from daemon.gate.refusal import Reason, Refused
from daemon.gate.screening import Screened
from tests.gate.saving import saved
from tests.gate.set_t import T_LOOKALIKES, T_SECRETS, T_TURNS


def _shared_with(got: Screened | Refused, value: str) -> bool:
    return isinstance(got, Screened) and not got.held and value in got.content


#: Cases still missed, by the test they fail (strict: a change that mends one says so).
KEPT_BY_REDACTION: frozenset[str] = frozenset()
SHARED: frozenset[str] = frozenset()
CUT_LOOKALIKES: frozenset[str] = frozenset()
TURNS_KEPT: frozenset[str] = frozenset()


def _cases(pairs: list[tuple[str, str]], misses: frozenset[str]) -> list[object]:
    return [
        pytest.param(
            t,
            v,
            id=repr(v)[:40],
            marks=[pytest.mark.xfail(strict=True, reason="missed")] if v in misses else [],
        )
        for t, v in pairs
    ]


@pytest.mark.parametrize(("text", "value"), _cases(T_SECRETS, KEPT_BY_REDACTION))
def test_set_t_secrets_are_cut_from_raw_material(text: str, value: str) -> None:
    assert value not in redact(text)[0], text


@pytest.mark.parametrize(("text", "value"), _cases(T_SECRETS, SHARED))
def test_set_t_secrets_never_reach_another_user(text: str, value: str) -> None:
    assert not _shared_with(saved(text), value), text


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(
            t,
            id=repr(t)[:40],
            marks=[pytest.mark.xfail(strict=True, reason="cut")] if t in CUT_LOOKALIKES else [],
        )
        for t in T_LOOKALIKES
    ],
)
def test_set_t_look_alikes_keep_every_character(text: str) -> None:
    assert redact(text) == (text, 0)
    got = saved(text)
    assert not (isinstance(got, Refused) and got.reason is Reason.SECRET), got


@pytest.mark.parametrize(
    ("turns", "values", "memory"),
    [
        pytest.param(
            *case,
            id=case[1][0],
            marks=[pytest.mark.xfail(strict=True, reason="missed")]
            if case[1][0] in TURNS_KEPT
            else [],
        )
        for case in T_TURNS
    ],
)
def test_set_t_a_secret_over_two_turns_is_cut_from_each(
    turns: tuple[str, ...], values: tuple[str, ...], memory: str
) -> None:
    stored = "\n".join(redact(turn)[0] for turn in turns)
    assert not [v for v in values if v in stored], stored
    got = saved(memory)
    assert not [v for v in values if _shared_with(got, v)], got
