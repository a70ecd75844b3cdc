"""The secret scanner on its corpus: every secret found, no ordinary text flagged.

The budget of false positives is 0 on this corpus (``./dev bench secrets`` prints the same
counts, with the throughput). Known and accepted, outside the corpus: a base64 blob that is
not a media data URI is redacted whatever it encodes, and a random-looking public id outside
a URL's path (an IPFS CID, a bare document id) reads as a secret.
"""

from __future__ import annotations

import random

import pytest

from daemon.base.entropy import high_entropy
from daemon.base.redaction import find_secrets, redact
from tests.base.secrets_corpus import ORDINARY, SECRETS
from tests.bench.secrets import bench_secrets

FALSE_POSITIVE_BUDGET = 0


def test_the_corpus_is_large_and_varied() -> None:
    assert len(SECRETS) >= 60 and len(ORDINARY) >= 60
    assert len({text for text, _ in SECRETS}) == len(SECRETS)


@pytest.mark.parametrize(("text", "secret"), SECRETS, ids=lambda v: str(v)[:40])
def test_every_secret_of_the_corpus_is_redacted(text: str, secret: str) -> None:
    clean, count = redact(text)
    assert count >= 1 and secret not in clean


def test_ordinary_texts_are_within_the_false_positive_budget() -> None:
    flagged = {text[:60]: find_secrets(text) for text in ORDINARY if find_secrets(text)}
    assert len(flagged) <= FALSE_POSITIVE_BUDGET, flagged


def test_the_benchmark_counts_what_the_tests_assert() -> None:
    result = bench_secrets(SECRETS, ORDINARY, rounds=1)
    assert (result["hits"], result["misses"]) == (len(SECRETS), 0)
    assert result["false_positives"] <= FALSE_POSITIVE_BUDGET
    assert result["us_per_message"] > 0 and result["ordinary_mb_per_s"] > 0


@pytest.mark.parametrize("length", [24, 40, 64])
def test_random_tokens_are_found_bare_nearly_always(length: int) -> None:
    """A token without keyword or prefix is found by its randomness alone (the rest are
    drawn without a digit or with long runs of one case, and so read as words)."""
    rng = random.Random(length)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    tokens = ["".join(rng.choice(alphabet) for _ in range(length)) for _ in range(500)]
    found = sum(bool(high_entropy(f"use {token} now")) for token in tokens)
    assert found >= 0.95 * len(tokens)
