"""The recall-quality bench: its labelled set is what it says it is, its figures are computed
as documented, and a run on SQLite yields every row (with a stand-in embedder: the real model
is the local extra's, measured by ``./dev bench recall-quality``)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import pytest
import snowballstemmer  # type: ignore[import-untyped]

from daemon.base.embedding import unit
from daemon.store.memory.query import terms
from tests.backends import POSTGRES_URL, unavailable
from tests.bench.quality import (
    SWEEP_COVERAGE_POWERS,
    SWEEP_DEPTHS,
    SWEEP_K,
    SWEEP_KEYWORD_WEIGHTS,
    THRESHOLDS,
    bench_quality,
    chosen_threshold,
    dedup_curve,
    half,
    recall_at,
    reciprocal_rank,
    scope_dedup_curve,
    scores,
    vector_ranking,
)
from tests.bench.recall_quality import Pair, Project, Query, labelled_set

_PORTER = snowballstemmer.stemmer("porter")
_TOKEN = re.compile(r"[^\W_]+")


def _stems(text: str) -> set[str]:
    return {_PORTER.stemWord(token) for token in _TOKEN.findall(text.lower())}


def _query_stems(text: str) -> set[str]:
    return {_PORTER.stemWord(t) for word in terms(text) for t in _TOKEN.findall(word)}


def test_the_set_is_as_large_as_the_issue_asks() -> None:
    projects = labelled_set()
    queries = [q for p in projects for q in p.queries]
    assert len(projects) >= 5
    assert sum(len(p.memories) for p in projects) >= 300
    assert len(queries) >= 150
    assert sum(q.kind == "paraphrased" for q in queries) >= 75
    assert sum(len(p.pairs) for p in projects) >= 100
    kinds = {m.type for p in projects for m in p.memories}
    assert kinds == {"project", "user", "decision"}


def test_labels_name_memories_of_their_own_project_and_ids_are_unique() -> None:
    seen: set[str] = set()
    for project in labelled_set():
        ids = {m.id for m in project.memories}
        assert len(ids) == len(project.memories) and not ids & seen
        seen |= ids
        for query in project.queries:
            assert query.relevant and set(query.relevant) <= ids, query.text
        for pair in project.pairs:
            assert pair.memory in ids
        assert {pair.duplicate for pair in project.pairs} == {True, False}


def test_paraphrased_queries_share_no_content_word_and_literal_ones_do() -> None:
    """After stop words and stemming (as memoryd's search sees them): a paraphrased query
    cannot be found by its words."""
    for project in labelled_set():
        content = {m.id: _stems(m.content) for m in project.memories}
        for query in project.queries:
            shared = _query_stems(query.text) & set().union(*(content[i] for i in query.relevant))
            if query.kind == "paraphrased":
                assert not shared, (query.text, shared)
            else:
                assert shared, query.text


def test_the_halves_are_fixed_by_each_query_and_both_hold_both_kinds() -> None:
    halves = {(q.kind, half(p.name, q)) for p in labelled_set() for q in p.queries}
    assert halves == {(k, h) for k in ("paraphrased", "literal") for h in ("tuning", "held-out")}
    query = labelled_set()[0].queries[0]
    assert half("github.com/acme/ingest", query) == half("github.com/acme/ingest", query)
    counts = [half(p.name, q) for p in labelled_set() for q in p.queries]
    assert (counts.count("tuning"), counts.count("held-out")) == (88, 104)


def test_recall_and_reciprocal_rank() -> None:
    assert recall_at(["a", "b", "c", "d", "e", "f"], ["f"]) == 0.0
    assert recall_at(["a", "b", "c"], ["c", "z"]) == 0.5
    assert reciprocal_rank(["a", "b", "c"], ["c"]) == pytest.approx(1 / 3)
    assert reciprocal_rank(["x"] * 10 + ["a"], ["a"]) == 0.0
    queries = [Query("paraphrased", "q1", ("a",)), Query("literal", "q2", ("b",))]
    found = scores(queries, [["a"], ["x", "b"]])
    assert found["paraphrased"] == {"queries": 1, "recall_at_5": 1.0, "mrr_at_10": 1.0}
    assert found["literal"]["mrr_at_10"] == 0.5
    assert found["all"] == {"queries": 2, "recall_at_5": 1.0, "mrr_at_10": 0.75}


def test_the_dedup_curve_and_the_lowest_threshold_precise_enough() -> None:
    sims = [0.99, 0.95, 0.90, 0.85, 0.82]
    dups = [True, True, False, True, False]
    curve = dedup_curve(sims, dups, (0.80, 0.84, 0.88, 0.92, 0.999))
    assert [row["precision"] for row in curve] == [0.6, 0.75, round(2 / 3, 4), 1.0, 1.0]
    assert [row["recall"] for row in curve] == [1.0, 1.0, round(2 / 3, 4), round(2 / 3, 4), 0.0]
    assert chosen_threshold(curve, 0.95) == 0.92
    assert chosen_threshold(curve[:3], 0.95) is None
    assert THRESHOLDS[0] == 0.8 and THRESHOLDS[-1] == 0.97 and len(THRESHOLDS) == 18


def test_in_scope_dedup_counts_an_absorption_right_only_into_its_own_memory() -> None:
    pairs = [Pair("a", "t1", True), Pair("a", "t2", True), Pair("b", "t3", False)]
    nearest = [("a", 0.95), ("c", 0.93), ("b", 0.85)]  # t2's nearest is the wrong memory
    curve = scope_dedup_curve(nearest, pairs, (0.80, 0.90, 0.94, 0.99))
    assert [(r["precision"], r["recall"], r["merged"]) for r in curve] == [
        (round(1 / 3, 4), 0.5, 3),
        (0.5, 0.5, 2),
        (1.0, 0.5, 1),
        (1.0, 0.0, 0),
    ]


def test_vector_ranking_orders_by_cosine() -> None:
    memories = {"far": [0.0, 1.0], "near": [1.0, 0.1], "mid": [1.0, 1.0]}
    assert vector_ranking([1.0, 0.0], memories) == ["near", "mid", "far"]


class _Hashed:
    """A stand-in embedder: words hashed into 64 dimensions (no meaning, only shared words)."""

    space = "test:hashed:64"
    dims = 64

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        vectors = []
        for text in texts:
            v = [0.0] * self.dims
            for word in _stems(text):
                v[hashlib.sha256(word.encode()).digest()[0] % self.dims] += 1.0
            vectors.append(unit(v))
        return vectors


def _small() -> tuple[Project, ...]:
    return tuple(
        Project(p.name, p.user, p.memories, p.queries[::4], p.pairs[:4]) for p in labelled_set()[:2]
    )


async def test_a_run_on_sqlite_reports_every_mode_and_kind() -> None:
    result = await bench_quality(_Hashed(), projects=_small())
    rows = {(r["backend"], r["split"], r["mode"], r["kind"]) for r in result["results"]}
    assert rows == {
        ("sqlite", split, mode, kind)
        for split in ("all", "tuning", "held-out")
        for mode in ("keyword", "vector", "rrf", "hybrid")
        for kind in ("paraphrased", "literal", "all")
    }
    by = {(r["mode"], r["kind"]): r for r in result["results"] if r["split"] == "all"}
    # Literal queries share words with their memory: memoryd's search finds most of them.
    assert by[("keyword", "literal")]["recall_at_5"] >= 0.5
    assert result["set"]["memories"] == 101 and result["embedder"]["space"] == "test:hashed:64"
    assert len(result["dedup"]["curve"]) == len(THRESHOLDS)
    assert len(result["dedup"]["in_scope"]["curve"]) == len(THRESHOLDS)
    assert result["skipped"] == ["postgresql: no URL (give --postgres)"]
    assert set(result["targets"]) >= {"met", "dedup_precision_at_least_0.95"}


async def test_the_sweep_fuses_again_and_a_zero_keyword_weight_is_the_vector_ranking() -> None:
    result = await bench_quality(_Hashed(), projects=_small(), tune=True)
    rows = result["sweep"]
    assert len(rows) == (
        len(SWEEP_COVERAGE_POWERS) * len(SWEEP_KEYWORD_WEIGHTS) * len(SWEEP_K) * len(SWEEP_DEPTHS)
    )
    vector = {
        r["kind"]: r for r in result["results"] if (r["mode"], r["split"]) == ("vector", "tuning")
    }
    for row in rows:
        if row["keyword_weight"] == 0.0:
            assert row["paraphrased_recall_at_5"] == vector["paraphrased"]["recall_at_5"]
            assert row["literal_mrr_at_10"] == vector["literal"]["mrr_at_10"]
    assert "sweep" not in await bench_quality(_Hashed(), projects=_small()[:1])


@pytest.mark.postgres
async def test_postgresql_keyword_search_ranks_the_same_queries() -> None:
    try:
        result = await bench_quality(_Hashed(), projects=_small()[:1], postgres_url=POSTGRES_URL)
    except OSError as exc:
        unavailable("PostgreSQL", exc)
    backends = {r["backend"] for r in result["results"]}
    assert backends == {"sqlite", "postgresql"} and result["skipped"] == []
    literal = {
        r["backend"]: r["recall_at_5"]
        for r in result["results"]
        if (r["split"], r["mode"], r["kind"]) == ("all", "keyword", "literal")
    }
    assert literal["postgresql"] >= 0.5 and literal["sqlite"] >= 0.5
