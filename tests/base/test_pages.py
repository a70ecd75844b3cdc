"""Page cursors: a position comes back from its own cursor in its own list, and nothing else
does: any altered byte, another key, another list's bound, garbage or an oversized text is
refused; the row ids never show in the cursor."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from daemon.base.pages import (
    MAX_CHARS,
    BadCursor,
    PageCodec,
    instant,
    micros,
    text_of,
    text_parts,
)

KEY = bytes(range(32))
INTS = st.integers(min_value=-(2**63), max_value=2**63 - 1)


@given(st.lists(INTS, min_size=1, max_size=8), st.text(max_size=50))
def test_a_position_comes_back_from_its_cursor(position: list[int], bound: str) -> None:
    codec = PageCodec(KEY)
    cursor = codec.seal(tuple(position), bound)
    assert len(cursor) <= MAX_CHARS
    assert codec.open(cursor, bound) == tuple(position)


@given(st.lists(INTS, min_size=1, max_size=8), st.integers(min_value=2, max_value=200))
def test_an_altered_character_is_refused(position: list[int], where: int) -> None:
    codec = PageCodec(KEY)
    cursor = codec.seal(tuple(position), "b")
    # Not the last character: it may end in base64's padding bits, which decode to nothing.
    i = where % (len(cursor) - 1)
    swapped = cursor[:i] + ("A" if cursor[i] != "A" else "B") + cursor[i + 1 :]
    with pytest.raises(BadCursor):
        codec.open(swapped, "b")


@given(st.text(max_size=400))
def test_garbage_is_refused_never_crashes(text: str) -> None:
    with pytest.raises(BadCursor):
        PageCodec(KEY).open(text, "b")


def test_another_key_or_list_or_a_long_text_is_refused() -> None:
    cursor = PageCodec(KEY).seal((1, 12345), "memories")
    assert "12345" not in cursor
    for codec, bound in ((PageCodec(bytes(32)), "memories"), (PageCodec(KEY), "review")):
        with pytest.raises(BadCursor):
            codec.open(cursor, bound)
    with pytest.raises(BadCursor):
        PageCodec(KEY).open(cursor + "A" * MAX_CHARS, "memories")
    with pytest.raises(ValueError):
        PageCodec(b"short")


def test_a_position_of_another_size_is_refused() -> None:
    cursor = PageCodec(KEY).seal((1, 2), "b")
    assert PageCodec(KEY).open(cursor, "b", size=2) == (1, 2)
    with pytest.raises(BadCursor):
        PageCodec(KEY).open(cursor, "b", size=3)


@given(st.text(st.characters(blacklist_characters="\x00", codec="utf-8"), min_size=1, max_size=14))
def test_a_text_comes_back_from_its_parts(text: str) -> None:
    parts = text_parts(text)
    assert text_of(PageCodec(KEY).open(PageCodec(KEY).seal(parts, "b"), "b")) == text


def test_a_text_too_long_or_holding_nul_has_no_parts() -> None:
    for text in ("", "a\x00b", "x" * 57):
        with pytest.raises(ValueError):
            text_parts(text)
    with pytest.raises(BadCursor):
        text_of((-1,))  # bytes that are no UTF-8


def test_a_time_and_its_cursor_integer_make_a_round_trip() -> None:
    at = datetime(2026, 11, 27, 16, 5, 1, 123456, tzinfo=UTC)
    assert micros(at) == 1_795_795_501_123_456
    assert instant(micros(at)) == at
    assert micros(instant(0)) == 0
