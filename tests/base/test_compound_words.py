"""A credential word that ends a hyphenated compound names the credential
(``Staging-Passwort``, ``admin-pw``, ``WLAN-Passwort``): the value it announces is redacted,
and a memory naming one is held like one that names a credential alone. A credential word
that opens a compound (``key-value``, ``token-based``, ``Passwort-Richtlinie``) qualifies
another noun and announces no value; a compound whose first part makes it no secret
(``public-key``) is none either."""

from __future__ import annotations

import pytest

from daemon.base.credential_claims import asks_for_value, credential_word, names_a_value
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


# A compound written as one word whose last part is a credential word: an access code's
# (its first part says what it opens or who uses it) or a password's (whatever leads it).
CLOSED = [
    ("Wie lautet der Servicecode des Infusomats?", "Servicecode"),
    ("Der Türcode vom Lager ist neu, frag Jens.", "Türcode"),
    ("Der Wartungscode liegt bei der Medizintechnik.", "Wartungscode"),
    ("Das Adminkennwort hat nur die IT.", "Adminkennwort"),
    ("Wo steht das Routerpasswort?", "Routerpasswort"),
    ("Wat is de toegangscode van de serverruimte?", "toegangscode"),
    ("Vad är larmkoden till förrådet?", "larmkoden"),
    ("Hva er dørkoden til lageret?", "dørkoden"),
    ("Mikä on huoltokoodi?", "huoltokoodi"),
]
CLOSED_VALUES = [
    ("Der Servicecode lautet 730914.", "730914"),
    ("Der Alarmcode ist sieben drei null neun.", "sieben drei null neun"),
    ("Het beheerderswachtwoord is Tulpenveld#8.", "Tulpenveld#8"),
]
# Compounds of "code" that name no secret (source, error, status, bar, country, dress, discount
# code), in German, Dutch, Swedish, Norwegian and Finnish, with numbers beside them.
CLOSED_OTHERS = [
    "Der Quellcode liegt im Repo unter src/pumps, Stand 4.2.1.",
    "Der Fehlercode E4021 kommt vom Treiber der Pumpe.",
    "Statuscode 503 vom Gateway, danach Retry nach 30 s.",
    "Scannt den Barcode am Etikett, Charge 4471.",
    "Der Ländercode ist DE, die Vorwahl 030.",
    "Der Programmcode für Modul 7 ist fertig.",
    "Unser Dresscode für den Kongress ist Business Casual.",
    "De broncode staat in de map src op versie 2.4.",
    "Foutcode 0x80070005 komt van de updater.",
    "Källkoden finns i repot, felkoden är 4012.",
    "Kildekoden ligger i repoet, feilkoden er 4012.",
    "Lähdekoodi on GitHubissa, virhekoodi 404 tulee palvelimelta.",
]


@pytest.mark.parametrize(("text", "word"), CLOSED, ids=lambda v: str(v)[:30])
def test_a_compound_written_as_one_word_ending_in_a_credential_word_names_one(
    text: str, word: str
) -> None:
    assert names_a_value(text), word


def test_a_question_for_a_compound_code_asks_for_its_value() -> None:
    assert asks_for_value("Dafür brauche ich das Servicemenü. Wie lautet der Servicecode?")


@pytest.mark.parametrize(("text", "value"), CLOSED_VALUES, ids=lambda v: str(v)[:30])
def test_a_value_after_a_compound_written_as_one_word_is_cut(text: str, value: str) -> None:
    assert value not in redact(text)[0]


@pytest.mark.parametrize("text", CLOSED_OTHERS, ids=lambda v: v[:30])
def test_a_compound_of_code_that_names_no_secret_names_no_value(text: str) -> None:
    assert not names_a_value(text)
    assert not asks_for_value(text)
