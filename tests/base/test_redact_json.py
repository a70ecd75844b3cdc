"""JSON redacted as it decodes: escapes, keys, values encoded twice, and JSON kept valid."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from daemon.base.redact_json import redact_json, redact_json_text, redact_payload
from daemon.base.redaction import redact
from tests.base.planted import HEX_TOKEN, PLANTED, PREFIXED, SPANISH, leaked, tool_arguments
from tests.linear import MAX_RATIO, ratio


def test_escaped_letters_hide_no_credential_word() -> None:
    """``contrase\\u00f1a`` is read as the word it encodes, by the JSON scan and by the
    text scan alike (which reads escapes as the characters they stand for)."""
    text = json.dumps({"note": PLANTED["spanish"][0]})  # ensure_ascii: \\u00f1
    assert SPANISH not in redact(text)[0]
    clean, found = redact_json_text(text)
    assert leaked(clean) == [] and found == 1
    assert json.loads(clean)["note"].startswith("La contraseña del servidor de pruebas es ")


def test_arguments_encoded_twice_are_decoded_and_redacted() -> None:
    inner = tool_arguments()
    outer = json.dumps({"function": {"name": "bash", "arguments": inner}})
    clean, found = redact_json_text(outer)
    assert leaked(clean) == [] and found >= len(PLANTED)
    decoded = json.loads(json.loads(clean)["function"]["arguments"])
    assert decoded["command"].endswith("' ssh deploy@db1 uptime")


def test_a_value_is_read_after_its_key() -> None:
    clean, found = redact_json({"password": "Zq8" + "vLw2Tx", "token": HEX_TOKEN, "n": 3})
    assert found == 2
    assert clean == {"password": "[redacted:password]", "token": "[redacted:token]", "n": 3}


def test_a_secret_key_is_redacted_too() -> None:
    clean, found = redact_json({PREFIXED: "x"})
    assert found == 1 and leaked(json.dumps(clean)) == []


def test_what_holds_no_secret_comes_back_as_it_came() -> None:
    text = '{ "b": 1,\n  "a": ["x", "caf\\u00e9"] }'
    assert redact_json_text(text) == (text, 0)
    value = {"a": [1, {"b": "plain"}]}
    assert redact_json(value)[0] is value


def test_text_that_is_not_json_is_scanned_as_it_reads() -> None:
    for text in (PLANTED["prefixed"][0], "{" + PLANTED["header"][0], "[1, 2"):
        clean, _ = redact_json_text(text)
        assert clean == redact(text)[0]


def test_deep_nesting_exhausts_no_stack() -> None:
    deep: object = PLANTED["prefixed"][0]
    for _ in range(5000):
        deep = [deep]
    clean, found = redact_json(deep)
    while isinstance(clean, list):
        (clean,) = clean
    assert found == 1 and leaked(str(clean)) == []
    text = "[" * 100_000 + "]" * 100_000
    assert redact_json_text(text) == (text, 0)


#: Strings that end on a credential's clause or name the next string, among any strings.
_WORDS = ("Kennwort ist jetzt", "password is now", "pwd", "--password", "-p", "token", "hunter2x")
_VALUES = st.recursive(
    st.text(max_size=30) | st.sampled_from(_WORDS),
    lambda c: st.lists(c) | st.dictionaries(st.text() | st.sampled_from(_WORDS), c),
)


@settings(deadline=None)  # a value of many strings is read several ways each
@given(_VALUES, st.booleans(), st.booleans())
def test_a_value_beside_a_secret_is_redacted_as_it_is_alone(
    value: object, first: bool, ensure_ascii: bool
) -> None:
    """Each string is read with the keys that name it and its object, or in an array after
    the strings before it, and with nothing else: a value beside a planted secret (before or
    after it, the text with escapes or without) comes out exactly as it does alone, and the
    secret is cut. (Under a key a record holds its value under, ``value``, ``v``,
    ``answer``, a bare word beside a member naming a password is cut as that password:
    test_a_records_value_named_by_another_member_is_cut; here the key names no value.)"""
    pairs = [("w", value), ("s", PLANTED["german"][0])]
    text = json.dumps(dict(pairs[::-1] if first else pairs), ensure_ascii=ensure_ascii)
    clean, found = redact_json_text(text)
    assert found >= 1 and leaked(clean) == []
    alone = redact_json_text(json.dumps({"w": value}, ensure_ascii=False))[0]
    assert json.loads(clean)["w"] == json.loads(alone)["w"]


@pytest.mark.parametrize("value", ["Kennwort ist jetzt", "password is now", ["pwd", "now"]])
@pytest.mark.parametrize("ensure_ascii", [True, False])
def test_a_credential_word_ending_a_string_reads_the_same_beside_a_secret(
    value: object, ensure_ascii: bool
) -> None:
    """A string that ends on a credential's clause is read as it reads alone (as a message
    saying it reads), whatever is next to it in the text and whether the text has escapes."""
    alone, _ = redact_json_text(json.dumps({"v": value}, ensure_ascii=False))
    for pairs in (
        [("v", value), ("s", PLANTED["german"][0])],
        [("s", PLANTED["spanish"][0]), ("v", value)],
    ):
        beside, _ = redact_json_text(json.dumps(dict(pairs), ensure_ascii=ensure_ascii))
        assert leaked(beside) == []
        assert json.loads(beside)["v"] == json.loads(alone)["v"]


def test_an_array_element_is_read_after_the_strings_before_it() -> None:
    """An argv names its secret in the flag before it (``["--password", "…"]``,
    ``["sshpass", "-p", "…"]``), in tool-call arguments encoded once or twice; a key still
    names every element of its array; a word before a word is no flag."""
    secret = "Zq8" + "vLw2Tx"
    for argv in (["--password", secret], ["sshpass", "-p", secret, "ssh", "db1"]):
        inner = json.dumps({"command": argv})
        for text in (inner, json.dumps({"arguments": inner})):
            clean, found = redact_json_text(text)
            assert found == 1 and clean.count(secret) == 0, clean
            assert clean.count("ssh") == text.count("ssh")  # the rest of the argv kept
    clean, found = redact_json({"pwd": ["a", "hunter2x"]})
    assert clean == {"pwd": ["a", "[redacted:password]"]} and found == 1
    fields = {"fields": ["username", "password", "remember_me"]}  # no flag: a list of words
    assert redact_json(fields) == (fields, 0)


def test_a_value_is_read_after_the_keys_that_name_it_and_its_object() -> None:
    """A schema's ``const`` under a credential's property, and the value of a name/value
    pair (an environment variable, a header), are cut whether the text has escapes or not;
    what they name is not, and neither is an ordinary pair."""
    uuid = "6eb15660-b971-4e5d-8cc9-" + "23dec74278ac"
    schema = {"properties": {"integration_key": {"type": "string", "const": uuid}}}
    env = {
        "env": [
            {"name": "DB_PASSWORD", "value": "Zq8" + "vLw2Tx"},
            {"name": "theme", "value": "dark"},
        ]
    }
    for value, secret in ((schema, uuid), (env, "Zq8" + "vLw2Tx")):
        for note in ("plain", 'caf\u00e9 "quoted"'):
            text = json.dumps({"note": note, **value})
            clean, found = redact_json_text(text)
            assert found == 1 and secret not in clean, clean
            assert "integration_key" in clean or "DB_PASSWORD" in clean
    assert json.loads(redact_json_text(json.dumps(env))[0])["env"][1] == env["env"][1]


def test_a_broken_payload_is_read_through_its_escapes() -> None:
    """A dead letter's payload that does not parse (cut, or never JSON) still holds escaped
    strings: read as they decode when that shows more secrets; a surrogate stays escaped."""
    text = '{"cut": ' + json.dumps(PLANTED["spanish"][0]) + ', "e": "\\ud83d' + tool_arguments()
    clean, found = redact_payload(text)
    assert leaked(clean) == [] and found >= len(PLANTED)
    assert "\\ud83d" in clean
    plain = "no escapes, " + PLANTED["prefixed"][0]
    assert redact_payload(plain) == redact(plain)
    good = json.dumps({"a": PLANTED["spanish"][0]})
    assert redact_payload(good) == redact_json_text(good)


def test_a_quoted_key_in_any_language_names_its_value_in_plain_text_too() -> None:
    """``{"passwort": "…"}`` in code or JSON read as text: the word's closing quote does not
    hide the value from the credential words (the raw scan of JSON without escapes)."""
    german, spanish = PLANTED["german"][1], PLANTED["spanish"][1]
    for text in (
        f'config = {{"passwort": "{german}", "contraseña": \'{spanish}\'}}',
        f'{{"passwort": "{german}", "contraseña": "{spanish}", "n": 1}}',
    ):
        clean, found = redact(text)
        assert found == 2 and leaked(clean) == [], clean
    for text in ('{"password": "required"}', '{"api_key": "abc"}', '{"passwort": "${PW}"}'):
        assert redact(text) == (text, 0)


def test_json_without_escapes_is_redacted_and_stays_json() -> None:
    text = json.dumps({"command": PLANTED["sshpass"][0], "token": HEX_TOKEN}, ensure_ascii=False)
    clean, found = redact_json_text(text)
    assert found == 2 and leaked(clean) == []
    assert json.loads(clean)["command"].endswith("' ssh deploy@db1 uptime")


# Linear time, as in test_credentials: each worst input at 64 KB and at 512 KB.
def _worst(kind: str, size: int) -> str:
    if kind == "leaves":  # many short values, each a pair to scan
        return json.dumps({f"password{i}": "a1" for i in range(size // 20)})
    if kind == "nested":  # strings that are JSON, within strings that are JSON
        value: object = ["token " + HEX_TOKEN]
        while len(json.dumps(value)) < size // 8:
            value = [json.dumps(value), json.dumps(value)[:50]]
        return json.dumps([value] * 8)
    if kind == "escapes":  # a broken payload of escapes only
        return '{"a": "' + '\\u00f1\\"' * (size // 8)
    return " ".join([f"{PREFIXED} {HEX_TOKEN}"] * (size // 80))  # secrets beside secrets


@pytest.mark.parametrize("kind", ["leaves", "nested", "escapes", "neighbours"])
def test_redacting_json_grows_linearly(kind: str) -> None:
    small, large = _worst(kind, 64 * 1024), _worst(kind, 512 * 1024)
    grown = ratio(redact_payload, small, large)
    assert grown < MAX_RATIO, f"{kind}: {grown:.1f}x the work for 8x the input"


def test_a_key_written_as_its_bytes_becomes_the_mark_and_short_number_lists_stay() -> None:
    keypair = json.dumps({"secretKey": [n * 37 % 256 for n in range(64)], "ports": [80, 443]})
    clean, found = redact_json_text(keypair)
    assert found == 1
    assert json.loads(clean) == {"secretKey": "[redacted:opaque_token]", "ports": [80, 443]}
    widths = json.dumps({"widths": [320, 640, 1024] * 12})
    assert redact_json_text(widths) == (widths, 0)


@pytest.mark.parametrize(
    ("record", "value"),
    [
        ({"label": "Grafana admin password", "value": "GraniteOwl3"}, "GraniteOwl3"),
        ({"field": "password", "content": "violetSkiff88"}, "violetSkiff88"),
        ({"question": "what is the wifi password?", "answer": "kanelbulle-mörk-3"}, "mörk"),
    ],
)
def test_a_records_value_named_by_another_member_is_cut(record: dict[str, str], value: str) -> None:
    clean, found = redact_json_text(json.dumps(record, ensure_ascii=False))
    assert value not in clean and found >= 1, clean


@pytest.mark.parametrize(
    "record",
    [
        {"label": "Grafana admin password", "host": "grafana-01.example", "port": "3000"},
        {"name": "password_min_length", "value": "14"},
        {"label": "Password policy", "value": "14 characters, rotated yearly"},
        {"title": "Password reset flow", "ticket": "OPS-4412", "owner": "dana"},
    ],
)
def test_a_records_other_members_that_are_no_value_are_kept(record: dict[str, str]) -> None:
    text = json.dumps(record)
    assert redact_json_text(text) == (text, 0), text


# A code-running tool's program under a key named ``code`` is source code, not a code's
# value: it is read alone, as any text is (set AT: a Python check of an example IBAN).
def test_a_program_under_a_key_named_code_is_read_as_text() -> None:
    program = "iban = 'TR330006100519786457841326'\nr = iban[4:] + iban[:4]\nprint(int(r, 36) % 97)"
    arguments = json.dumps({"code": program})
    assert redact_json_text(arguments) == (arguments, 0)


def test_a_secret_in_a_program_or_a_code_under_its_key_is_still_cut() -> None:
    program = "import os\nos.environ['DB_PASSWORD'] = 'Kq8!vL2mZx9Qw'\nprint(connect())"
    assert "Kq8!vL2mZx9Qw" not in redact_json_text(json.dumps({"code": program}))[0]
    assert "480213" not in redact_json_text(json.dumps({"code": "480213"}))[0]


def test_a_public_json_web_keys_point_is_kept_and_a_private_one_is_cut() -> None:
    """A JWKS publishes public keys (set AW): an EC key's ``x`` and ``y`` with no private
    member are kept; the same key with its private scalar ``d`` is cut."""
    x, y = (
        "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
        "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0",
    )
    public = {"keys": [{"kty": "EC", "crv": "P-256", "kid": "acct-2026-09", "x": x, "y": y}]}
    text = json.dumps(public)
    assert redact_json_text(text) == (text, 0)
    private = {
        "kty": "EC",
        "crv": "P-256",
        "x": x,
        "y": y,
        "d": "jpsQnnGQmL-YBIffH1136cspYG6-0iY7X1fCE9-E9LI",
    }
    clean, found = redact_json_text(json.dumps(private))
    assert found >= 1 and "jpsQnnGQmL-YBIffH1136cspYG6" not in clean
