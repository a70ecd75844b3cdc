"""Session recall: the windows of a scope's earlier sessions relevant to a query.

The candidates are the scope's most recent windows (``candidates`` of them, read through
their owner, :mod:`daemon.store.transcripts.fragments`): of the reader's own sessions and of
the project's sessions that name no user, or of every user's sessions of the project with
``share_users``; never another project's or tenant's. They are ranked the hybrid way:

- by keywords: BM25 over the window's text (its summary, else its messages), on the query's
  terms (stop words dropped) stemmed as the store's search stems them;
- by meaning, when an embedder is configured and the query could be embedded: the cosine
  similarity of the window's vector of the query's space (a window not embedded yet, or
  embedded by another model, has none);

and the two rankings fused as every hybrid search fuses them
(:func:`daemon.recall.fusion.fuse`: reciprocal rank, k = 60, the keyword ranking weighed by
how much of the query its best window covers, so that a window sharing one common word with
a question does not outrank the window that answers it in other words). With a query vector,
a window ranks only when its similarity reaches ``similarity_cutoff`` (0.75 by default).
Without one (no embedder configured, or embedding the query failed: the answer's ``mode``
says which), the keyword ranking alone decides and no cutoff applies: a window ranks when it
holds a query term.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple, Protocol

from daemon.base.embedding import cosine
from daemon.base.scope import ScopeKey
from daemon.base.settings import SessionRecallSettings
from daemon.recall.fusion import FusionSettings, K, fuse, rrf
from daemon.store.memory.query import terms
from daemon.store.stems import stem, tokens
from daemon.store.transcripts.fragments import Fragment

_K1, _B = 1.2, 0.75


class Mode(StrEnum):
    """How a session recall ranked."""

    OFF = "off"  # turned off, or no query
    KEYWORD = "keyword"  # no embedder configured
    FALLBACK = "keyword_fallback"  # the query could not be embedded: keywords alone
    HYBRID = "hybrid"  # keywords and vectors fused


class QueryVectors(Protocol):
    """What session recall asks of an embedder (:class:`daemon.embeddings.query.QueryEmbedder`)."""

    @property
    def space(self) -> str: ...

    async def try_embed_query(self, text: str) -> list[float] | None: ...


@dataclass(frozen=True, slots=True)
class SessionRecallOptions:
    enabled: bool = True
    max_fragments: int = 3
    similarity_cutoff: float = 0.75
    fragment_chars: int = 400
    candidates: int = 200
    kept_windows: int = 4_096
    share_users: bool = False
    keyword_weight: float = 1.0
    vector_weight: float = 1.0
    stitch_windows: int = 12
    chars_per_token: float = 3.2

    @classmethod
    def from_settings(cls, settings: SessionRecallSettings) -> SessionRecallOptions:
        return cls(
            enabled=settings.enabled,
            max_fragments=settings.max_fragments,
            similarity_cutoff=settings.similarity_cutoff,
            fragment_chars=settings.fragment_chars,
            candidates=settings.candidates,
            kept_windows=settings.kept_windows,
            share_users=settings.share_users,
            keyword_weight=settings.keyword_weight,
            vector_weight=settings.vector_weight,
            stitch_windows=settings.stitch_windows,
            chars_per_token=settings.chars_per_token,
        )


class Ranked(NamedTuple):
    """A window that ranked: its fused score, and its cosine similarity (None: keywords).
    A tuple: a block ranks up to 200 windows, and a tuple is built in C."""

    fragment: Fragment
    score: float
    similarity: float | None


class Terms(NamedTuple):
    """A window's stemmed words as keyword ranking reads them: how often each is in its
    text, and how many there are in all."""

    counts: Counter[str]
    length: int


def window_terms(window: Fragment) -> Terms:
    """How often each stemmed word is in ``window``'s text, as keyword ranking reads it."""
    counts = Counter(stem(token) for token in tokens(window.text))
    return Terms(counts, sum(counts.values()))


def keyword_ranking(
    query: str, candidates: Sequence[Fragment], counted: Sequence[Terms] | None = None
) -> list[tuple[Fragment, float]]:
    """The windows holding a query term, best first by BM25 over ``candidates`` (ties: the
    newer first, as the candidates come); ``counted``: their :func:`window_terms`, when
    already known. One pass finds the windows holding a term and each term's document
    count; only those windows are scored."""
    wanted = list(dict.fromkeys(stem(t) for word in terms(query) for t in tokens(word)))
    if not wanted or not candidates:
        return []
    if counted is None:
        counted = [window_terms(f) for f in candidates]
    n = len(candidates)
    average = (sum(t.length for t in counted) / n) or 1.0
    df = dict.fromkeys(wanted, 0)
    holding: list[tuple[int, int, list[tuple[str, int]]]] = []
    for index, (counts, length) in enumerate(counted):
        found = [(term, counts[term]) for term in wanted if term in counts]
        if found:
            holding.append((index, length, found))
            for term, _ in found:
                df[term] += 1
    idf = {term: math.log(1.0 + (n - d + 0.5) / (d + 0.5)) for term, d in df.items()}
    scored = []
    for index, length, found in holding:
        score = 0.0
        for term, tf in found:
            norm = tf + _K1 * (1 - _B + _B * length / average)
            score += idf[term] * tf * (_K1 + 1) / norm
        scored.append((index, score, candidates[index]))
    scored.sort(key=lambda s: (-s[1], s[0]))
    return [(fragment, score) for _, score, fragment in scored]


def rank(
    query: str,
    vector: Sequence[float] | None,
    candidates: Sequence[Fragment],
    options: SessionRecallOptions,
    counted: Sequence[Terms] | None = None,
) -> list[Ranked]:
    """Every candidate relevant to ``query``, best first (see the module's docstring);
    ``counted``: the candidates' :func:`window_terms`, when already known."""
    by_keywords = [f.id for f, _ in keyword_ranking(query, candidates, counted)]
    by_id = {f.id: f for f in candidates}
    if vector is None:
        fused = rrf([by_keywords])
        return [Ranked(by_id[i], score, None) for i, score in fused]
    similarity = {
        f.id: cosine(vector, f.vector)
        for f in candidates
        if f.vector is not None and len(f.vector) == len(vector)
    }
    by_meaning = sorted(similarity, key=lambda i: -similarity[i])
    fusion = FusionSettings(
        keyword_weight=options.keyword_weight,
        vector_weight=options.vector_weight,
        k=K,
        depth=max(1, len(candidates)),
    )
    texts = {f.id: f.text for f in candidates}
    fused = fuse(by_keywords, by_meaning, query=query, texts=texts, settings=fusion)
    return [
        Ranked(by_id[i], score, similarity[i])
        for i, score in fused
        if i in similarity and similarity[i] >= options.similarity_cutoff
    ]


def visible_users(scope: ScopeKey, options: SessionRecallOptions) -> list[str] | None:
    """Whose sessions a reader's recall reads: its own and the project's (no user), or
    every user's of the project with ``share_users`` (``None``)."""
    if options.share_users:
        return None
    return [""] if not scope.user else ["", scope.user]


def windows_asked(
    scope: ScopeKey, options: SessionRecallOptions, exclude_session: str | None
) -> dict[str, Any]:
    """Which windows session recall reads for ``scope``: its tenant's and project's, of the
    users it sees, the newest ``candidates``, never ``exclude_session``'s."""
    return {
        "tenant": scope.tenant,
        "project": scope.project,
        "users": visible_users(scope, options),
        "limit": options.candidates,
        "exclude_session": exclude_session,
    }


async def query_vector(
    embedder: QueryVectors | None, query: str
) -> tuple[list[float] | None, Mode]:
    """The query's vector and the mode it allows."""
    if embedder is None:
        return None, Mode.KEYWORD
    vector = await embedder.try_embed_query(query)
    return vector, (Mode.HYBRID if vector is not None else Mode.FALLBACK)
