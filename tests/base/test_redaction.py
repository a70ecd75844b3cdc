"""Secret detection and redaction (daemon.base.redaction)."""

from __future__ import annotations

from itertools import pairwise

import pytest

from daemon.base.redaction import SecretHit, find_secrets, redact
from daemon.fixtures import load, load_all

# Built by concatenation so that no scanner mistakes this file for a leak.
STRIPE = "sk_" + "live_" + "51Hq8ZPq2eZvKYlo2C9xR7dT4mWq0LbN3sUa"
STRIPE_RESTRICTED = "rk_" + "test_" + "4eC39HqLyjWDarjtT1zdp7dc"
OPENAI = "sk-" + "proj-" + "abcdEFGH1234ijklMNOP5678qrstUVWX"
AWS = "AKIA" + "IOSFODNN7EXAMPLE"
GITHUB = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789"
GITHUB_OAUTH = "gho_" + "16C7e42F292c6912E7710c838347Ae178B4a"
GITHUB_PAT = "github_pat_" + "11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz"
SLACK = "xoxb-" + "123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"
GOOGLE = "AIza" + "SyA1234567890abcdefghijklmnopqrstuv"
JWT = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
    ".eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ"
    ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
)
PEM = (
    "-----BEGIN RSA PRIVATE" + " KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo\n"
    "4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0\n-----END RSA PRIVATE KEY-----"
)


@pytest.mark.parametrize(
    ("kind", "secret"),
    [
        ("stripe_key", STRIPE),
        ("stripe_key", STRIPE_RESTRICTED),
        ("openai_key", OPENAI),
        ("aws_access_key_id", AWS),
        ("github_token", GITHUB),
        ("github_token", GITHUB_OAUTH),
        ("github_token", GITHUB_PAT),
        ("slack_token", SLACK),
        ("google_api_key", GOOGLE),
        ("jwt", JWT),
        ("private_key", PEM),
    ],
)
def test_each_credential_format_is_found_with_its_exact_span(kind: str, secret: str) -> None:
    text = f"use this one: {secret} and then carry on"
    assert find_secrets(text) == [SecretHit(kind, 14, 14 + len(secret))]
    redacted, count = redact(text)
    assert (redacted, count) == (f"use this one: [redacted:{kind}] and then carry on", 1)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the admin password is hunter2", "the admin password is [redacted:password]"),
        (
            "The password for the staging db is hunter2.",
            "The password for the staging db is [redacted:password].",
        ),
        ("The password is: correcthorse", "The password is: [redacted:password]"),
        ("DB_PASSWORD=supersecret", "DB_PASSWORD=[redacted:password]"),
        ('{"password": "hunter2"}', '{"password": "[redacted:password]"}'),
        ("passwd: s3cr3t!", "passwd: [redacted:password]"),
        ("api key: AbC123xyz987", "api key: [redacted:api_key]"),
        ("client_secret = 'Zm9vYmFyYmF6cXV4'", "client_secret = '[redacted:secret]'"),
        ("the token is abc123def456", "the token is [redacted:token]"),
    ],
)
def test_password_phrasings_redact_only_the_value(text: str, expected: str) -> None:
    assert redact(text) == (expected, 1)


def test_json_escaped_assignment_inside_tool_arguments_is_redacted() -> None:
    arguments = '{"env": "{\\"password\\": \\"hunter2\\"}"}'
    assert redact(arguments) == ('{"env": "{\\"password\\": \\"[redacted:password]\\"}"}', 1)


def test_url_with_embedded_password_keeps_user_and_host() -> None:
    text = "connect to postgres://dana:s3cr3t!@db.example.com:5432/app now"
    expected = "connect to postgres://dana:[redacted:url_password]@db.example.com:5432/app now"
    assert redact(text) == (expected, 1)


def test_token_assigned_to_a_known_format_keeps_the_specific_kind() -> None:
    assert redact(f"GITHUB_TOKEN={GITHUB}") == ("GITHUB_TOKEN=[redacted:github_token]", 1)


@pytest.mark.parametrize(
    "text",
    [
        "We use ROUND_HALF_EVEN for invoices and ROUND_HALF_UP nowhere else.",
        "commit 3f786850e387550fdab836ed7e6dc881de23001b fixed it",
        "request id 123e4567-e89b-12d3-a456-426614174000 failed",
        "see /home/dana/src/billing/secret_store/token_cache.py line 12",
        "the token estimate is 4000 and max_tokens=4000",
        "tokens: 4000, the secret is out, the secret sauce is caching",
        "def login(password: str, token: Optional[str] = None) -> Session:",
        "pwd = os.getcwd(); password = request.form['password']",
        "pwd: /home/dana/src/billing",
        "the password is required; the password is stored in 1Password; password is incorrect",
        "https://github.com/acme/billing and git@github.com:acme/billing.git",
        "http://localhost:8080/path@v2 and ssh://git@github.com/acme/x",
        "postgres://user:password@localhost/db and redis://:${REDIS_PASSWORD}@cache:6379",
        "the task-1234567890abcdefghijklmnop is done; install scikit-learn (sk-learn)",
        "settings.api_key = config.api_key",
        "api_key: str | None = None",
        "",
    ],
)
def test_ordinary_text_code_paths_shas_and_uuids_are_not_secrets(text: str) -> None:
    assert find_secrets(text) == []
    assert redact(text) == (text, 0)


def test_fixture_messages_hold_exactly_the_two_planted_secrets() -> None:
    """Only billing-fix turn 3 (a Stripe key) and turn 4's tool output (a password) hold one."""
    found: dict[tuple[str, int, int], list[str]] = {}
    for fixture in load_all():
        for turn_no, turn in enumerate(fixture["turns"], start=1):
            for index, message in enumerate(turn["messages"]):
                hits = find_secrets(message.get("content") or "")
                if hits:
                    key = (fixture["session_id"], turn_no, index)
                    found[key] = [message["content"][h.start : h.end] for h in hits]
    billing = load("billing-fix")["session_id"]
    assert found == {(billing, 3, 0): [STRIPE], (billing, 4, 2): ["hunter2"]}


def test_redact_counts_every_hit_and_keeps_text_between_them() -> None:
    text = f"a {AWS} b {GITHUB} c password=hunter2 d"
    redacted, count = redact(text)
    assert count == 3
    assert redacted == (
        "a [redacted:aws_access_key_id] b [redacted:github_token] c password=[redacted:password] d"
    )


def test_hits_are_ordered_and_disjoint() -> None:
    text = f"{JWT} {STRIPE} the password is hunter2 {GOOGLE} {OPENAI}"
    hits = find_secrets(text)
    kinds = [h.kind for h in hits]
    assert kinds == ["jwt", "stripe_key", "password", "google_api_key", "openai_key"]
    assert all(a.end <= b.start for a, b in pairwise(hits))


def test_secret_inside_a_rejected_code_like_value_is_still_found() -> None:
    """``token=wrap(...)`` is code, not a value, but the key inside it is a secret."""
    text = f"client = Github(token=wrap({GITHUB}))"
    assert redact(text) == ("client = Github(token=wrap([redacted:github_token]))", 1)


def test_redacting_twice_finds_nothing_new() -> None:
    once, _ = redact(f"postgres://u:p4ss@h/db {STRIPE} the admin password is hunter2")
    assert redact(once) == (once, 0)


def test_pem_block_without_end_marker_is_still_redacted() -> None:
    truncated = PEM.split("-----END")[0]
    redacted, count = redact(f"key:\n{truncated}")
    assert count == 1
    assert "MIIEow" not in redacted


def test_an_authorization_header_of_any_scheme_is_redacted() -> None:
    text = "use Authorization: Acmelog 3c9e1f24-8b6a-4d2e-9f10-7a5b3c2d1e0f for the depot"
    assert "3c9e1f24" not in redact(text)[0]
    assert redact("Authorization: required for the admin pages") == (
        "Authorization: required for the admin pages",
        0,
    )


@pytest.mark.parametrize(
    "text",
    [
        "The Stripe API key is owned by Priya.",
        "The API key is issued by the platform team.",
        "The signing key is generated by KMS.",
        "The staging password is reseeded by Dana.",
    ],
)
def test_a_passive_with_its_agent_after_a_credential_word_is_no_value(text: str) -> None:
    """ "is owned by Priya": a past participle followed by ``by`` and its agent is a verb."""
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The password is sunshine by default.", "sunshine"),
        ("The password is seed by default.", "seed"),
        ("The password is reseeded by default.", "reseeded"),
    ],
)
def test_a_value_before_by_default_is_still_a_value(text: str, value: str) -> None:
    """Only a participle of five letters or more, before an agent (not ``by default``), is
    read as a verb."""
    assert [text[h.start : h.end] for h in find_secrets(text)] == [value]


def test_a_value_announced_whole_is_cut_whole_not_as_the_word_a_shape_found() -> None:
    clean, _ = redact("the vault passphrase is purple monkey dishwasher")
    assert clean == "the vault passphrase is [redacted:credential]"
