"""Data written in base64 (daemon.base.encoded_data): JSON or XML text, which a reader
decodes to see, is no key; redaction keeps it when the decoded text holds no secret, and
cuts it when it does, or when it decodes to anything else (set AT: a JWT's header alone, a
config map's sample payload, an attachment's XML)."""

from __future__ import annotations

import base64
import zlib

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


# A document's or an image's file in base64 (set AW: a shipping label's PDF, a thumbnail's
# PNG) is data: kept when the text in its bytes holds no secret, cut when it does.
_PDF = b"%PDF-1.4\n%\xe4\xf6\xfc\xdf\n2 0 obj\n<</Length 3 0 R/Filter/FlateDecode>>"
_PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06"


@pytest.mark.parametrize("data", [_PDF, _PNG], ids=["pdf", "png"])
def test_base64_of_a_document_or_an_image_is_kept(data: bytes) -> None:
    text = "The label starts with " + base64.b64encode(data).decode() + " and prints fine."
    assert redact(text) == (text, 0)


@pytest.mark.parametrize(
    "data",
    [
        b"%PDF-1.4\n(password: Kq8!vL2mZx9wq)\n",
        b"\x89PNG\r\n\x1a\n\x00tEXtComment\x00token=Zq81Lmx0pRk3Tw9Yb4Nc6Vd2",
        b"%PDX-1.4 not a document at all, Zq81Lmx0pRk3Tw9Yb4Nc",
    ],
    ids=["pdf-password", "png-token", "no-signature"],
)
def test_base64_of_a_file_holding_a_secret_or_of_no_file_is_cut(data: bytes) -> None:
    value = base64.b64encode(data).decode()
    assert value not in redact(f"value: {value}")[0]


def test_a_pdfs_compressed_stream_is_read_for_a_secret() -> None:
    """A PDF's text is in compressed streams: a password there is found once inflated."""
    body = zlib.compress(b"BT /F1 12 Tf (Initial password: Kq8!vL2mZx9wq) Tj ET")
    pdf = b"%PDF-1.4\n1 0 obj\n<</Length 60/Filter/FlateDecode>>\nstream\n" + body + b"\nendstream"
    value = base64.b64encode(pdf).decode()
    assert value not in redact(f"label: {value}")[0]
    plain = zlib.compress(b"BT /F1 12 Tf (Pallet 1/3 - PO 4500018823) Tj ET")
    pdf = b"%PDF-1.4\n1 0 obj\n<</Filter/FlateDecode>>\nstream\n" + plain + b"\nendstream"
    text = "label: " + base64.b64encode(pdf).decode()
    assert redact(text) == (text, 0)
