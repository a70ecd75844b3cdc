"""JSON redacted as it decodes: escapes, keys, values encoded twice, and JSON kept valid."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
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


def _strings(value: object) -> list[object]:
    """A JSON value's scalars, keys included, in order; a container as its kind and size."""
    if isinstance(value, dict):
        return [("object", len(value))] + [s for k, v in value.items() for s in [k, *_strings(v)]]
    if isinstance(value, list):
        return [("array", len(value))] + [s for item in value for s in _strings(item)]
    return [value]


@given(st.recursive(st.text(max_size=30), lambda c: st.lists(c) | st.dictionaries(st.text(), c)))
def test_any_json_stays_json_with_a_secret_planted_in_it(value: object) -> None:
    """Redacting JSON keeps it JSON of the same shape, the planted secret cut; a string
    beside it is as it reads alone, or cut where alone it is cut too, or cut further. The
    raw scan of the whole text reads a credential word's clause on into the next string
    (``"Kennwort ist jetzt", "s": …`` cuts ``jetzt``) and may cut a value another extent
    than the read of each string alone (a word or the whole string): never nothing where
    alone something was cut."""
    text = json.dumps({"v": value, "s": PLANTED["german"][0]})
    clean, found = redact_json_text(text)
    assert found >= 1 and leaked(clean) == []
    beside = _strings(json.loads(clean)["v"])
    alone = _strings(json.loads(redact_json_text(json.dumps(value))[0]))
    assert len(beside) == len(alone)
    for there, here in zip(beside, alone, strict=True):
        cut_there, cut_here = str(there).count("[redacted:"), str(here).count("[redacted:")
        assert there == here or cut_there > cut_here or (cut_there and cut_here)


def test_a_credential_word_ending_a_string_may_cut_more_beside_a_secret() -> None:
    """The case the property above allows: alone, "Kennwort ist jetzt" holds no value;
    beside a string, the raw scan of the JSON text reads on and cuts "jetzt"."""
    beside, _ = redact_json_text(json.dumps({"v": "Kennwort ist jetzt", "s": PLANTED["german"][0]}))
    assert leaked(beside) == []
    assert json.loads(beside)["v"] in ("Kennwort ist jetzt", "Kennwort ist [redacted:password]")
    assert redact_json_text(json.dumps("Kennwort ist jetzt"))[0] == '"Kennwort ist jetzt"'


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


def test_json_without_escapes_is_scanned_once_and_stays_json() -> None:
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
