# ruff: noqa: RUF001 (look-alike hyphens and letters, on purpose)
"""Attacks on the hyphenated credential compound (an outside tester's list, written before
reading the rules): a secret behind a compound spelled with look-alike hyphens, soft hyphens
or zero-width characters, in several languages and casings, several compounds in one text,
a compound at a line's end, in JSON, YAML, env files and command lines, must be redacted;
hyphenated product names, code identifiers, CSS classes and URLs must not be."""

from __future__ import annotations

import pytest

from daemon.base.redaction import redact

SECRETS = [
    ("Das Staging\u2010Passwort lautet Blaumeise42", "Blaumeise42"),
    ("Das Staging\u2011Passwort lautet Blaumeise42", "Blaumeise42"),
    ("Staging\u2212Passwort: Blaumeise42", "Blaumeise42"),
    ("Staging\u2013Passwort: Blaumeise42", "Blaumeise42"),
    ("Staging\u00adPasswort: Blaumeise42", "Blaumeise42"),
    ("Staging-\u200bPasswort: Blaumeise42", "Blaumeise42"),
    ("Staging\u200b-Passwort: Blaumeise42", "Blaumeise42"),
    ("Staging\uff0dPasswort: Blaumeise42", "Blaumeise42"),
    ("Staging\ufe63Passwort: Blaumeise42", "Blaumeise42"),
    ("STAGING-PASSWORT: Blaumeise42", "Blaumeise42"),
    ("staging-passwort: blaumeise42", "blaumeise42"),
    ("prod-db-password=Tr0ub4dor&3", "Tr0ub4dor&3"),
    ("The prod-admin-Password is Xk29!mQa", "Xk29!mQa"),
    ('{"staging-password": "Xk29mQa77", "host": "db"}', "Xk29mQa77"),
    ("smtp:\n  relay-password: Xk29mQa77\n  port: 587", "Xk29mQa77"),
    ("DB-ADMIN-PASSWORD=Xk29mQa77\nDB_HOST=db", "Xk29mQa77"),
    ("mysqladmin --admin-password=Xk29mQa77 -h db status", "Xk29mQa77"),
    ("connect with --root-pw Xk29mQa77 then run the dump", "Xk29mQa77"),
    ("Here is the staging-password:\nXk29mQa77", "Xk29mQa77"),
    ("La contraseña-root es Pimiento88", "Pimiento88"),
    ("La password-admin è Pomodoro77", "Pomodoro77"),
    ("A senha-mestra é Goiaba2024", "Goiaba2024"),
    ("Het wifi\u2011wachtwoord is Tulpen2024", "Tulpen2024"),
    ("Админ-пароль: Берёза2024", "Берёза2024"),
    ("Hasło-admina: Kielbasa77", "Kielbasa77"),
    ("WiFi-lösenordet är Kanelbulle9", "Kanelbulle9"),
    (
        "Das WLAN-Passwort ist Sonnenblume77 und das Router-Passwort ist Mondschein88",
        "Mondschein88",
    ),
    ("deploy-token: q8Zr2LmX9vTa", "q8Zr2LmX9vTa"),
    ("admin-PW=Hunter22x!", "Hunter22x!"),
    ("Die Staging-Passwörter lauten Blaumeise42 und Kohlmeise43", "Blaumeise42"),
    ("db-secret: Xk29mQa77", "Xk29mQa77"),
    ("Le super-mot-de-passe est Baguette77", "Baguette77"),
    ("Das Staging-Pass\u200dwort lautet Blaumeise42", "Blaumeise42"),
    ("export STAGING-PASSWORD='Xk29mQa77'", "Xk29mQa77"),
]

LOOK_ALIKES = [
    ".password-field { border: 1px solid red; }",
    "Use key-value pairs: key-value store is Redis 7.",
    "The token-based flow is documented at https://example.com/docs/token-based-auth",
    "See https://example.com/account/password-reset?step=2 for the flow.",
    "Run npm install secret-handshake to add it.",
    "Our Passwort-Richtlinie verlangt 12 Zeichen.",
    "The pw-strength meter is shown below the input.",
    "The token-bucket limiter allows 100 requests per second.",
    "Set password-min-length: 12 in the policy file.",
    "passphrase-generator: diceware",
    "The key-rotation period is 90 days.",
    "git checkout feature/password-reset-flow",
    "import { PasswordField } from 'password-field-react';",
    "The input has the class api-key-input and the id token-display.",
    "password-policy: strict",
    "admin-password-reset: enabled",
    "The secret-santa draw is on Friday: Dana gives to Lee.",
    "PASSWORD-MIN-LENGTH=12",
    '<input type="password" class="password-field" name="pw-confirm">',
    "The KeePass-Pro-Edition is our vault vendor since 2023.",
    "Token-Ring networks were replaced in 1998.",
    "Le formulaire mot-de-passe-oublié est en ligne.",
    "Run ./scripts/rotate-api-key.sh --dry-run before the release.",
    "The crate is called secret-service-rs and it builds on Linux.",
]


_MISSED = {
    "Die Staging-Passwörter lauten Blaumeise42 und Kohlmeise43": "a plural credential word"
    " announces no value (nor 'Die Passwörter lauten X'), before 2c64300 too",
}
_OVER = {
    '<input type="password" class="password-field" name="pw-confirm">': "an HTML attribute"
    ' after type="password" or class="password-field" is read as the value, before'
    " 2c64300 too",
}


def _cases(cases: list[object], known: dict[str, str]) -> list[object]:
    out: list[object] = []
    for case in cases:
        text = case[0] if isinstance(case, tuple) else case
        reason = known.get(str(text))
        if reason is None:
            out.append(case)
        else:
            args = case if isinstance(case, tuple) else (case,)
            out.append(pytest.param(*args, marks=pytest.mark.xfail(strict=True, reason=reason)))
    return out


@pytest.mark.parametrize(("text", "value"), _cases(list(SECRETS), _MISSED))
def test_a_secret_behind_a_disguised_compound_is_redacted(text: str, value: str) -> None:
    clean, _ = redact(text)
    assert value not in clean, clean


# Found after reading the rules, from the soft hyphen's miss (a soft hyphen is invisible, so
# ``Staging<SHY>Passwort`` reads as ``StagingPasswort``): a credential word closing a
# compound written as one word, as German, Dutch, Swedish, Norwegian and Danish write them.
# Measured: 9 of 9 kept, and 'Das Rootpasswort lautet Mauersegler5.' was shared at once by
# the gate with its password.
CLOSED = [
    ("Das Rootpasswort lautet Mauersegler5", "Mauersegler5"),
    ("Adminpasswort: Mauersegler5", "Mauersegler5"),
    ("WLANPasswort: sonnenblume77", "sonnenblume77"),
    ("Das Einmalkennwort ist Kranich77", "Kranich77"),
    ("rootPasswort: Mauersegler5", "Mauersegler5"),
    ("Het beheerwachtwoord is Tulpen2024", "Tulpen2024"),
    ("Wifilösenordet är Kanelbulle9", "Kanelbulle9"),
    ("Adminpassordet er Fjordhest77", "Fjordhest77"),
    ("Routeradgangskoden er Smorrebrod42", "Smorrebrod42"),
]
# Words that hold a credential word without closing on it, and closed compounds whose value
# is prose: not redacted.
CLOSED_LOOK_ALIKES = [
    "Der Passwortmanager ist Bitwarden.",
    "Das Adminpasswort ist abgelaufen.",
    "Das Rootpasswort ist im Tresor: Fach 3.",
    "Die Passwortrichtlinie: mindestens 12 Zeichen.",
    "Het beheerwachtwoord is gewijzigd door Dana.",
]


@pytest.mark.parametrize(("text", "value"), CLOSED)
def test_a_secret_behind_a_closed_compound_is_redacted(text: str, value: str) -> None:
    clean, _ = redact(text)
    assert value not in clean, clean


@pytest.mark.parametrize("text", CLOSED_LOOK_ALIKES)
def test_a_closed_compound_with_prose_after_it_is_not_redacted(text: str) -> None:
    clean, count = redact(text)
    assert count == 0 and clean == text, clean


@pytest.mark.parametrize("text", _cases(list(LOOK_ALIKES), _OVER))
def test_a_hyphenated_look_alike_is_not_redacted(text: str) -> None:
    clean, count = redact(text)
    assert count == 0 and clean == text, clean
