"""Redaction and the gate on set AK (:mod:`tests.gate.set_ak`): no secret in session
material (chat in thirty languages, tool output, tool-call arguments, other encodings) is
stored by a save or kept in raw material, and the look-alikes (ids, hashes, placeholders,
talk of credentials with no value) are kept whole: not refused, nothing redacted. What the
first measurement missed is listed with its reason (strict: a change that mends one says
so). ``python -m tests.gate.test_set_ak`` prints the counts."""

from __future__ import annotations

import pytest

from tests.gate.saving import case, leaks, raw_leaks, secret_figures, whole
from tests.gate.set_ak import AK_LOOKALIKES, AK_SECRETS

# The first measurement (main b7a9b1c, before any rule was tuned on AK): "secrets stored
# 14/270 (raw material 19), look-alikes kept whole 77/94". AK is tuning data since: its misses
# were read and rules written on them (a value after a colon in a password word's sentence;
# the words a chat writes for a password, 'pass', 'pw', 'ww', 'lösen', only before a colon;
# a value spelt out a character at a time; Persian 'پسورد'; a list of recovery codes some of
# which hold no digit; Unity's '-serial'; and, of the look-alikes, a copula read inside a
# word, a Hebrew prefix taken for a value, a participle taken for a plain password, a git
# verb, an issue, a match or a CRC naming its id).
_LEFT = "missed at the first measurement (b7a9b1c) and not mended"
_STORED_LEFT = {
    3: f"{_LEFT}: spelt out a letter at a time, its password word ('pw') after it",
    78: f"{_LEFT}: Thai, no spaces: a code word ('รหัส', not 'รหัสผ่าน') glued to its value",
    240: f"{_LEFT}: a token cut by a line break inside a URL",
}
_RAW_LEFT = {
    **_STORED_LEFT,
    # a save withholds what follows the password word's particle (withheld): mended there
    66: f"{_LEFT}: spelt out after a full-width colon: the disguise view joins it wrongly",
    13: f"{_LEFT}: a passphrase of capitalised words: only its first word is cut",
    115: f"{_LEFT}: a Perforce ticket: hex after 'user:' in a .p4tickets line",
    248: f"{_LEFT}: a CSV field quoted with commas inside it",
}
_LOOKALIKES_LEFT = {
    7: f"{_LEFT}: a Unity .meta file refused as a line of tool output",
    29: f"{_LEFT}: an SSH public key's body after 'public key, for …:' cut as a key",
    31: f"{_LEFT}: an MD5 after a colon, its name at the sentence's start",
    33: f"{_LEFT}: base64 of a public string: nothing in its shape says so",
    37: f"{_LEFT}: two placeholders read as the memory's substance",
    39: f"{_LEFT}: a placeholder key 'xxxx-xxxx-xxxx' read as redaction marks",
    43: f"{_LEFT}: a masked key ('****…7QKD') cut as a key",
    46: f"{_LEFT}: a command substitution after a credential's name cut",
    57: f"{_LEFT}: a commit message removing a secret read as touching credentials",
}
AK_STORED_MISSES = {AK_SECRETS[i][0]: why for i, why in _STORED_LEFT.items()}
AK_RAW_MISSES = {AK_SECRETS[i][0]: why for i, why in _RAW_LEFT.items()}
AK_LOOKALIKE_MISSES = {AK_LOOKALIKES[i]: why for i, why in _LOOKALIKES_LEFT.items()}


def counts() -> str:
    """The set's figures, as one line."""
    return secret_figures(AK_SECRETS, AK_LOOKALIKES)


@pytest.mark.parametrize(("text", "secret"), [case(c, AK_STORED_MISSES) for c in AK_SECRETS])
def test_set_ak_secrets_are_not_stored(text: str, secret: str) -> None:
    assert not leaks(text, secret), text


@pytest.mark.parametrize(("text", "secret"), [case(c, AK_RAW_MISSES) for c in AK_SECRETS])
def test_set_ak_secrets_are_cut_from_raw_material(text: str, secret: str) -> None:
    assert not raw_leaks(text, secret), text


@pytest.mark.parametrize("text", [case((t,), AK_LOOKALIKE_MISSES) for t in AK_LOOKALIKES])
def test_set_ak_lookalikes_are_kept_whole(text: str) -> None:
    assert whole(text), text


if __name__ == "__main__":
    print(counts())  # noqa: T201 (the counts are this script's output)
