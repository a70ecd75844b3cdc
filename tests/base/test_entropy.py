"""Bare high-entropy tokens: random-looking runs are found, identifiers and public values are
not. Every secret-like value here is made up."""

from __future__ import annotations

import random
import string

import pytest

from daemon.base.entropy import MIN_LENGTH, high_entropy, long_words

#: A token drawn the way providers draw keys (seeded: the same every run).
_RNG = random.Random(18)
TOKEN = "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(40))


def found(text: str) -> list[str]:
    return [text[start:end] for start, end in high_entropy(text)]


def test_a_bare_random_token_is_found_with_its_span() -> None:
    text = f"export KEY {TOKEN} # rotate monthly"
    assert found(text) == [TOKEN]
    start, end = high_entropy(text)[0]
    assert (start, end) == (text.index(TOKEN), text.index(TOKEN) + len(TOKEN))


def test_two_tokens_are_found_in_order() -> None:
    other = TOKEN[::-1]
    assert found(f"{TOKEN} then {other}") == [TOKEN, other]


@pytest.mark.parametrize(
    "text",
    [
        "0f3a9c2be41d7788a0c3e5f1b2d4c6e8a9b0c1d2",  # a commit id: hex
        "123e4567-e89b-12d3-a456-426614174000",  # a UUID
        "getUserByIdForTheBillingService2Factor",  # camelCase identifier
        "snake_case_identifier_with_many_words_2",
        "CONSTANT_VALUE_THAT_IS_LONG_ENOUGH_42",
        "short Ab1",  # below the minimum length
    ],
)
def test_identifiers_and_hex_are_not_secrets(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize(
    "context",
    [
        "sha512-{token}",  # Subresource Integrity, in a lockfile
        "call_{token}",  # a provider's id of a tool call
        "data:image/png;base64,{token}",  # an image inlined in markup
        "https://example.com/files/{token}/download",  # a URL's path
        "ssh-ed25519 {token} dana@laptop",  # a public key
    ],
)
def test_public_values_and_ids_are_exempt(context: str) -> None:
    assert found(context.format(token=TOKEN)) == []


def test_a_url_query_value_is_not_exempt() -> None:
    assert found(f"https://example.com/cb?token={TOKEN}") == [TOKEN]


def test_a_token_inside_a_certificate_block_is_public() -> None:
    block = f"-----BEGIN CERTIFICATE-----\n{TOKEN}\n-----END CERTIFICATE-----"
    assert found(block) == []
    assert found(f"{block}\nand after it {TOKEN[::-1]}") == [TOKEN[::-1]]


def test_long_words_are_the_long_whitespace_separated_words_with_offsets() -> None:
    text = "a " + "x" * MIN_LENGTH + " b\t" + "y" * (MIN_LENGTH + 3) + "\nshort"
    assert long_words(text, MIN_LENGTH) == [
        (2, "x" * MIN_LENGTH),
        (2 + MIN_LENGTH + 3, "y" * (MIN_LENGTH + 3)),
    ]


def test_given_words_are_what_is_scanned() -> None:
    text = f"{TOKEN} and more"
    assert high_entropy(text, words=[]) == []  # the caller said there is no long word
    assert high_entropy(text, words=long_words(text, MIN_LENGTH)) == high_entropy(text)


def test_lower_case_keys_are_found_bare() -> None:
    from daemon.base.redaction import redact

    key = "m3kz7q" + "wxv2pr5tnb4hjy6cgd2lsf7aqe5uw3kz9"
    clean, count = redact(f"use this one: {key} (expires in June)")
    assert count == 1 and key not in clean


@pytest.mark.parametrize(
    "text",
    [
        "commit 3f2a9c1e4b5d6f7a8b9c0d1e2f3a4b5c6d7e8f90 fixed it",
        "the package is thisisaverylongpackagename2024",
        "see https://example.org/a/zq3kx7wv2pr5tnb4hjy6cgd2lsf7a for details",
    ],
)
def test_lower_case_words_hex_and_url_paths_are_not_keys(text: str) -> None:
    from daemon.base.redaction import find_secrets

    assert find_secrets(text) == []


def test_a_ray_id_is_a_requests_id() -> None:
    """A Cloudflare Ray ID (sixteen hex digits and the data centre's code) is printed on every
    error page: an id, not a key (set AW)."""
    assert found("The block page shows Ray ID 8e4f1a2b3c5d6e7f-MAD for the request.") == []
    assert found("cf-ray: 9d0c1b2a3f4e5d6c-FRA") == []


def test_an_okta_objects_id_is_an_id() -> None:
    """Okta names its users, groups and apps by ids of its own prefixes (set AW)."""
    assert found('{"status":"ok","user_id":"00u8x2kq1fTZ3nWq4697"}') == []
    assert found("app 0oa1b2C3d4E5f6G7h8i9 assigned") == []


def test_a_messages_digest_after_its_label_is_no_key() -> None:
    """An AS2 receipt's MIC and HTTP's digest headers print a digest to be compared (set AW);
    the same run after another name is still read as a key."""
    assert found("status=processed received-mic=Qm9ndXNNaWNWYWx1ZUJhc2U2NEhlcmU=, sha-256") == []
    assert found("Digest: SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=") == []
    assert found("economic=Qm9ndXNNaWNWYWx1ZUJhc2U2NEhlcmU=") != []
