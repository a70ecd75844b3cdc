# ruff: noqa: RUF001, RUF002 (look-alike letters and other scripts on purpose)
"""What a text states, counted (daemon.gate.content_words): content units once markup,
redaction marks, function words, courtesies, conversation words and placeholders are set
aside. The junk rule built on it is tested through the gate in test_substance.py."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from daemon.gate.content_words import SENTENCE_END, Wording, has_word, wording, words_of


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("Use uv, not pip.", 4),  # use, uv, not, pip: a negation says something
        ("The user said thanks.", 0),
        ("CI uses Python 3.12.", 5),  # ci, uses, python, 3, 12
        ("[object Object]", 1),  # the same word twice counts once
        ("数据库", 1),  # three ideographs: one unit
        ("周五部署", 2),  # four: two units
        ("デプロイは金曜日です", 3),  # katakana and kanji counted, hiragana not
        ("ありがとうございます", 0),
        ("배포는 금요일에 합니다", 2),  # Korean is written with spaces: its words count
        ("Спасибо, работает!", 0),
        ("Деплой по пятницам.", 2),
    ],
)
def test_content_units(text: str, content: int) -> None:
    assert wording(text).content == content


def test_a_mark_in_parentheses_or_with_its_kind_is_a_redaction_mark() -> None:
    found = wording("Connect as [REDACTED_USER] with [REDACTED_PASSWORD]. Secret: (removed)")
    assert (found.marks, found.content) == (3, 2)  # connect, secret
    said = wording("Logs are (redacted) before shipping.")  # a mark said of something
    assert (said.marks, said.content) == (1, 3)


def test_what_is_set_aside_is_counted_by_kind() -> None:
    found = wording("<p>Thanks!</p> The user said **** — TODO, n/a")
    assert found == Wording(
        content=0, words=5, courtesy=1, conversation=2, placeholder=2, marks=1, markup=2
    )


@pytest.mark.parametrize(
    "disguised",
    [
        "Ｔｈａｎｋｓ, ｔｈａｔ ｗｏｒｋｓ",  # fullwidth
        "Th\u0430nks, th\u0430t w\u043erks",  # Cyrillic a and o inside Latin words
        "Tha\u200bnks, that\u2060 works",  # zero-width characters
        "THÄNKS, THÀT WÖRKS",  # accents and capitals
    ],
)
def test_look_alike_spellings_read_as_the_plain_words(disguised: str) -> None:
    assert wording(disguised).content == 0
    assert wording(disguised).courtesy == 2  # "thanks" and "that works"


def test_a_word_of_another_script_is_not_read_as_a_look_alike() -> None:
    """All-Cyrillic words stay Russian: "рос" (grew) is not folded into "poc"."""
    assert wording("рос сервис").content == 2


def test_lorem_ipsum_words_are_placeholders_only_beside_lorem_ipsum() -> None:
    assert wording("Lorem ipsum dolor sit amet, consectetur adipiscing elit").content == 0
    assert wording("The magna cluster runs tempor jobs").content == 5


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.text(max_size=300))
def test_any_text_is_counted_without_raising(text: str) -> None:
    found = wording(text)
    assert 0 <= found.content <= found.words


def test_a_megabyte_is_counted_in_time_linear_in_its_size() -> None:
    unit = "<a &#1; **** [redacted x 谢谢了的 n/a go  ahead Tha\u0430nks "
    small, large = unit * 2_000, unit * 16_000
    timings = []
    for text in (small, large):
        start = time.process_time()
        wording(text)
        timings.append(max(time.process_time() - start, 1e-4))
    assert timings[1] / timings[0] < 20  # 8 when linear, 64 when quadratic


def test_the_words_of_a_text_are_normalized_casefolded_and_unpunctuated() -> None:
    assert words_of("Don’t ＤＥＰＬＯＹ on Fridays, ok?") == [
        "don’t",
        "deploy",
        "on",
        "fridays",
        "ok",
    ]
    assert words_of("snake_case -- 42") == ["snake", "case", "42"]
    assert words_of("…!?") == []


def test_a_text_has_a_word_when_it_holds_a_letter_or_a_digit_of_any_script() -> None:
    assert has_word("— 7 —") and has_word("周") and has_word("é")
    assert not has_word(" …!? 🚀 ✓ → ")


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("One. Two", ["One.", "Two"]),
        ("<p>One.</p> Two", ["<p>One.", "Two"]),
        ("部署在周五。测试", ["部署在周五。", "测试"]),
        ("एक। दो", ["एक।", "दो"]),
        ("One\n\nTwo", ["One", "Two"]),
        ("v1.2 is out", ["v1.2 is out"]),
    ],
)
def test_a_sentence_ends_at_a_full_stop_and_a_space_its_scripts_stop_or_a_line_end(
    text: str, sentences: list[str]
) -> None:
    assert SENTENCE_END.split(text) == sentences
