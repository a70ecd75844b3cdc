# ruff: noqa: RUF001
"""Lists of recovery and backup codes (daemon.base.code_lists): each code after the words
that announce them, through redaction too; prose after those words left; linear."""

from __future__ import annotations

import pytest

from daemon.base.code_lists import listed_codes
from daemon.base.redaction import redact
from tests.linear import MAX_RATIO, ratio

LISTS = [
    (
        "GitHub recovery codes, org owner:\n4f7a2-9c1e8\nb3d60-7e2f9\n0a9c4-51d7b\nKeep them.",
        ["4f7a2-9c1e8", "b3d60-7e2f9", "0a9c4-51d7b"],
    ),
    ("Backup codes: 8271 6405, 1938 2264.", ["8271", "6405", "1938", "2264"]),
    ("Wiederherstellungscodes:\n- 1234-5678\n- 2345-6789\n", ["1234-5678", "2345-6789"]),
    ("One-time codes\n1. a8k2m9q4\n2. z7x3c5v1", ["a8k2m9q4", "z7x3c5v1"]),
    ("Códigos de recuperación: 91827364 55443322", ["91827364", "55443322"]),
    ("リカバリーコード：\nab12-cd34\nef56-gh78", ["ab12-cd34", "ef56-gh78"]),
]
PROSE = [
    "Recovery codes are stored in 1Password.\nThe deploy runs at 9.",
    "8 recovery codes: use each once.",
    "Backup codes: see the runbook.",
    "Recovery codes: 10 per account.",
    "The backup codes page moved to /settings/security.",
]


@pytest.mark.parametrize(("text", "codes"), LISTS, ids=lambda v: str(v)[:40])
def test_each_listed_code_is_found_and_redacted(text: str, codes: list[str]) -> None:
    assert [text[a:b] for a, b in listed_codes(text)] == codes
    clean, _ = redact(text)
    assert not any(code in clean for code in codes), clean


@pytest.mark.parametrize("text", PROSE, ids=lambda v: v[:40])
def test_prose_after_the_words_is_left(text: str) -> None:
    assert listed_codes(text) == []


SMALL, LARGE = 64 * 1024, 512 * 1024


@pytest.mark.parametrize(
    "unit", ["recovery codes: ", "backup codes:\n", "recovery codes:\na1b2 ", "\n" * 8]
)
def test_scanning_grows_linearly(unit: str) -> None:
    small, large = unit * (SMALL // len(unit)), unit * (LARGE // len(unit))
    grown = ratio(listed_codes, small, large)
    assert grown < MAX_RATIO, f"{unit!r}: {grown:.1f}x the work for 8x the input"


def test_a_list_of_random_codes_some_without_a_digit_is_cut_whole() -> None:
    text = "backup codes for the owner account:\nyudq-lpxu  cbow-t781  yp6x-tmx8  iek6-g1c0"
    out = redact(text)[0]
    assert all(code not in out for code in ("yudq-lpxu", "cbow-t781", "iek6-g1c0")), out


def test_words_after_a_code_word_are_no_list() -> None:
    text = "Backup codes:\nkeep them offline, never email them"
    assert listed_codes(text) == []
