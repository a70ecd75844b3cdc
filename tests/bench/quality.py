"""``./dev bench recall-quality``: how well keyword, vector and hybrid search find the memory
a host asks about, and where semantic dedup should draw its line.

The labelled set (:mod:`tests.bench.recall_quality`) is written with memoryd's store into a
scratch database of each backend (SQLite always; PostgreSQL when a URL is given), one scope
per project. Each query is asked three ways in its project's scope:

- ``keyword``: memoryd's full-text search (:meth:`daemon.recall.Recall.search`), as hosts get it;
- ``vector``: the exact cosine ranking of the scope's memories by the embedder's vectors;
- ``rrf``: the untuned fusion of the first measurement, plain reciprocal rank fusion of the
  two (equal weights, k = 60, 20 candidates of each), kept as the baseline;
- ``hybrid``: the two fused as every hybrid search fuses them (:func:`daemon.recall.fusion.fuse`:
  the keyword ranking weighted by how much of the query its best match covers), with the
  given settings (the defaults unless told otherwise).

Figures per backend, mode and query kind, for the whole set and for each of its two halves:
the queries are split by a hash of their project and text (:func:`half`) into a ``tuning``
half, the only one any method or setting was chosen on, and a ``held-out`` half that says
how well the choice generalizes. Figures: recall@5 (the share of a query's relevant memories
in its first five results, averaged) and MRR@10 (the reciprocal rank of the first relevant
result within ten, 0 when none). Dedup: the cosine of each labelled pair, the precision and
recall of "duplicate" at each threshold from 0.80 to 0.97, and the lowest threshold whose
precision reaches 0.95 (the most duplicates caught without merging distinct facts).
"""

from __future__ import annotations

import hashlib
import resource
import time
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from daemon.base.embedding import Embedder, cosine
from daemon.base.scope import ScopeKey
from daemon.gate.kinds import Actor, MemoryClass, MemoryType
from daemon.recall import Recall
from daemon.recall.fusion import DEFAULT as DEFAULT_FUSION
from daemon.recall.fusion import FusionSettings, fuse
from daemon.store.db import Store
from daemon.store.memory import Provenance
from daemon.store.memory import writes as memory_writes
from tests.bench.recall_quality import Pair, Project, Query, labelled_set
from tests.bench.scratch import scratch_database
from tests.bench.timing import latency_ms

MODES = ("keyword", "vector", "rrf", "hybrid")
KINDS = ("paraphrased", "literal", "all")
#: The whole set, then its halves (:func:`half`).
SPLITS = ("all", "tuning", "held-out")
THRESHOLDS = tuple(round(0.80 + step / 100, 2) for step in range(18))
TARGET_PARAPHRASED_RECALL = 0.9
TARGET_DEDUP_PRECISION = 0.95
DEPTH = 20
AT = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)

Ranking = list[str]


def recall_at(ranking: Sequence[str], relevant: Sequence[str], n: int = 5) -> float:
    """The share of ``relevant`` found in the first ``n`` of ``ranking``."""
    return len(set(ranking[:n]) & set(relevant)) / len(relevant)


def reciprocal_rank(ranking: Sequence[str], relevant: Sequence[str], n: int = 10) -> float:
    """1/rank of the first relevant item within the first ``n``, else 0."""
    for rank, item in enumerate(ranking[:n], start=1):
        if item in relevant:
            return 1.0 / rank
    return 0.0


def half(project: str, query: Query) -> str:
    """``tuning`` or ``held-out``: a query's half of the set, fixed by a hash of its project
    and text (not by its position, so adding a query moves no other one)."""
    digest = hashlib.sha256(f"{project}\n{query.text}".encode()).digest()
    return "tuning" if digest[0] % 2 == 0 else "held-out"


def scores(
    queries: Sequence[Query], rankings: Sequence[Ranking]
) -> dict[str, dict[str, float | int]]:
    """recall@5 and MRR@10 per query kind (and ``all``), averaged over the queries."""
    found: dict[str, dict[str, float | int]] = {}
    for kind in KINDS:
        pairs = [(q, r) for q, r in zip(queries, rankings, strict=True) if kind in ("all", q.kind)]
        if not pairs:
            continue
        found[kind] = {
            "queries": len(pairs),
            "recall_at_5": round(sum(recall_at(r, q.relevant) for q, r in pairs) / len(pairs), 4),
            "mrr_at_10": round(
                sum(reciprocal_rank(r, q.relevant) for q, r in pairs) / len(pairs), 4
            ),
        }
    return found


def dedup_curve(
    similarities: Sequence[float], duplicate: Sequence[bool], thresholds: Sequence[float]
) -> list[dict[str, Any]]:
    """Precision and recall of "a duplicate when the similarity is at least t", per ``t``
    (precision is 1.0 when nothing is called a duplicate)."""
    rows = []
    positives = sum(duplicate)
    for t in thresholds:
        called = [d for s, d in zip(similarities, duplicate, strict=True) if s >= t]
        hits = sum(called)
        rows.append(
            {
                "threshold": t,
                "precision": round(hits / len(called), 4) if called else 1.0,
                "recall": round(hits / positives, 4) if positives else 0.0,
                "merged": len(called),
            }
        )
    return rows


def scope_dedup_curve(
    nearest: Sequence[tuple[str, float]],
    pairs: Sequence[Pair],
    thresholds: Sequence[float],
) -> list[dict[str, Any]]:
    """Dedup as a write sees it: each pair's text against every memory of its scope. A text
    whose nearest memory reaches ``t`` is absorbed; rightly when it is a duplicate of that
    very memory. Precision: rightly absorbed / absorbed; recall: rightly absorbed /
    duplicates."""
    rows = []
    positives = sum(pair.duplicate for pair in pairs)
    for t in thresholds:
        absorbed = [
            pair.duplicate and best == pair.memory
            for (best, similarity), pair in zip(nearest, pairs, strict=True)
            if similarity >= t
        ]
        right = sum(absorbed)
        rows.append(
            {
                "threshold": t,
                "precision": round(right / len(absorbed), 4) if absorbed else 1.0,
                "recall": round(right / positives, 4) if positives else 0.0,
                "merged": len(absorbed),
            }
        )
    return rows


def chosen_threshold(curve: Sequence[dict[str, Any]], precision: float) -> float | None:
    """The lowest threshold whose precision reaches ``precision`` and that merges anything."""
    for row in curve:
        if row["precision"] >= precision and row["merged"]:
            return float(row["threshold"])
    return None


def vector_ranking(query: Sequence[float], memories: dict[str, list[float]]) -> Ranking:
    """The memories' ids by cosine to ``query``, best first (ties by id)."""
    return [i for i, _ in sorted(memories.items(), key=lambda kv: (-cosine(query, kv[1]), kv[0]))]


#: The untuned fusion of the first measurement: plain RRF, equal weights, k = 60.
PLAIN_RRF = FusionSettings(
    keyword_weight=1.0, vector_weight=1.0, k=60, depth=DEPTH, coverage_power=0
)


def hybrid_ranking(
    keyword: Ranking,
    vector: Ranking,
    fusion: FusionSettings,
    query: str = "",
    texts: Mapping[str, str] | None = None,
) -> Ranking:
    """The two rankings fused as every hybrid search fuses them (:func:`fuse`)."""
    return [item for item, _ in fuse(keyword, vector, query=query, texts=texts, settings=fusion)]


#: What ``--sweep`` tries: the keyword weight (the vector's is 1.0), RRF's k, the depth and
#: the coverage power (0: plain weighted RRF).
SWEEP_KEYWORD_WEIGHTS = (1.0, 0.75, 0.5, 0.35, 0.25, 0.1, 0.0)
SWEEP_K = (10, 30, 60)
SWEEP_DEPTHS = (10, 20)
SWEEP_COVERAGE_POWERS = (0.0, 1.0, 2.0, 4.0)


def sweep(
    queries: Sequence[Query],
    keyword: Sequence[Ranking],
    vector: Sequence[Ranking],
    texts: Mapping[str, str],
) -> list[dict[str, Any]]:
    """Hybrid recall@5 and MRR@10 per query kind for each keyword weight, k, depth and
    coverage power of the sweep (the same rankings fused again: nothing is searched twice).
    ``queries`` and the rankings are those of the tuning half: a setting is chosen there."""
    rows = []
    for power in SWEEP_COVERAGE_POWERS:
        for weight in SWEEP_KEYWORD_WEIGHTS:
            for k in SWEEP_K:
                for depth in SWEEP_DEPTHS:
                    fusion = FusionSettings(
                        keyword_weight=weight, k=k, depth=depth, coverage_power=power
                    )
                    fused = [
                        hybrid_ranking(kw, v, fusion, q.text, texts)
                        for q, kw, v in zip(queries, keyword, vector, strict=True)
                    ]
                    found = scores(queries, fused)
                    rows.append(
                        {
                            "coverage_power": power,
                            "keyword_weight": weight,
                            "vector_weight": 1.0,
                            "k": k,
                            "depth": depth,
                            **{
                                f"{kind}_{name}": found[kind][name]
                                for kind in ("paraphrased", "literal")
                                for name in ("recall_at_5", "mrr_at_10")
                            },
                        }
                    )
    return rows


async def _store_project(store: Store, project: Project) -> dict[int, str]:
    """Write the project's memories (a user memory in its user's scope, the others shared);
    the label id of each stored id."""
    scope = ScopeKey(project=project.name, user=project.user)
    prov = Provenance(actor=Actor.AGENT, source_user=project.user, created_by="agent")
    labels: dict[int, str] = {}
    async with store.begin() as conn:
        for item in project.memories:
            target = scope if item.type == "user" else scope.shared()
            stored = await memory_writes.create(
                conn,
                target,
                type_=MemoryType(item.type),
                memory_class=MemoryClass.DURABLE,
                title="",
                content=item.content,
                prov=prov,
                now=AT,
            )
            if not isinstance(stored, int):
                raise RuntimeError(f"{item.id} was not stored: {stored}")
            labels[stored] = item.id
    return labels


async def keyword_rankings(url: str, projects: Sequence[Project], depth: int) -> list[Ranking]:
    """Each query's keyword ranking (label ids) through memoryd's search, in a scratch store."""
    rankings: list[Ranking] = []
    async with scratch_database(url, "quality") as scratch:
        store = Store.from_url(scratch, pool_size=2)
        try:
            labels: dict[int, str] = {}
            for project in projects:
                labels |= await _store_project(store, project)
            recall = Recall(store)
            for project in projects:
                scope = ScopeKey(project=project.name, user=project.user)
                for query in project.queries:
                    hits = await recall.search(query.text, scope, limit=depth, mark=False)
                    rankings.append([labels[h.id] for h in hits])
            await recall.aclose(close_store=False)
        finally:
            await store.close()
    return rankings


def _rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


async def embed_set(
    embedder: Embedder, projects: Sequence[Project]
) -> tuple[dict[str, list[float]], list[list[float]], list[list[float]], dict[str, Any]]:
    """The vectors of every memory, query (one call each, timed) and pair text, and the
    embedder's figures: load time, batch throughput, single-query latency, peak RSS."""
    rss_before = _rss_mb()
    started = time.perf_counter()
    await embedder.embed(["warm-up"])  # loads the model
    load_s = time.perf_counter() - started
    items = [m for p in projects for m in p.memories]
    started = time.perf_counter()
    vectors = await embedder.embed([m.content for m in items])
    batch_s = time.perf_counter() - started
    memories = {m.id: v for m, v in zip(items, vectors, strict=True)}
    queries: list[list[float]] = []
    timings: list[float] = []
    for query in (q for p in projects for q in p.queries):
        started = time.perf_counter()
        queries += await embedder.embed([query.text])
        timings.append((time.perf_counter() - started) * 1000)
    pairs = await embedder.embed([pair.text for p in projects for pair in p.pairs])
    figures = {
        "space": embedder.space,
        "load_s": round(load_s, 2),
        "memories_per_s": round(len(items) / batch_s, 1),
        "query": latency_ms(timings, digits=2),
        "peak_rss_mb": _rss_mb(),
        "peak_rss_mb_before_load": rss_before,
    }
    return memories, queries, pairs, figures


async def bench_quality(
    embedder: Embedder,
    *,
    postgres_url: str | None = None,
    fusion: FusionSettings = DEFAULT_FUSION,
    projects: Sequence[Project] | None = None,
    tune: bool = False,
) -> dict[str, Any]:
    """One JSON-able object: the set's size, the embedder's figures, a row per backend, mode
    and query kind, the dedup curve and whether the issue's targets are met."""
    projects = labelled_set() if projects is None else projects
    queries = [q for p in projects for q in p.queries]
    halves = [half(p.name, q) for p in projects for q in p.queries]
    memories, query_vectors, pair_vectors, embedder_figures = await embed_set(embedder, projects)
    vector: list[Ranking] = []
    for project, start in _offsets(projects):
        scope = {m.id: memories[m.id] for m in project.memories}
        for offset in range(len(project.queries)):
            vector.append(vector_ranking(query_vectors[start + offset], scope))
    backends = [("sqlite", "sqlite+aiosqlite:///unused")]
    if postgres_url is not None:
        backends.append(("postgresql", postgres_url))
    results: list[dict[str, Any]] = []
    tuning: list[dict[str, Any]] = []
    texts = {m.id: m.content for p in projects for m in p.memories}
    for backend, url in backends:
        keyword = await keyword_rankings(url, projects, max(fusion.depth, *SWEEP_DEPTHS))
        plain, hybrid = (
            [
                hybrid_ranking(kw, v, settings, q.text, texts)
                for q, kw, v in zip(queries, keyword, vector, strict=True)
            ]
            for settings in (PLAIN_RRF, fusion)
        )
        if tune and not tuning:
            at = [i for i, h in enumerate(halves) if h == "tuning"]
            tuning = [
                {"backend": backend, **row}
                for row in sweep(
                    [queries[i] for i in at],
                    [keyword[i] for i in at],
                    [vector[i] for i in at],
                    texts,
                )
            ]
        modes = (("keyword", keyword), ("vector", vector), ("rrf", plain), ("hybrid", hybrid))
        for mode, rankings in modes:
            for split in SPLITS:
                chosen = [i for i, h in enumerate(halves) if split in ("all", h)]
                found = scores([queries[i] for i in chosen], [rankings[i] for i in chosen])
                for kind, figures in found.items():
                    results.append(
                        {"backend": backend, "split": split, "mode": mode, "kind": kind, **figures}
                    )
    pairs = [pair for p in projects for pair in p.pairs]
    similarities = [
        round(cosine(memories[pair.memory], v), 4)
        for pair, v in zip(pairs, pair_vectors, strict=True)
    ]
    curve = dedup_curve(similarities, [pair.duplicate for pair in pairs], THRESHOLDS)
    threshold = chosen_threshold(curve, TARGET_DEDUP_PRECISION)
    nearest = []
    for project, vectors in zip(
        projects, _project_pair_vectors(projects, pair_vectors), strict=True
    ):
        scope = {m.id: memories[m.id] for m in project.memories}
        for v in vectors:
            best = vector_ranking(v, scope)[0]
            nearest.append((best, round(cosine(v, scope[best]), 4)))
    in_scope = scope_dedup_curve(nearest, pairs, THRESHOLDS)
    return {
        "benchmark": "recall-quality",
        "set": {
            "projects": len(projects),
            "memories": len(memories),
            "queries": {kind: sum(q.kind == kind for q in queries) for kind in KINDS[:2]},
            "tuning_queries": halves.count("tuning"),
            "held_out_queries": halves.count("held-out"),
            "dedup_pairs": len(pairs),
            "duplicates": sum(pair.duplicate for pair in pairs),
        },
        "embedder": embedder_figures,
        "hybrid": {
            "rrf_k": fusion.k,
            "weights": {"keyword": fusion.keyword_weight, "vector": fusion.vector_weight},
            "depth": fusion.depth,
            "coverage_power": fusion.coverage_power,
        },
        "results": results,
        "dedup": {
            "chosen_threshold": threshold,
            "curve": curve,
            "in_scope": {
                "chosen_threshold": chosen_threshold(in_scope, TARGET_DEDUP_PRECISION),
                "curve": in_scope,
            },
        },
        "targets": _targets(results, threshold),
        "skipped": [] if postgres_url else ["postgresql: no URL (give --postgres)"],
        **({"sweep": tuning} if tune else {}),
    }


def _project_pair_vectors(
    projects: Sequence[Project], pair_vectors: Sequence[list[float]]
) -> list[list[list[float]]]:
    """The flat list of pair vectors cut back into one list per project."""
    found, start = [], 0
    for project in projects:
        found.append(list(pair_vectors[start : start + len(project.pairs)]))
        start += len(project.pairs)
    return found


def _offsets(projects: Sequence[Project]) -> list[tuple[Project, int]]:
    """Each project with the index of its first query in the flat list of queries."""
    found, start = [], 0
    for project in projects:
        found.append((project, start))
        start += len(project.queries)
    return found


def _targets(results: list[dict[str, Any]], threshold: float | None) -> dict[str, Any]:
    def figure(backend: str, mode: str, kind: str) -> float:
        return next(
            float(r["recall_at_5"])
            for r in results
            if (r["backend"], r["split"], r["mode"], r["kind"]) == (backend, "all", mode, kind)
        )

    backends = sorted({r["backend"] for r in results})
    paraphrased = all(
        figure(b, "hybrid", "paraphrased") >= TARGET_PARAPHRASED_RECALL for b in backends
    )
    literal = all(
        figure(b, "hybrid", "literal") >= figure(b, "keyword", "literal") for b in backends
    )
    return {
        "hybrid_paraphrased_recall_at_5_at_least_0.9": paraphrased,
        "hybrid_literal_never_below_keyword": literal,
        "dedup_precision_at_least_0.95": threshold is not None,
        "met": paraphrased and literal and threshold is not None,
    }
