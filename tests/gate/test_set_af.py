"""Redaction and the gate on set AF (:mod:`tests.gate.set_af`): no secret is stored by a
save or kept in raw material, and the look-alikes (memories about credentials, hashes,
ids and codes that hold none) are kept whole: not refused, nothing redacted. What the first
measurement missed is listed with its reason (strict: a change that mends one says so).
``python -m tests.gate.test_set_af`` prints the counts."""

from __future__ import annotations

import pytest

from tests.gate.saving import case, leaks, raw_leaks, secret_figures, whole
from tests.gate.set_af import AF_LOOKALIKES, AF_SECRETS

# The first measurement (main d414299, before any rule was tuned on AF): "secrets stored
# 15/281 (raw material 23), look-alikes kept whole 67/74". AF is tuning data since: its
# misses were read and rules written on them (a value said before its password word, quoted
# or with a case ending; 合言葉 and the quotes 「」『』; a kubeadm token's dotted runs; rar's
# -hp, SNMPv3's -A, redis-cli's AUTH, IMAP's LOGIN; Shippo's keys; an apostrophe between
# letters opens no quote; "tracking", "waybill" and "container" name an identifier; an XML
# element's CDATA, a YAML block scalar under a credential's key; a word before a long hex
# run names nothing). Set AR's rules mended one more: a password spelt item by item with
# one letter named by its case ("K as in kilo, 4, r as in romeo, capital T, 9, …").
_LEFT = "missed at the first measurement (d414299) and not mended"
_SPELT = f"{_LEFT}: spelt out, in bytes or as a dial's turns, with no shape a rule reads"
_NO_WORD = f"{_LEFT}: no credential word, or a value shaped as a date or a name"
# A save withholds the rest of the clause after "buchstabiert:" (the room for the value,
# daemon.gate.screening.withheld): 4 is mended for a save, not for raw material.
_SPELT_RAW = {4: _SPELT}  # "Das Kennwort fürs Zollportal, buchstabiert: Kaufmann, Ulrich, …"
_STORED_LEFT = {
    48: _NO_WORD,  # "What do you type on the gate kiosk after the badge? 4-7-1-1-9. …"
    54: _NO_WORD,  # "Web UI of the weighbridge: admin / 2026.11.29 (yes, the password …"
    69: _SPELT,  # "The yard AP key is the bytes 4e 48 2d 59 …"
    72: _NO_WORD,  # "Security answers for the carrier account ops@: first pet → …"
    79: f"{_LEFT}: a vendor's XML element that names no credential word",
    88: _SPELT,  # "Padlock on the seal cabinet: right to 27, left to 14, right to 3."
}
_RAW_LEFT = {
    **_STORED_LEFT,
    **_SPELT_RAW,
    89: f"{_LEFT}: an alarm code of four digits and a hash sign",
    158: f"{_LEFT}: a password printed by a tool on the line after its command",
}
_LOOKALIKES_LEFT = {
    14: "an id whose identifier word is nine words before it: refused as an opaque token",
    28: "a key id after 'signing key is': read as the key",
    36: "'four random words' after a passphrase word: read as the phrase",
    37: "held as a directive to agents ('Use openssl rand … then store it in Vault.')",
    48: "'free-tier' after 'The API key … is': read as the key",
    51: "says where a password is shown: refused as touching credentials",
}
AF_STORED_MISSES = {AF_SECRETS[i][0]: why for i, why in _STORED_LEFT.items()}
AF_RAW_MISSES = {AF_SECRETS[i][0]: why for i, why in _RAW_LEFT.items()}
AF_LOOKALIKE_MISSES = {AF_LOOKALIKES[i]: why for i, why in _LOOKALIKES_LEFT.items()}


def counts() -> str:
    """The set's figures, as one line."""
    return secret_figures(AF_SECRETS, AF_LOOKALIKES)


@pytest.mark.parametrize(("text", "secret"), [case(c, AF_STORED_MISSES) for c in AF_SECRETS])
def test_set_af_secrets_are_not_stored(text: str, secret: str) -> None:
    assert not leaks(text, secret), text


@pytest.mark.parametrize(("text", "secret"), [case(c, AF_RAW_MISSES) for c in AF_SECRETS])
def test_set_af_secrets_are_cut_from_raw_material(text: str, secret: str) -> None:
    assert not raw_leaks(text, secret), text


@pytest.mark.parametrize("text", [case((t,), AF_LOOKALIKE_MISSES) for t in AF_LOOKALIKES])
def test_set_af_lookalikes_are_kept_whole(text: str) -> None:
    assert whole(text), text


if __name__ == "__main__":
    print(counts())  # noqa: T201 (the counts are this script's output)
