"""Reciprocal rank fusion: one ranking out of several (full text and vectors), by rank alone.

The scores of a full-text search (BM25) and of a vector search (cosine) are on scales that
cannot be added; their ranks can. Each ranking gives an item ``weight / (k + rank)`` (rank 1
for its best), and an item's score is the sum over the rankings that hold it (Cormack, Clarke
and Büttcher, 2009; ``k = 60`` is their constant). An item that both rankings place high
beats one that only one of them places first; a weight of 0 leaves a ranking out.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol, TypeVar

T = TypeVar("T", bound=Hashable)

#: The constant of the original paper: it flattens the gap between the first ranks.
K = 60


def rrf(
    rankings: Sequence[Sequence[T]], weights: Sequence[float] | None = None, k: int = K
) -> list[tuple[T, float]]:
    """The items of ``rankings`` (each best first) with their fused scores, best first.

    ``weights``: one per ranking (all 1.0 when omitted). Ties keep the order in which the
    items first appear in the rankings, so a fusion is deterministic. An item listed twice in
    one ranking counts at its best rank there."""
    if weights is None:
        weights = [1.0] * len(rankings)
    if len(weights) != len(rankings):
        raise ValueError(f"{len(weights)} weights for {len(rankings)} rankings")
    if k < 0 or any(w < 0 for w in weights):
        raise ValueError("k and the weights must not be negative")
    scores: dict[T, float] = {}
    for ranking, weight in zip(rankings, weights, strict=True):
        seen: set[T] = set()
        for rank, item in enumerate(ranking, start=1):
            if item in seen:
                continue
            seen.add(item)
            scores[item] = scores.get(item, 0.0) + weight / (k + rank)
    order = {item: index for index, item in enumerate(scores)}
    return sorted(scores.items(), key=lambda pair: (-pair[1], order[pair[0]]))


class FusionWeights(Protocol):
    """The settings a fusion of a keyword and a vector ranking reads
    (:class:`daemon.base.settings.RecallSettings`)."""

    @property
    def keyword_weight(self) -> float: ...

    @property
    def vector_weight(self) -> float: ...

    @property
    def rrf_k(self) -> int: ...


def fuse(
    keyword: Sequence[T], vector: Sequence[T], settings: FusionWeights
) -> list[tuple[T, float]]:
    """A search's keyword and vector rankings (ids, best first) as one, best first, with
    their fused scores: :func:`rrf` with the settings' weights and ``k``. Ties go to the
    keyword ranking's order (it is listed first)."""
    return rrf([keyword, vector], [settings.keyword_weight, settings.vector_weight], settings.rrf_k)
