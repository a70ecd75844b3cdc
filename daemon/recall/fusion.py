"""Reciprocal rank fusion: one ranking out of several (full text and vectors), by rank alone.

The scores of a full-text search (BM25) and of a vector search (cosine) are on scales that
cannot be added; their ranks can. Each ranking gives an item ``weight / (k + rank)`` (rank 1
for its best), and an item's score is the sum over the rankings that hold it (Cormack, Clarke
and Büttcher, 2009; ``k = 60`` is their constant). An item that both rankings place high
beats one that only one of them places first; a weight of 0 leaves a ranking out.

:func:`fuse` is what every hybrid search calls: RRF of a keyword and a vector ranking where
the keyword ranking counts in proportion to how much of the query its best match covers, so
that a question asked in other words than its answer is ranked by meaning, and one that
names what it looks for still finds it first.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from daemon.store.memory.query import terms
from daemon.store.stems import query_stems, stem, tokens

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


@dataclass(frozen=True, slots=True)
class FusionSettings:
    """How :func:`fuse` joins a keyword and a vector ranking (every search's hybrid mode).

    ``keyword_weight``/``vector_weight``: each ranking's largest weight in the rank fusion;
    ``k``: the fusion's constant; ``depth``: the candidates taken from each ranking;
    ``coverage_power``: how sharply the keyword ranking's weight falls with its coverage of
    the query (0: a fixed weight, plain RRF). The defaults are what ``./dev bench
    recall-quality`` chose on the tuning half of its queries (TUNING.md beside it)."""

    keyword_weight: float = 1.0
    vector_weight: float = 1.0
    k: int = 10
    depth: int = 20
    coverage_power: float = 4.0

    def __post_init__(self) -> None:
        if min(self.keyword_weight, self.vector_weight, self.k, self.coverage_power) < 0:
            raise ValueError("fusion weights, k and coverage_power must not be negative")
        if self.depth < 1:
            raise ValueError("the fusion's depth must be at least 1")


DEFAULT = FusionSettings()


def coverage(query: str, text: str) -> float:
    """The share of ``query``'s distinct search terms (stop words left out, stemmed as the
    full-text search stems them) that ``text`` holds: 1.0 when it holds all of them, 0.0
    when the query has none."""
    wanted = set(query_stems(terms(query)))
    if not wanted:
        return 0.0
    held = {stem(token) for token in tokens(text)}
    return len(wanted & held) / len(wanted)


def keyword_weight(
    keyword: Sequence[T], query: str | None, texts: Mapping[T, str] | None, settings: FusionSettings
) -> float:
    """The keyword ranking's weight for this query: ``keyword_weight`` scaled by the coverage
    of the query by the ranking's best match, to the power ``coverage_power``.

    A keyword match of every word the query asks about is strong evidence; one of a word or
    two of several is mostly a distractor that shares a common word (a question put in other
    words than its answer shares none with it), and rank fusion would promote it as much as
    a full match. Without ``query`` and the best match's text the weight is not scaled."""
    if not keyword or query is None or texts is None or keyword[0] not in texts:
        return settings.keyword_weight
    if settings.coverage_power == 0:
        return settings.keyword_weight
    share = coverage(query, texts[keyword[0]])
    return float(settings.keyword_weight * share**settings.coverage_power)


def fuse(
    keyword: Sequence[T],
    vector: Sequence[T],
    *,
    keyword_scores: Sequence[float] | None = None,
    vector_scores: Sequence[float] | None = None,
    query: str | None = None,
    texts: Mapping[T, str] | None = None,
    settings: FusionSettings = DEFAULT,
) -> list[tuple[T, float]]:
    """One ranking, best first with its fused scores, out of a search's keyword ranking and
    its vector ranking (each best first): reciprocal rank fusion of the first ``depth`` of
    each, the keyword ranking weighted by how much of the query its best match covers
    (:func:`keyword_weight`).

    ``query``: what was searched for; ``texts``: each candidate's searchable text (title and
    content), at least the keyword ranking's first. Without them the keyword ranking keeps
    its full weight (plain weighted RRF). ``keyword_scores``/``vector_scores`` (full-text
    rank, cosine, in each ranking's order) are accepted for callers that have them; the
    fusion is by ranks, which measured better than by normalized scores (TUNING.md)."""
    del keyword_scores, vector_scores
    keyword = keyword[: settings.depth]
    weights = [keyword_weight(keyword, query, texts, settings), settings.vector_weight]
    return rrf([keyword, vector[: settings.depth]], weights, settings.k)
