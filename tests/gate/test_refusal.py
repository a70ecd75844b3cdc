"""A refused write as a value: its reason, its words, and the error that carries it."""

from __future__ import annotations

import pytest

from daemon.base.errors import MemorydError, MemoryRefused
from daemon.gate.refusal import MEMORY, Reason, Refused, WriteRefused


def test_a_refusal_says_its_detail_or_else_its_reason() -> None:
    assert str(Refused(Reason.DUPLICATE)) == "duplicate"
    assert str(Refused(Reason.SIZE, "content over 4,000 characters")) == (
        "content over 4,000 characters"
    )


def test_the_excerpt_is_neither_compared_nor_shown() -> None:
    one = Refused(Reason.SECRET, "looks like a key", excerpt="sk-live-…")
    other = Refused(Reason.SECRET, "looks like a key", excerpt="ghp_…")
    assert one == other
    assert "sk-live" not in repr(one)


def test_write_refused_carries_the_refusal_and_says_it() -> None:
    refused = Refused(Reason.DIRECTIVE, "instruction-like content: sends data out")
    with pytest.raises(MemoryRefused) as caught:
        raise WriteRefused(refused)
    assert caught.value.refused is refused
    assert str(caught.value) == "instruction-like content: sends data out"
    assert isinstance(caught.value, MemorydError)


def test_a_refusal_about_a_memory_names_it_as_each_reader_does() -> None:
    refused = Refused(Reason.DUPLICATE, f"{MEMORY} holds the same content", memory_id=7340032)
    assert str(refused) == "memory 7340032 holds the same content"  # an operator's view
    assert refused.naming("memory m_x2") == "memory m_x2 holds the same content"
    assert "7340032" not in refused.naming("memory m_x2")
