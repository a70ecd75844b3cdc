"""Redaction on set AP (:mod:`tests.dispatcher.set_ap`): a logistics platform team's agent
sessions, 150 clean ones full of credential talk and look-alikes that must be stored whole,
40 with secrets spread over them, prepared turn by turn as the dispatcher prepares them
(:mod:`tests.dispatcher.ao_sessions`). ``python -m tests.dispatcher.ao_sessions ap`` prints
the figures.

The first measurement (main a5c8f6a, before any rule was tuned on AP): "sessions with a
secret stored 6/40, secrets stored 8/58, clean sessions stored whole 92/150". AP is tuning
data since: its clean sessions' cuts were read and the rules changed on them (a long message
after one naming a password keeps its numbers, ids and versions; a count and its unit, keys
pressed together and a telephone's extension are no value; an environment file's empty
value takes no name from the next line; a sign such as "²" is no script; a table's key and
a Kubernetes secret named by kind are things, not credentials). Set AQ's rules mended one
of its secret sessions (digits said as words after any code word: "kod do sejfu to …").
What is still missed is listed (strict: a change that mends one says so)."""

from __future__ import annotations

import pytest

from tests.dispatcher.ao_sessions import changed, leaked
from tests.dispatcher.set_ap import AP_CLEAN, AP_SECRET, Message

_LEFT = "missed at the first measurement (a5c8f6a)"
#: The sessions whose secrets still survive, and why (each an expected failure, strict).
AP_SECRET_MISSES: dict[str, str] = {
    "en-gate-keypad-code-dictated-two-turns": "a code in spaced digits of three, over two turns",
    "en-nato-spelled-kiosk-password": "a NATO reading cut in part (its last items left)",
    "en-alarm-code-in-words-voicemail": "digit words after 'code for the depot from Monday is'",
    "en-tc52-kiosk-passcode-for-depot": "a passcode given in the sentence after the one naming it",
    "sv-losenord-delat-i-tva-meddelanden": "parts announced by Swedish ordinals ('Första:')",
}
#: The clean sessions still not stored whole (something in them cut as a value).
AP_CLEAN_CUT: frozenset[str] = frozenset(
    (
        "en-where-is-sap-sftp-password-kept",
        "en-code-review-done-merge-eta-fix",
        "en-wifi-ssids-new-cross-dock",
        "en-postal-codes-zone-assignment",
        "en-sku-codes-pallet-label-template",
        "en-git-bisect-eta-regression",
        "en-keyboard-keys-ct60-diagnostics",
        "en-nato-spelled-hostname",
        "en-ssh-host-key-fingerprint-changed",
        "en-sscc-check-digit-gs1",
        "en-tracking-numbers-carrier-lookup",
        "en-password-hashing-parameters-portal",
        "en-helm-releases-chart-versions",
        "en-ean-test-barcodes-fixtures",
        "en-totp-config-portal",
        "en-k8s-nodes-internal-ips",
        "en-driver-app-sigsegv-logcat",
        "en-customer-spells-surname-nato",
        "en-feature-flag-keys-checkout",
        "en-i18n-translation-keys-login",
        "en-breached-password-check-policy",
        "en-terraform-plan-sensitive-values",
        "en-slack-pinned-message-on-call",
        "en-kms-key-alias-backups",
        "en-gate-pc-ctrl-alt-del-kiosk",
        "pl-numery-buildow-po-resecie-hasla",
        "uk-zmina-parolya-pidtverdzhennya",
        "uk-nomery-nakladnykh-i-kody-skladu",
        "zh-密码轮换策略说明",
        "ko-mfa-등록-안내",
        "hi-पिन-कोड-और-रूट",
        "id-nama-kunci-api-di-deployment",
    )
)


def _secret(name: str, turns: list[list[Message]], secrets: list[str]) -> object:
    reason = AP_SECRET_MISSES.get(name)
    marks = [pytest.mark.xfail(strict=True, reason=f"{_LEFT}: {reason}")] if reason else []
    return pytest.param(name, turns, secrets, marks=marks, id=name)


def _clean(name: str, turns: list[list[Message]]) -> object:
    cut = name in AP_CLEAN_CUT
    reason = f"{_LEFT}: a look-alike still cut"
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if cut else []
    return pytest.param(name, turns, marks=marks, id=name)


@pytest.mark.parametrize(("name", "turns", "secrets"), [_secret(*c) for c in AP_SECRET])
def test_set_ap_no_secret_survives_a_session(
    name: str, turns: list[list[Message]], secrets: list[str]
) -> None:
    assert leaked(name, turns, secrets) == []


@pytest.mark.parametrize(("name", "turns"), [_clean(*c) for c in AP_CLEAN])
def test_set_ap_a_clean_session_is_stored_whole(name: str, turns: list[list[Message]]) -> None:
    assert changed(name, turns) == []
