# ruff: noqa: RUF001 (the names of sessions in other scripts)
"""Redaction on set AQ (:mod:`tests.dispatcher.set_aq`): a hospital group's IT and data
platform team's agent sessions, 120 clean ones full of look-alikes that must be stored whole
(51 of them with tool calls and outputs), 50 with 67 secrets spread over tool-call
arguments, tool outputs, chat and turns, in 21 languages, prepared turn by turn as the
dispatcher prepares them (:mod:`tests.dispatcher.ao_sessions`). ``python -m
tests.dispatcher.ao_sessions aq`` prints the figures.

The first measurement (main c7d8a6b, before any rule was tuned on AQ): "sessions with a
secret stored 8/50, secrets stored 12/67, clean sessions stored whole 86/120". AQ is tuning
data since: its misses were read and the rules changed on them (a tool's short output after
a call that prints a password; a short half of a password after the words that announce
it; recovery codes listed after a long paragraph; Windows' password switches; digits said
as words after any code word, a lock's combination in other languages too; a NATO reading
with its digits in any language), and so were some of its clean sessions' cuts (a field
named ``code`` in data or a path names no value; a serial number named in other
languages). Set AR's rules mended one more clean session: a SKU names its id (an Azure SKU's
name was read as a token); set AT's one more: base64 of JSON or XML text that holds no secret
is data (a JWT's public header alone was read as a secret); set AW's two more: a PNG's base64
is an image's file (its signature says so), and a commit's hash after ``git show`` is named
by the git command. What is still missed is listed (strict: a change that mends one says
so)."""

from __future__ import annotations

import pytest

from tests.dispatcher.ao_sessions import changed, leaked
from tests.dispatcher.set_aq import AQ_CLEAN, AQ_SECRET, Message

_LEFT = "missed at the first measurement (c7d8a6b)"
#: The sessions whose secrets still survive, and why (each an expected failure, strict).
AQ_SECRET_MISSES: dict[str, str] = {}
#: The clean sessions still not stored whole, and what in them is cut as a value.
AQ_CLEAN_CUT: dict[str, str] = {
    "de-hl7-adt-a08-kontroll-id": "an HL7 message control id (MSG and a timestamp): a token",
    "de-passwortrichtlinie-entwurf": "prose after 'Password Policy … würde ich': a passphrase",
    "de-ansible-vault-view-geschwaerzt": "a variable's name listed after one ending _password",
    "de-gpo-guid-sid": "a policy's name of capitalised words joined by hyphens",
    "en-fhir-patient-bundle": "a UUID in a FHIR URL's path read as a token",
    "en-docker-image-digest-pin": "an image's name and tag before its digest",
    "en-env-placeholders-compose": "compose's '${VAR:?message}' and a variable's name",
    "en-reset-password-ticket-numbers": "a host and a ticket after a password reset",
    "nl-keepass-pad-zonder-waarde": "a UNC path to a KeePass file read as a password",
    "nl-kostenplaats-iban-lijkend": "cost centre codes shaped like IBANs read as tokens",
    "fr-hl7-oru-resultats-loinc": "an HL7 component (718-7^Hemoglobin) read as a password",
    "fr-numeros-badges-acces": "badge numbers in the sentence naming '.pgpass'",
    "es-snomed-mapeo-alergias": "'code = 91936005' (a SNOMED code) read as a code's value",
    "pt-redefini-senha-numeros": "a card's and a workstation's number after 'senha nova'",
    "pl-pesel-testowe-identyfikatory": "a test PESEL id read as a token",
    "pl-get-aduser-sid-konto": "a year after 'Hasło zmienione', a device's name after it",
    "pl-hl7-ack-bledy": "an HL7 MSA segment in a named password's context",
    "sv-losenordsbyte-siffror": "a quoted error and an HSA id after 'bytte lösenord'",
    "sv-certifikatkedja-base64-fingeravtryck": "an SPKI pin (a public key's hash) as a key",
    "da-docker-ps-portal": "log timestamps and a URL template's '<password>@<host>'",
    "tr-kubectl-pods-pacs": "Kubernetes pods' names read as tokens",
    "tr-sifre-politikasi": "'Şifre Politikası' (password policy): its word as a value",
    "ar-lab-values-glucose": "a LOINC code after 'رمز' (code) read as its value",
    "zh-windows-event-4625": "an event id, a status and a host beside 密码",
    "ru-psql-pgpass-no-password": "a host after 'psql -h', a chat message after '.pgpass'",
}


def _secret(name: str, turns: list[list[Message]], secrets: list[str]) -> object:
    reason = AQ_SECRET_MISSES.get(name)
    marks = [pytest.mark.xfail(strict=True, reason=f"{_LEFT}: {reason}")] if reason else []
    return pytest.param(name, turns, secrets, marks=marks, id=name)


def _clean(name: str, turns: list[list[Message]]) -> object:
    reason = AQ_CLEAN_CUT.get(name)
    marks = [pytest.mark.xfail(strict=True, reason=f"still cut: {reason}")] if reason else []
    return pytest.param(name, turns, marks=marks, id=name)


@pytest.mark.parametrize(("name", "turns", "secrets"), [_secret(*c) for c in AQ_SECRET])
def test_set_aq_no_secret_survives_a_session(
    name: str, turns: list[list[Message]], secrets: list[str]
) -> None:
    assert leaked(name, turns, secrets) == []


@pytest.mark.parametrize(("name", "turns"), [_clean(*c) for c in AQ_CLEAN])
def test_set_aq_a_clean_session_is_stored_whole(name: str, turns: list[list[Message]]) -> None:
    assert changed(name, turns) == []
