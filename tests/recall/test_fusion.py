"""Reciprocal rank fusion (daemon.recall.fusion): ranks, weights and ties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from daemon.recall.fusion import FusionSettings, fuse, rrf


def test_an_item_both_rankings_hold_beats_the_first_of_one() -> None:
    fused = rrf([["a", "b", "c"], ["b", "d", "a"]])
    assert [item for item, _ in fused] == ["b", "a", "d", "c"]
    assert dict(fused)["b"] == pytest.approx(1 / 62 + 1 / 61)
    assert dict(fused)["c"] == pytest.approx(1 / 63)


def test_weights_scale_each_ranking_and_zero_leaves_one_out() -> None:
    assert [i for i, _ in rrf([["a", "b"], ["b", "a"]], [2.0, 1.0])] == ["a", "b"]
    assert [i for i, _ in rrf([["a", "b"], ["b", "a"]], [1.0, 2.0])] == ["b", "a"]
    only_first = rrf([["a", "b"], ["c", "b"]], [1.0, 0.0])
    assert [i for i, _ in only_first][:2] == ["a", "b"]
    assert dict(only_first)["c"] == 0.0


def test_a_small_k_rewards_the_top_ranks_more() -> None:
    # "a" is first in one ranking and absent in the other; "b" second in both.
    rankings = [["a", "b"], ["c", "b"]]
    assert rrf(rankings, k=0)[0][0] == "a"
    assert rrf(rankings, k=60)[0][0] == "b"


def test_ties_keep_the_order_of_first_appearance_and_duplicates_count_once() -> None:
    assert [i for i, _ in rrf([["x", "y"], ["y", "x"]])] == ["x", "y"]
    assert dict(rrf([["a", "a", "b"]]))["a"] == pytest.approx(1 / 61)


def test_empty_rankings_fuse_to_nothing_and_bad_arguments_are_refused() -> None:
    assert rrf([[], []]) == []
    assert rrf([]) == []
    with pytest.raises(ValueError, match="2 weights for 1 rankings"):
        rrf([["a"]], [1.0, 1.0])
    with pytest.raises(ValueError, match="negative"):
        rrf([["a"]], [-1.0])


@given(st.lists(st.lists(st.integers(0, 20), max_size=15), max_size=4))
def test_every_item_is_returned_once_best_first(rankings: list[list[int]]) -> None:
    fused = rrf(rankings)
    items = [item for item, _ in fused]
    assert sorted(items) == sorted({i for ranking in rankings for i in ranking})
    scores = [score for _, score in fused]
    assert scores == sorted(scores, reverse=True)


def test_fuse_takes_the_depth_of_each_ranking_and_their_weights() -> None:
    plain = FusionSettings(keyword_weight=1.0, vector_weight=1.0, k=60, depth=2)
    fused = fuse(["a", "b", "c"], ["b", "d", "e"], settings=plain)
    assert [item for item, _ in fused] == ["b", "a", "d"]  # c and e are past the depth
    vector_only = FusionSettings(keyword_weight=0.0, vector_weight=1.0)
    assert [i for i, _ in fuse(["x", "y"], ["y", "z"], settings=vector_only)][:2] == ["y", "z"]
    assert fuse([], []) == []
