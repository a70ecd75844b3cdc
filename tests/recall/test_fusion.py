"""Reciprocal rank fusion (daemon.recall.fusion): ranks, weights and ties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from daemon.recall.fusion import FusionSettings, coverage, fuse, keyword_weight, rrf


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


PLAIN = FusionSettings(keyword_weight=1.0, vector_weight=1.0, k=60, depth=20, coverage_power=0)


def test_fuse_takes_the_depth_of_each_ranking_and_their_weights() -> None:
    shallow = FusionSettings(k=60, depth=2, coverage_power=0)
    fused = fuse(["a", "b", "c"], ["b", "d", "e"], settings=shallow)
    assert [item for item, _ in fused] == ["b", "a", "d"]  # c and e are past the depth
    vector_only = FusionSettings(keyword_weight=0.0, vector_weight=1.0)
    assert [i for i, _ in fuse(["x", "y"], ["y", "z"], settings=vector_only)][:2] == ["y", "z"]
    assert fuse([], []) == []
    assert fuse(["a"], ["b"], settings=PLAIN) == rrf([["a"], ["b"]])


def test_coverage_is_the_share_of_the_query_terms_a_text_holds_after_stemming() -> None:
    assert coverage("RabbitMQ queues", "the RabbitMQ quorum queue") == 1.0
    assert coverage("which message broker for ingest", "Ingest moved to NATS") == pytest.approx(
        1 / 3
    )
    assert coverage("which message broker", "Ingest moved off RabbitMQ") == 0.0
    assert coverage("what is it", "anything") == 0.0  # stop words only: nothing to cover


def test_the_keyword_weight_falls_with_the_coverage_of_its_best_match() -> None:
    settings = FusionSettings(keyword_weight=1.0, coverage_power=2.0)
    texts = {"full": "RabbitMQ quorum queues", "half": "the queue depth alert"}
    assert keyword_weight(["full"], "rabbitmq queue", texts, settings) == 1.0
    assert keyword_weight(["half"], "rabbitmq queue", texts, settings) == pytest.approx(0.25)
    # Without the query or the best match's text, the weight is the settings' own.
    assert keyword_weight(["half"], None, texts, settings) == 1.0
    assert keyword_weight(["other"], "rabbitmq queue", texts, settings) == 1.0
    assert keyword_weight(["half"], "rabbitmq queue", texts, PLAIN) == 1.0


def test_a_partial_keyword_match_no_longer_outranks_the_vector_ranking() -> None:
    """The first measurement's failure: a question in other words than its answer matched a
    distractor on one common word, and plain RRF put it first."""
    query = "which message queue does the pipeline rely on"
    texts = {"alert": "The queue depth alert fires when consumer lag is high", "nats": "..."}
    keyword, vector = ["alert"], ["nats", "other", "alert"]
    assert fuse(keyword, vector, settings=PLAIN)[0][0] == "alert"
    assert fuse(keyword, vector, query=query, texts=texts)[0][0] == "nats"


def test_a_full_keyword_match_stays_first_when_the_vectors_disagree() -> None:
    query = "RabbitMQ management UI"
    texts = {"ui": "The RabbitMQ management UI is still used by billing"}
    fused = fuse(["ui", "x"], ["y", "z", "ui"], query=query, texts=texts)
    assert fused[0][0] == "ui"


def test_bad_fusion_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        FusionSettings(coverage_power=-1.0)
    with pytest.raises(ValueError, match="depth"):
        FusionSettings(depth=0)


@given(
    st.lists(st.integers(0, 30), max_size=25, unique=True),
    st.lists(st.integers(0, 30), max_size=25, unique=True),
    st.floats(0.0, 1.0),
)
def test_fuse_returns_each_candidate_once_best_first(
    keyword: list[int], vector: list[int], share: float
) -> None:
    texts = {i: "alpha beta" if share > 0.5 else "alpha" for i in keyword}
    fused = fuse(keyword, vector, query="alpha beta", texts=texts)
    items = [item for item, _ in fused]
    assert sorted(items) == sorted(set(keyword[:20]) | set(vector[:20]))
    scores = [score for _, score in fused]
    assert scores == sorted(scores, reverse=True)
