"""Data written in base64 (daemon.base.encoded_data): JSON or XML text, which a reader
decodes to see, is no key; redaction keeps it when the decoded text holds no secret, and
cuts it when it does, or when it decodes to anything else (set AT: a JWT's header alone, a
config map's sample payload, an attachment's XML)."""

from __future__ import annotations

import base64

import pytest

from daemon.base.encoded_data import decoded_data
from daemon.base.redaction import redact


def _b64(text: str, *, url: bool = False) -> str:
    encode = base64.urlsafe_b64encode if url else base64.b64encode
    return encode(text.encode()).decode()


@pytest.mark.parametrize(
    "text",
    [
        "the header alone: " + _b64('{"alg":"RS256","kid":"ledger-2026-11","typ":"JWT"}', url=True),
        "sample payload: " + _b64('{"tenant":"acme-gmbh","period":"2026-10"}'),
        "Inhalt beginnt mit " + _b64('<?xml version="1.0" encoding="UTF-8"?>'),
        _b64("<invoice>\n  <position>1</position>\n  <amount>12.30</amount>\n</invoice>"),
    ],
)
def test_base64_of_json_or_xml_without_a_secret_is_kept(text: str) -> None:
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    "value",
    [
        _b64('{"user":"svc","password":"Kq8!vL2mZx9"}'),
        _b64('{"auths":{"registry.example.com":{"auth":"c3ZjOktxOCF2TDJtWng5UXc="}}}'),
        _b64("Kq8!vL2mZx9-hunter"),
        base64.b64encode(bytes(range(7, 39))).decode(),
        _b64(
            '<samlp:Response ID="_33b5"><saml:Assertion><ds:Signature><ds:SignatureValue>'
            "NADD+jOjiV57uqSaUUPygvpMu1zllg81</ds:SignatureValue></ds:Signature>"
            "</saml:Assertion></samlp:Response>"
        ),
    ],
)
def test_base64_holding_a_secret_or_no_text_is_cut(value: str) -> None:
    assert value not in redact(f"value: {value}")[0]


# Data that names a credential in any word (a field "pwd", "code", "mot_de_passe", an HTTP
# Basic header) is cut whatever its value looks like: a value the rules miss inside decoded
# data must not turn the whole run into kept data.
@pytest.mark.parametrize(
    "value",
    [
        _b64('{"user": "svc", "pwd": "hunter22x"}'),
        _b64('{"code": "8841"}'),
        _b64('{"mot_de_passe": "soleil2024"}'),
        _b64('{"headers": {"Authorization": "Basic c3ZjOmh1bnRlcjI="}}'),
        _b64('{"auth": "Basic c3ZjOmh1bnRlcjI="}'),
    ],
)
def test_base64_of_data_naming_a_credential_is_cut(value: str) -> None:
    assert value not in redact(f"The sample payload is {value} in the fixture.")[0]


def test_only_json_or_xml_text_is_decoded() -> None:
    assert decoded_data(_b64('{"tenant": "acme"}')) == '{"tenant": "acme"}'
    assert decoded_data(_b64("plain words, no data")) is None
    assert decoded_data("not base64 at all!") is None
    assert decoded_data(base64.b64encode(b"{\xff\xfe}").decode()) is None
