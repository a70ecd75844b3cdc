# ruff: noqa: RUF001 (a phrase glued to a full-width colon)
"""Wallet recovery phrases: twelve words of BIP-39's list in a row, found whatever announces
them and however they are separated; prose, repeated words and short runs left; linear."""

from __future__ import annotations

import pytest

from daemon.base.redaction import redact
from daemon.base.seed_phrases import seed_phrases
from tests.linear import MAX_RATIO, ratio

PHRASE = "canyon orbit velvet hazard tribe lunar picnic gossip margin fossil eager width"

FOUND = [
    f"seed: {PHRASE}",
    f"Die Wiederherstellungsphrase lautet: {PHRASE}",
    f"冷钱包助记词：{PHRASE}",
    PHRASE.replace(" ", ", "),
    "\n".join(f"{n}. {w}" for n, w in enumerate(PHRASE.split(), 1)),
    f"'{PHRASE.upper()}'",
]
LEFT = [
    "we should move the nightly cron job to the new worker pool after the freeze",
    "word " * 60,
    " ".join(PHRASE.split()[:11]),
    "Tags: python, backend, api, docker, redis, celery, postgres, nginx, sentry, grafana.",
    "The ledger lists every order, refund, payment and transfer since the launch in 2019.",
]


@pytest.mark.parametrize("text", FOUND, ids=lambda v: repr(v)[:40])
def test_a_phrase_is_found_and_cut(text: str) -> None:
    assert seed_phrases(text)
    assert "gossip" not in redact(text)[0].lower()


@pytest.mark.parametrize("text", LEFT, ids=lambda v: repr(v)[:40])
def test_prose_and_short_or_repeated_runs_are_left(text: str) -> None:
    assert seed_phrases(text) == []


SMALL, LARGE = 64 * 1024, 512 * 1024


@pytest.mark.parametrize("unit", [PHRASE + " the ", "abandon ", "abc " * 11 + "x1 ", "1. a\n"])
def test_scanning_grows_linearly(unit: str) -> None:
    small, large = unit * (SMALL // len(unit)), unit * (LARGE // len(unit))
    grown = ratio(seed_phrases, small, large)
    assert grown < MAX_RATIO, f"{unit!r}: {grown:.1f}x the work for 8x the input"
