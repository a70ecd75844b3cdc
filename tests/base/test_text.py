"""``storable``: the one rule for text every store and encoder takes."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from daemon.base.text import storable


def test_nul_and_lone_surrogates_become_replacement_characters() -> None:
    assert storable("a\x00b") == "a\ufffdb"
    assert storable("x\ud800y\udfffz") == "x\ufffdy\ufffdz"
    assert storable("é\x00\ud83d") == "é\ufffd\ufffd"  # the non-ASCII path


def test_storable_text_is_returned_as_it_is() -> None:
    for text in ("", "plain ascii", "déjà vu 🙂", "\ufffd already"):
        assert storable(text) is text  # no copy for the common case


#: Every code point, lone surrogates and NUL included (hypothesis leaves surrogates out by
#: default).
ANY_TEXT = st.text(alphabet=st.characters(exclude_categories=())) | st.text("a\x00\ud800é")


@given(ANY_TEXT)
def test_the_result_always_encodes_and_keeps_its_length(text: str) -> None:
    result = storable(text)
    assert "\x00" not in result
    result.encode("utf-8")  # no lone surrogate is left: this would raise
    assert len(result) == len(text)
    assert storable(result) == result
