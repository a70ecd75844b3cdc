"""Redaction on set AT (:mod:`tests.dispatcher.set_at`): an accounting and payroll software
company's engineering and support sessions (ledgers, bank feeds, payroll, tax filings,
e-invoicing), 115 clean ones full of look-alikes that must be stored whole (IBANs, VAT and
tax ids, invoice numbers, digests, placeholders, masked numbers), 54 with 77 secrets spread
over tool-call arguments, tool outputs, chat and turns, in 24 languages, prepared turn by
turn as the dispatcher prepares them (:mod:`tests.dispatcher.ao_sessions`). ``python -m
tests.dispatcher.ao_sessions at`` prints the figures.

The first measurement (main dbe4312, before any rule was tuned on AT): "sessions with a
secret stored 4/54, secrets stored 6/77, clean sessions stored whole 67/115". AT is tuning
data since: its misses were read and the rules changed on the shapes they belong to (a short
key ending its sentence; codes listed before prose on their line; a door that opens with a
code in German and the Romance languages and Dutch; a password's halves announced in Hebrew
and Arabic, a half of letters without a vowel after the colon; a drawn case inside a name
with a number), and so were some of its clean sessions' cuts (the IBAN registry's examples;
a code that classifies or routes, a code in a log line's fields, "pin it"; a number or a
reference named in the languages of business documents, a field named in camel case by its
id; a placeholder's variable and a command's output; base64 of JSON or XML text; a file's
name; a Kubernetes Secret by its kind; "force-unlock"; a program under a key named code).
Set AW's rules mended one more: a payment provider's object ids (Stripe's ``evt_…``) are
references by their shape. What is still cut is listed (strict: a change that mends one says
so)."""

from __future__ import annotations

import pytest

from tests.dispatcher.ao_sessions import changed, figures, leaked
from tests.dispatcher.set_at import AT_CLEAN, AT_SECRET, Message

_LEFT = "missed at the first measurement (dbe4312)"
#: The sessions whose secrets still survive, and why (each an expected failure, strict).
AT_SECRET_MISSES: dict[str, str] = {}
#: The clean sessions still not stored whole, and what in them is cut as a value.
AT_CLEAN_CUT: dict[str, str] = {
    "en-hmrc-mtd-vat-obligations-sandbox": "a JSON field periodKey's value (18A2) as a key",
    "en-mt940-parser-tag-61": "MT940 balance and entry lines (:60F:, :61:) read as tokens",
    "en-terraform-plan-keyvault": "a Key Vault secret's version id in the URL after its name",
    "en-git-bisect-vat-rounding": "commit hashes in git bisect's output, named after them",
    "de-sepa-pain001-lastschrift": "a SEPA creditor id (DE98ZZZ…) read as a token",
    "de-db-passwort-rotation-ablauf": "'Passwort des Postgres-Users' and prose after a field",
    "de-peppol-anhang-base64": "'Base64-Inhalt' compounds and a base64 prefix after 'mit'",
    "es-nomina-iban-pruebas-mil-doscientos": "test IBANs that are not the registry's examples",
    "it-cedolini-codice-fiscale-test": "a codice fiscale opening a sentence read as a token",
    "pt-nfe-rejeicao-539": "an NF-e's number in the sentence naming its 'Chave de Acesso'",
    "pt-pix-chave-aleatoria": "a PIX random key (a payment id) after 'chave aleatória'",
    "pt-saft-hash-documento": "SAF-T hash excerpts in a table read as short tokens",
    "pl-ksef-numer-faktury": "a KSeF number in a table's row read as a token",
    "pl-jpk-v7m-blad-schematu": "'kod 120' (an error's code), JPK field names, a file's path",
    "tr-efatura-ettn-gib-hata": "'kod=1163' in a log line of two fields",
    "ru-politika-paroley-1c": "'когда-либо' (ever) after 'пароль' read as its value",
    "uk-iban-postachalnyk": "a bank's MFO code in a tool's output after a code was named",
    "el-kodikos-placeholder-config": "a vault: reference on the line after client_secret",
    "zh-fapiao-chayan": "a masked tax id (…MA5F0XXXXX) in a table's row read as a token",
    "zh-mima-xinghao-peizhi": "a masked value '******' and 'password=<redacted>' in prose",
    "ko-jeonja-segeum-gyesanseo": "an approval number after 'approval=' and in grep",
    "ar-zatca-invoice-hash": "invoice hashes (SHA-256 in base64) in a table and a sentence",
    "hi-gst-irn-einvoice": "an IRN (a SHA-256 in hex) in a table's row read as a token",
    "th-etax-invoice-xml": "a branch id '00000' after a message naming a code",
    "th-promptpay-qr-payload": "an EMV QR payload after 'payload:' read as a token",
    "id-kubectl-configmap-bank": "a vault: reference and a constant's name PAYLOAD_SAMPLE_B64",
}


def _secret(name: str, turns: list[list[Message]], secrets: list[str]) -> object:
    reason = AT_SECRET_MISSES.get(name)
    marks = [pytest.mark.xfail(strict=True, reason=f"{_LEFT}: {reason}")] if reason else []
    return pytest.param(name, turns, secrets, marks=marks, id=name)


def _clean(name: str, turns: list[list[Message]]) -> object:
    reason = AT_CLEAN_CUT.get(name)
    marks = [pytest.mark.xfail(strict=True, reason=f"still cut: {reason}")] if reason else []
    return pytest.param(name, turns, marks=marks, id=name)


@pytest.mark.parametrize(("name", "turns", "secrets"), [_secret(*c) for c in AT_SECRET])
def test_set_at_no_secret_survives_a_session(
    name: str, turns: list[list[Message]], secrets: list[str]
) -> None:
    assert leaked(name, turns, secrets) == []


@pytest.mark.parametrize(("name", "turns"), [_clean(*c) for c in AT_CLEAN])
def test_set_at_a_clean_session_is_stored_whole(name: str, turns: list[list[Message]]) -> None:
    assert changed(name, turns) == []


def test_set_at_figures() -> None:
    """The set's figures where this round left them."""
    assert figures("at") == (
        "sessions with a secret stored 0/54, secrets stored 0/77,"
        f" clean sessions stored whole {len(AT_CLEAN) - len(AT_CLEAN_CUT)}/115"
    )
