"""A word list as a trie pattern finds what the words sorted longest first find."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from daemon.base import credential_claims
from daemon.base.word_lists import alternation


def _sorted(words: list[str]) -> re.Pattern[str]:
    ordered = sorted(set(words), key=len, reverse=True)
    return re.compile("|".join(re.escape(w) for w in ordered), re.IGNORECASE)


def _spans(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    return [m.span() for m in pattern.finditer(text)]


WORDS = ["pass", "passwd", "password", "passphrase", "pin", "pin code", "code", "a.b", "ключ"]


def test_the_longest_word_at_a_position_is_found() -> None:
    trie = re.compile(alternation(WORDS), re.IGNORECASE)
    text = "PassPhrase: x, password=y, passwdz, pin code 12, PIN, a.b, aXb, ключ, pas"
    assert _spans(trie, text) == _spans(_sorted(WORDS), text)
    assert [m.group() for m in trie.finditer("pin code")] == ["pin code"]
    assert alternation([]) == "" and alternation(["", "ab"]) == "ab"


@given(st.lists(st.sampled_from([*WORDS, " ", "x", "P", "-", "d"]), max_size=30))
def test_any_text_of_the_words_matches_alike(parts: list[str]) -> None:
    text = "".join(parts)
    assert _spans(re.compile(alternation(WORDS), re.IGNORECASE), text) == _spans(
        _sorted(WORDS), text
    )


def test_the_credential_words_match_as_the_sorted_list_did() -> None:
    words = list(credential_claims._WORDS)
    text = " ".join(words) + " " + " ".join(w.upper() for w in words) + " passwordpin код:"
    assert _spans(credential_claims._WORD, text) == _spans(_sorted(words), text)
