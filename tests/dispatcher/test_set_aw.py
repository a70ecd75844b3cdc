"""Redaction on set AW (:mod:`tests.dispatcher.set_aw`): an e-commerce and warehouse-logistics
company's platform and support sessions (storefronts, payment providers in sandbox and live,
carriers and tracking numbers, EDI with suppliers, label printers, a Kafka bus, Kubernetes,
office IT), 109 clean ones full of look-alikes that must be stored whole (order, tracking,
payment and refund ids, test cards, sandbox IBANs, commits, digests, ZPL and EDIFACT text,
base64 of labels and images, public keys, placeholders), 69 with 87 secrets spread over
tool-call arguments, tool outputs, chat and turns, in more than twenty languages, prepared
turn by turn as the dispatcher prepares them (:mod:`tests.dispatcher.ao_sessions`).
``python -m tests.dispatcher.ao_sessions aw`` prints the figures.

The first measurement (main 310cc08, before any rule read AW): "sessions with a secret stored
4/69, secrets stored 4/87, clean sessions stored whole 65/109". AW is tuning data since: its
misses were read and the rules changed on the shapes they belong to (lftp's ``-u
user,password``; a value spelt with a comma after each character; some digits of a named
code said to be a number, ``de fyra första siffrorna är …``; a login told by its recipe and
the example with its capitals and symbol), and so were most of its clean sessions' cuts (a
carrier's number, a ULID, a payment provider's object id, a Ray ID, an Okta id, a UPS
tracking number by their shapes; a commit a git command or a log line names; an EDIFACT
segment; a home directory's path; an id field and a key of data; a name typed in kana or
han; base64 of a PDF or a PNG; a test card a sentence calls one; a placeholder in angle
brackets and ``changeme``; a value masked with ``x``; a token's id; a key's prefix named
alone; JSON members, a pattern's alternation and a commit log line after a credential word;
a ZPL label's commands; a public JSON Web Key; an algorithm's name; a message's digest after
its label; the words that name a shipment, a transaction, a zone or a rule, and an
identifier in Hebrew and Arabic). This round left it at "sessions with a secret stored
0/69, secrets stored 0/87, clean sessions stored whole 98/109"; what is still cut is listed
(strict: a change that mends one says so)."""

from __future__ import annotations

import pytest

from tests.dispatcher.ao_sessions import changed, figures, leaked
from tests.dispatcher.set_aw import AW_CLEAN, AW_SECRET, Message

_LEFT = "missed at the first measurement (310cc08)"
#: The sessions whose secrets still survive, and why (each an expected failure, strict).
AW_SECRET_MISSES: dict[str, str] = {}
#: The clean sessions still not stored whole, and what in them is cut as a value.
AW_CLEAN_CUT: dict[str, str] = {
    "en-git-sha-revert": "a commit's hash printed alone by 'git log -1 --format=%H'",
    "en-webhook-signature-header-shape": "a Stripe-Signature header's timestamp and HMACs",
    "en-sandbox-ibans-sepa-test": "providers' sandbox IBANs (a TEST bank code, 12345678)",
    "en-gcs-service-account-public-info": "a key's id under a table's KEY_ID header",
    "en-password-policy-discussion": "'NIST 800-63B' and a `P@ssw0rd!` given as a bad example",
    "de-kubectl-secret-keys-only": "a data hash named by 'External-Secrets-Operators'",
    "en-key-ids-kms": "a KMS key's id in its ARN, a snapshot's name, a region, an account",
    "nl-adyen-test-kaarten": "a test card beside a repeated one, '3DS-scherm' after 'wachtwoord'",
    "ja-backlog-ticket-no-password": "a command in backticks and an SSID after パスワード",
    "en-multiturn-return-label-flow": "a watcher's name 'returns-watch/UK-90112-R1' as a token",
    "en-kafka-topic-describe": "a Kafka TopicId (a UUID in base64) read as a random token",
}


def _secret(name: str, turns: list[list[Message]], secrets: list[str]) -> object:
    reason = AW_SECRET_MISSES.get(name)
    marks = [pytest.mark.xfail(strict=True, reason=f"{_LEFT}: {reason}")] if reason else []
    return pytest.param(name, turns, secrets, marks=marks, id=name)


def _clean(name: str, turns: list[list[Message]]) -> object:
    reason = AW_CLEAN_CUT.get(name)
    marks = [pytest.mark.xfail(strict=True, reason=f"still cut: {reason}")] if reason else []
    return pytest.param(name, turns, marks=marks, id=name)


@pytest.mark.parametrize(("name", "turns", "secrets"), [_secret(*c) for c in AW_SECRET])
def test_set_aw_no_secret_survives_a_session(
    name: str, turns: list[list[Message]], secrets: list[str]
) -> None:
    assert leaked(name, turns, secrets) == []


@pytest.mark.parametrize(("name", "turns"), [_clean(*c) for c in AW_CLEAN])
def test_set_aw_a_clean_session_is_stored_whole(name: str, turns: list[list[Message]]) -> None:
    assert changed(name, turns) == []


def test_set_aw_figures() -> None:
    """The set's figures where this round left them."""
    assert figures("aw") == (
        "sessions with a secret stored 0/69, secrets stored 0/87,"
        f" clean sessions stored whole {len(AW_CLEAN) - len(AW_CLEAN_CUT)}/109"
    )
