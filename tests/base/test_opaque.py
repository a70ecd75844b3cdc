"""Opaque memory ids: a keyed permutation of the row ids, reversible under its key only;
consecutive rows get unrelated ids, and a string that is not an id names no row."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from daemon.base.opaque import ROW_IDS, IdCodec

KEY = bytes(range(32))
CODEC = IdCodec(KEY)


@given(st.integers(min_value=1, max_value=2**63 - 1))
def test_an_id_decodes_to_its_row_and_only_under_its_key(row_id: int) -> None:
    public = CODEC.encode(row_id)
    assert CODEC.decode(public) == row_id
    assert len(public) == 14 and public.startswith("m")
    assert IdCodec(bytes(reversed(KEY))).decode(public) != row_id


@given(st.text(max_size=30))
def test_any_string_decodes_to_no_row_or_to_a_valid_row_id(text: str) -> None:
    found = CODEC.decode(text)
    assert found is None or found in ROW_IDS


def test_consecutive_rows_get_unrelated_ids() -> None:
    ids = [CODEC.encode(n) for n in range(1, 401)]
    assert len(set(ids)) == len(ids)
    # no order: about as many ascending as descending neighbours
    ascending = sum(a < b for a, b in itertools.pairwise(ids))
    assert 150 < ascending < 250
    # every character position takes many values (no counter shows through)
    for position in range(2, 14):  # the first holds 4 bits of the 64
        assert len({i[position] for i in ids}) >= 20
    differing = [sum(x != y for x, y in zip(a, b, strict=True)) for a, b in itertools.pairwise(ids)]
    assert sum(differing) / len(differing) > 10


def test_malformed_ids_name_no_row() -> None:
    good = CODEC.encode(42)
    for bad in ("", "m", good[:-1], good + "0", "x" + good[1:], good.upper(), good[:-1] + "i"):
        assert CODEC.decode(bad) is None, bad
    assert CODEC.decode("m" + "z" * 13) is None  # over 64 bits
    with pytest.raises(ValueError):
        CODEC.encode(0)
    with pytest.raises(ValueError):
        IdCodec(b"short")


@given(st.lists(st.integers(min_value=1, max_value=2**63 - 1), min_size=1, max_size=20))
def test_a_remembered_id_is_the_one_computed(row_ids: list[int]) -> None:
    fresh = IdCodec(KEY)
    first = [fresh.encode(r) for r in row_ids]
    assert [fresh.encode(r) for r in reversed(row_ids)] == list(reversed(first))
    assert first == [IdCodec(KEY).encode(r) for r in row_ids]
    with pytest.raises(ValueError, match="not a row id"):
        fresh.encode(0)
