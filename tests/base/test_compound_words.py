"""A credential word that ends a hyphenated compound names the credential
(``Staging-Passwort``, ``admin-pw``, ``WLAN-Passwort``): the value it announces is redacted,
and a memory naming one is held like one that names a credential alone. A credential word
that opens a compound (``key-value``, ``token-based``, ``Passwort-Richtlinie``) qualifies
another noun and announces no value; a compound whose first part makes it no secret
(``public-key``) is none either."""

from __future__ import annotations

import pytest

from daemon.base.credential_claims import credential_word
from daemon.base.redaction import redact

ANNOUNCED = [
    ("Das Staging-Passwort lautet Blaumeise42", "Blaumeise42"),
    ("WLAN-Passwort: sonnenblume77", "sonnenblume77"),
    ("SSH-Passphrase lautet: TigerBalsam9", "TigerBalsam9"),
    ("admin-pw: Hunter22x!", "Hunter22x!"),
    ("Das Root-Kennwort ist Mauersegler#5", "Mauersegler#5"),
    ("La contraseña-maestra es Pimiento88", "Pimiento88"),
    ("Het beheer-wachtwoord is Tulpen2024", "Tulpen2024"),
    ("Le mot-de-passe est Baguette77", "Baguette77"),
]

NAMING = [
    "The staging admin-password is rotated by the platform team.",
    "Das Staging-Passwort steht im Tresor des Teams.",
    "Ask Dana for the WLAN-Passwort of the lab.",
]

NOT_NAMING = [
    "Use key-value pairs in the config file.",
    "We use token-based auth for the API.",
    "The public-key fingerprint is published in the docs.",
    "Sort-key order is by created_at.",
    "Password-protected PDFs are rejected by the importer.",
    "Secret-scanning runs on every push.",
]


@pytest.mark.parametrize(("text", "value"), ANNOUNCED, ids=lambda v: str(v)[:30])
def test_a_value_announced_by_a_compound_ending_in_a_credential_word_is_cut(
    text: str, value: str
) -> None:
    clean, count = redact(text)
    assert count >= 1 and value not in clean, clean


@pytest.mark.parametrize("text", NAMING, ids=lambda v: v[:30])
def test_a_compound_ending_in_a_credential_word_names_one(text: str) -> None:
    assert credential_word(text) is not None


@pytest.mark.parametrize("text", NOT_NAMING, ids=lambda v: v[:30])
def test_a_compound_opening_with_a_credential_word_names_none(text: str) -> None:
    assert credential_word(text) is None
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    "text",
    ["Passwort-Richtlinie: mindestens zwölf Zeichen.", "Token-Rotation: jeden Montag."],
    ids=lambda v: v[:30],
)
def test_a_compound_a_credential_word_opens_announces_only_a_credential_shaped_value(
    text: str,
) -> None:
    assert redact(text) == (text, 0)
