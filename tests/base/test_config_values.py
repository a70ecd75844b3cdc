"""Values assigned to a credential's name in config formats and code
(daemon.base.config_values): each found, through redaction too; references, settings and
names left; the scanning linear in the text."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from daemon.base.config_values import config_values
from daemon.base.redaction import redact
from tests.linear import MAX_RATIO, ratio

FOUND = [
    ("adminPass: hollowreed", "hollowreed"),
    ("smtpPwd = 'Hollow Reed'", "Hollow Reed"),
    ("bindPassword: hollowreed", "hollowreed"),
    ("secretAccessKey: hollowreedlantern", "hollowreedlantern"),
    ("signingKey: hollowreedlantern", "hollowreedlantern"),
    ("encryption_key: hollowreedlantern", "hollowreedlantern"),
    ("master_key = hollowreedlantern", "hollowreedlantern"),
    ('{"pass": "hollowreed"}', "hollowreed"),
    ('{"token": "hollowreedlantern"}', "hollowreedlantern"),
    ('$db_pass := "hollowreed"', "hollowreed"),
    ('"password" => "hollowreed"', "hollowreed"),
    ("spring.mail.password: hollowreed", "hollowreed"),
    ("Provider=SQLOLEDB; User Id = erp_ro ; Pwd = hollowreed ;", "hollowreed"),
    ("password: hollowreed # the staging one", "hollowreed"),
    ("https://x.example/a?passwd=hollowreed&next=home", "hollowreed"),
    ("wss://x.example/feed?jwt=hollowreed77#top", "hollowreed77"),
    ('{"key": "DB_PASSWORD", "value": "hollowreed", "protected": true}', "hollowreed"),
    ('{"name": "DB_PASSWORD", "value": "hollowreed"}', "hollowreed"),
    ("- name: DB_PASSWORD\n  value: hollowreed", "hollowreed"),
    ('<add key="SmtpPassword" value="hollowreed" />', "hollowreed"),
    ("<password>hollowreed</password>", "hollowreed"),
    ("<Secret>hollowreedlantern</Secret>", "hollowreedlantern"),
    ("ENV DB_PASSWORD hollowreed", "hollowreed"),
    ("set -gx LEDGER_TOKEN hollowreedlantern", "hollowreedlantern"),
    ("ALTER USER app WITH PASSWORD 'hollowreed';", "hollowreed"),
    ("CREATE USER app IDENTIFIED BY hollowreed77;", "hollowreed77"),
    ("GRANT ALL ON *.* TO 'app'@'%' IDENTIFIED BY 'hollowreed77';", "hollowreed77"),
    ("PASSWORD\nhollowreed77", "hollowreed77"),
    ("db:\n  password:\n    hollowreed", "hollowreed"),
]
LEFT = [
    "config/auth.yaml sets password_min_length: 12.",
    "auth.password_reset_ttl = 3600 in settings.ini.",
    "| password_encryption | scram-sha-256 |",
    "database:\n  password: ${DB_PASSWORD}",
    "token: ${{ secrets.GITHUB_TOKEN }}",
    "password: {{ .Values.db.password }}",
    "password = getpass.getpass()",
    "api_key = os.environ['API_KEY']",
    "self.password = password",
    "self.key_password = key_password",
    "password: str",
    '"password": "required"',
    "password?: string;",
    "client_secret: SessionClientSecret",
    "secret: my-secret-name",
    "secretKeyRef:\n  name: ledger-db\n  key: password",
    "cache_key: user_profile",
    "primaryKey: id",
    "page_token: next",
    "api_key_header: X-Api-Key",
    "secret_name: ledger-db",
    "password: *****",
    "password: !vault |",
    "password_file: /run/secrets/db.txt",
    "tls_key: certs/server.key",
    "Token: see the runbook for how to get one.",
    "The secret: we never told anyone.",
    "max_tokens = 4096",
    "monkey: banana",
    "hotkey: ctrl+k",
    "PASSWORD_MIN = 12",
    "Password\nShow",
    "Username\nPassword\nForgot password?",
    "db:\n  password:\n    file: /run/secrets/db",
    "the password\nhollowreed77",
]


@pytest.mark.parametrize(("text", "value"), FOUND, ids=lambda v: str(v)[:40])
def test_a_value_assigned_to_a_credentials_name_is_found_and_redacted(
    text: str, value: str
) -> None:
    assert [text[a:b] for _, a, b in config_values(text)] == [value]
    assert value not in redact(text)[0]


@pytest.mark.parametrize("text", LEFT, ids=lambda v: v[:40])
def test_references_settings_and_names_are_left(text: str) -> None:
    assert config_values(text) == [], [text[a:b] for _, a, b in config_values(text)]


def test_the_kind_follows_the_keys_last_part() -> None:
    text = "db_pass: Hollow1\nsigning_key: Lantern22\nauth_token: Reed3333\nsecret: Moss44444"
    assert [kind for kind, _, _ in config_values(text)] == [
        "password",
        "api_key",
        "token",
        "secret",
    ]


# Each worst input's unit at 64 KB and 512 KB: the CPU time must grow about 8 times, not 64.
SMALL, LARGE = 64 * 1024, 512 * 1024
WORST = (
    "keykeykeykey",
    "a_password=",
    "password: a ",
    "name: DB_PASSWORD ",
    "<password>",
    "identified by ",
    "ENV A_TOKEN ",
    "-" * 64,
    "| pass ",
    "| pass |\n|---|\n| a1b2c3 |\n",
    "a=jwt&",
    "password:\n",
    "PASSWORD\na1!\n",
)


@pytest.mark.parametrize("unit", WORST, ids=lambda v: v[:20])
def test_scanning_grows_linearly(unit: str) -> None:
    small, large = unit * (SMALL // len(unit)), unit * (LARGE // len(unit))
    grown = ratio(config_values, small, large)
    assert grown < MAX_RATIO, f"{unit!r}: {grown:.1f}x the work for 8x the input"


_PIECES = st.sampled_from(
    (
        "password", "Pass", "_key", "Token", "secret", "name: ", "value: ", "<", ">", "</",
        "identified by ", "ENV ", ":", "=", ":=", "=>", "'", '"', " ", "\n", ";", "&", "?",
        "${", "\x00", "\ud800", "İ", "Kx8!mQ2r", "abc",
    )
)  # fmt: skip


@given(st.lists(_PIECES | st.text(max_size=8), max_size=40).map("".join))
def test_spans_of_hostile_text_lie_in_it_ordered_and_apart(text: str) -> None:
    spans = config_values(text)
    assert all(0 <= a < b <= len(text) for _, a, b in spans)
    assert all(x[2] <= y[1] for x, y in pairwise(spans))


def test_a_shells_default_for_a_credential_is_its_value_unless_it_is_another_variable() -> None:
    """``${DB_PASSWORD:-hollowreed}`` gives the password when the variable is unset: the
    default is a credential written out (set AH's ``${ADYEN_API_KEY:=…}``); another
    variable or nothing is no value."""
    text = "psql -W ${DB_PASSWORD:-hollowreed}"
    assert [text[a:b] for _, a, b in config_values(text)] == ["hollowreed"]
    assert config_values("psql -W ${DB_PASSWORD:-$FALLBACK_PASSWORD}") == []
    assert config_values("psql -W ${DB_PASSWORD:-}") == []
    text = '{password: "hollowreed"}'
    assert [text[a:b] for _, a, b in config_values(text)] == ["hollowreed"]


@pytest.mark.parametrize(
    ("text", "values"),
    [
        (
            "| user | pass |\n|---|---|\n| app | hollowreed |\n| ro | lantern77 |",
            ["hollowreed", "lantern77"],
        ),
        (
            "| Password | Token |\n| --- | :---: |\n| a1b2c3d4 | hollowreedlantern |",
            ["a1b2c3d4", "hollowreedlantern"],
        ),
        ("| service | password |\n|---|---|\n| kibana | see the vault |", []),
        ("| setting | value |\n|---|---|\n| password_encryption | scram-sha-256 |", []),
        ("| password |\nhollowreed", []),
    ],
)
def test_a_table_column_named_as_a_credential_holds_values(text: str, values: list[str]) -> None:
    assert [text[a:b] for _, a, b in config_values(text)] == values


# A name in angle brackets with no closing tag after it is a placeholder, not an XML element
# (set AW: an .env.example, ``Bearer <access_token>`` ending a line): the next line's text is
# no value. A template's ``changeme`` is its slot. A real element's text is still a value.
@pytest.mark.parametrize(
    "text",
    [
        "DHL_API_KEY=<DHL_API_KEY>\nDHL_API_SECRET=<DHL_API_SECRET>\nUPS_CLIENT_ID=abc\n",
        "send `Authorization: Bearer <access_token>`.\nIn the runbook write placeholders `<x>`",
        "UPS_CLIENT_SECRET=changeme\nDB_PASSWORD=CHANGE_ME\nKEYSTORE_PASS=changeit\n",
    ],
)
def test_a_placeholder_in_angle_brackets_or_a_change_me_word_holds_no_value(text: str) -> None:
    assert config_values(text) == []


def test_an_elements_text_before_its_closing_tag_is_still_a_value() -> None:
    text = "<password>Kq8vLm2x</password> and <secret>hollowreed</secret>"
    assert [text[a:b] for _, a, b in config_values(text)] == ["Kq8vLm2x", "hollowreed"]
