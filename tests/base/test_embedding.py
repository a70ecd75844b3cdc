"""The shared vector arithmetic and the provider failure every caller handles."""

from __future__ import annotations

import math

import pytest

from daemon.base.embedding import EmbeddingFailed, cosine, unit


def test_unit_scales_to_length_one_and_keeps_a_zero_vector() -> None:
    scaled = unit([3.0, 4.0])
    assert scaled == pytest.approx([0.6, 0.8])
    assert math.isclose(math.fsum(v * v for v in scaled), 1.0)
    assert unit([0.0, 0.0, 0.0]) == [0.0, 0.0, 0.0]


def test_cosine_of_parallel_orthogonal_and_opposite_vectors() -> None:
    assert cosine([1.0, 2.0], [2.0, 4.0]) == pytest.approx(1.0)
    assert cosine([1.0, 0.0], [0.0, 5.0]) == pytest.approx(0.0)
    assert cosine([1.0, 1.0], [-1.0, -1.0]) == pytest.approx(-1.0)
    assert cosine([0.0, 0.0], [1.0, 0.0]) == 0.0


def test_cosine_refuses_vectors_of_two_sizes() -> None:
    with pytest.raises(ValueError, match="2 and 3 dimensions"):
        cosine([1.0, 0.0], [1.0, 0.0, 0.0])


def test_a_failure_says_whether_a_retry_may_help() -> None:
    assert EmbeddingFailed("429", transient=True).transient
    assert not EmbeddingFailed("unknown model", transient=False).transient
