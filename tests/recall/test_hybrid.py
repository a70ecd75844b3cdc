"""Every search ranked the one way, on SQLite, PostgreSQL without pgvector (exact scan) and
PostgreSQL with pgvector (HNSW), with the fake model server's ``/v1/embeddings``: ``auto``
ranks by meaning and keywords fused when the scope has vectors of the current model;
``keyword``, ``vector`` and ``hybrid`` run what they name; every filter holds inside every
ranking; the fusion is :func:`daemon.recall.fusion.fuse` with the recall settings (the
keyword ranking weighed by how much of the query its best match covers); a query that
cannot be embedded is searched by keywords and says so (in the
answer and the counts); a crowded neighbouring scope never ranks in a small one; vectors of
another model are never ranked."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest

from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.base.settings import RecallSettings
from daemon.embeddings.endpoint import OpenAIEmbedder, open_client
from daemon.embeddings.query import QueryEmbedder
from daemon.maintenance.embedding import Backfill
from daemon.recall import HybridSearch, Recall, SearchFilter
from daemon.recall.fusion import FusionSettings, rrf
from daemon.recall.hybrid import fusion_settings
from daemon.store.db import Store
from daemon.testing.fakellm import FakeLLM, error
from tests.maintenance.helpers import DAY, T0, add

pytestmark = pytest.mark.usefixtures("_close_embedders")

P1 = ScopeKey(project="p1")
RABBIT = "Ingest moved off RabbitMQ to NATS JetStream."
COMMITS = "Ann prefers short commit messages."
OTHERS = (
    "The billing service deploys on Tuesdays.",
    "Staging resets every night at midnight.",
    "The search index is rebuilt weekly.",
)
_OPEN: list[OpenAIEmbedder] = []


@pytest.fixture
async def _close_embedders() -> AsyncIterator[None]:
    yield
    while _OPEN:
        await _OPEN.pop().aclose()


def embedder(fake: FakeLLM, model: str = "fake-embedding") -> OpenAIEmbedder:
    client = open_client(base_url=fake.base_url, api_key=None, timeout_s=5.0, connect_timeout_s=5.0)
    made = OpenAIEmbedder(client, model=model, dims=64, send_dimensions=True)
    _OPEN.append(made)
    return made


@pytest.fixture
def fake(fake_llm: FakeLLM) -> FakeLLM:
    """The fake server, with the queue's names meaning one thing (a message broker)."""
    fake_llm.embeddings.concepts.update(
        {"rabbitmq": "broker", "nats": "broker", "jetstream": "broker", "queue": "broker"}
    )
    return fake_llm


async def embedded(store: Store, fake: FakeLLM, model: str = "fake-embedding") -> None:
    report = await Backfill(embedder(fake, model), FakeClock(T0)).run(store)
    assert not report.retry, report.error


def recall_of(store: Store, fake: FakeLLM | None, model: str = "fake-embedding") -> Recall:
    clock = FakeClock(T0)
    query = None if fake is None else QueryEmbedder(embedder(fake, model))
    return Recall(store, clock, searcher=HybridSearch(RecallSettings(), query, clock))


async def ids(recall: Recall, query: str, scope: ScopeKey = P1, **kw: Any) -> list[int]:
    mode = kw.pop("mode", None)
    found = await recall.ranked(query, scope, SearchFilter(**kw), mode=mode, mark=False)
    return [m.id for m in found.memories]


async def test_each_mode_ranks_as_it_says(vector_store: Store, fake: FakeLLM) -> None:
    """ "message broker" shares no word with the RabbitMQ memory: keywords find only the
    commit messages, meaning finds RabbitMQ first, hybrid both; auto runs hybrid."""
    rabbit = await add(vector_store, RABBIT)
    commits = await add(vector_store, COMMITS)
    for text in OTHERS:
        await add(vector_store, text)
    await embedded(vector_store, fake)
    recall = recall_of(vector_store, fake)
    query = "message broker"
    assert await ids(recall, query, mode="keyword") == [commits]
    assert (await ids(recall, query, mode="vector"))[0] == rabbit
    assert set((await ids(recall, query, mode="hybrid"))[:2]) == {rabbit, commits}
    found = await recall.ranked(query, P1, SearchFilter(limit=3), mark=False)
    assert (found.mode, found.fallback) == ("hybrid", None)
    assert len(found.memories) == 3 and {rabbit, commits} <= {m.id for m in found.memories}
    # a memory both rankings place high beats one that only one of them does
    assert (await ids(recall, "ingest broker", mode="hybrid"))[0] == rabbit
    counts = recall.searcher.stats.counts
    assert counts[("keyword", "")] == 1 and counts[("vector", "")] == 1
    assert counts[("hybrid", "")] == 3


async def test_hybrid_weighs_keywords_by_their_coverage_of_the_query(
    vector_store: Store, fake: FakeLLM
) -> None:
    """ "message broker": the commit memory matches one word of two, so the keyword ranking
    counts 1/16 and the RabbitMQ memory, first by meaning, comes first (plain RRF would put
    the commit memory, in both rankings, first). "short commit messages" is covered whole:
    its match keeps the keyword ranking's full weight and comes first."""
    rabbit = await add(vector_store, RABBIT)
    commits = await add(vector_store, COMMITS)
    for text in OTHERS:
        await add(vector_store, text)
    await embedded(vector_store, fake)
    recall = recall_of(vector_store, fake)
    by_words = await ids(recall, "message broker", mode="keyword", limit=20)
    by_meaning = await ids(recall, "message broker", mode="vector", limit=20)
    assert by_words[0] == commits and commits in by_meaning
    assert rrf([by_words, by_meaning], k=10)[0][0] == commits  # plain RRF's first
    assert (await ids(recall, "message broker", mode="hybrid"))[0] == rabbit
    assert (await ids(recall, "short commit messages", mode="hybrid"))[0] == commits


def test_the_fusion_is_built_from_the_recall_settings() -> None:
    """MEMORYD_RECALL__* map to the fusion's weights, coverage power, k and depth; the
    defaults are the fusion ./dev bench recall-quality chose."""
    assert fusion_settings(RecallSettings()) == FusionSettings()
    tuned = RecallSettings(
        keyword_weight=0.5, vector_weight=2.0, coverage_power=0, rrf_k=30, candidates=15
    )
    assert fusion_settings(tuned) == FusionSettings(
        keyword_weight=0.5, vector_weight=2.0, k=30, depth=15, coverage_power=0
    )
    assert fusion_settings(tuned, 50).depth == 50  # a deeper search reads deeper


@pytest.mark.parametrize("mode", ["keyword", "vector", "hybrid"])
async def test_every_filter_holds_inside_every_ranking(
    vector_store: Store, fake: FakeLLM, mode: str
) -> None:
    s = vector_store
    old = await add(
        s, RABBIT, created_at=T0 - 10 * DAY, source_session="s-old", title="Ingest broker"
    )
    new = await add(
        s,
        "The ingest queue for billing events is RabbitMQ.",
        type="decision",
        **{"class": "working"},
        created_at=T0 - DAY,
        updated_at=T0,
        source_session="s-new",
        title="Ingest broker",
    )
    await embedded(s, fake)
    recall = recall_of(s, fake)
    query = "ingest broker"

    async def only(**kw: Any) -> list[int]:
        return await ids(recall, query, mode=mode, **kw)

    assert sorted(await only()) == sorted([old, new])
    assert await only(types=["decision"]) == [new]
    assert await only(types=["project"]) == [old]
    assert await only(classes=["working"]) == [new]
    assert await only(classes=["durable"]) == [old]
    assert await only(created_after=T0 - 2 * DAY) == [new]
    assert await only(created_before=T0 - 2 * DAY) == [old]
    assert await only(updated_after=T0 - timedelta(hours=1)) == [new]
    assert await only(updated_before=T0 - timedelta(hours=1)) == [old]
    assert await only(source_session="s-old") == [old]
    assert await only(source_session="s-new", created_before=T0 - 2 * DAY) == []
    assert await only(created_after=T0 - DAY, created_before=T0) == [new]  # after is inclusive


async def test_a_query_that_cannot_be_embedded_is_searched_by_keywords(
    vector_store: Store, fake: FakeLLM
) -> None:
    commits = await add(vector_store, COMMITS)
    await add(vector_store, RABBIT)
    await embedded(vector_store, fake)
    recall = recall_of(vector_store, fake)
    fake.embeddings.script([error(401, "invalid api key")])
    found = await recall.ranked("commit message broker", P1, mark=False)
    assert (found.mode, found.fallback) == ("keyword", "embedding_failed")
    assert [m.id for m in found.memories] == [commits]
    assert found.described() == {"mode": "keyword", "fallback": "embedding_failed"}
    query_embedder = recall.searcher.query_embedder
    assert query_embedder is not None and query_embedder.stats.fallbacks == {"permanent": 1}
    assert recall.searcher.stats.counts == {("keyword", "embedding_failed"): 1}
    # the provider back: the same search ranks by meaning again
    again = await recall.ranked("commit message broker", P1, mark=False)
    assert (again.mode, again.fallback) == ("hybrid", None)


async def test_without_embeddings_search_is_by_keywords(vector_store: Store) -> None:
    commits = await add(vector_store, COMMITS)
    recall = recall_of(vector_store, None)
    found = await recall.ranked("commit messages", P1, mark=False)
    assert ([m.id for m in found.memories], found.mode, found.fallback) == (
        [commits],
        "keyword",
        None,
    )
    asked = await recall.ranked("commit messages", P1, mode="vector", mark=False)
    assert (asked.mode, asked.fallback) == ("keyword", "embeddings_off")


async def test_vectors_of_another_model_never_rank(vector_store: Store, fake: FakeLLM) -> None:
    """The memories were embedded by one model and the searcher runs another: auto ranks by
    keywords (and says the scope has no vectors of the current model), vector finds nothing,
    hybrid finds the keyword matches only."""
    commits = await add(vector_store, COMMITS)
    await add(vector_store, RABBIT)
    await embedded(vector_store, fake, model="old-model")
    recall = recall_of(vector_store, fake, model="new-model")
    found = await recall.ranked("message broker", P1, mark=False)
    assert ([m.id for m in found.memories], found.mode, found.fallback) == (
        [commits],
        "keyword",
        "no_vectors",
    )
    assert await ids(recall, "message broker", mode="vector") == []
    assert await ids(recall, "message broker", mode="hybrid") == [commits]


@pytest.mark.parametrize("mode", ["vector", "hybrid"])
async def test_a_crowded_neighbour_scope_never_ranks(
    vector_store: Store, fake: FakeLLM, mode: str
) -> None:
    """300 memories of project p2 say the query itself; p1's 4 say other things. p1's
    search gets its own memories only, as many as it asked for, through the HNSW index
    or not."""
    query = "which message broker does ingest use"
    crowd = {await add(vector_store, f"{query} {n}", project="p2") for n in range(300)}
    small = [await add(vector_store, text) for text in (RABBIT, *OTHERS)]
    await embedded(vector_store, fake)
    recall = recall_of(vector_store, fake)
    found = await ids(recall, query, mode=mode, limit=3)
    assert len(found) == 3 and set(found) <= set(small) and found[0] == small[0]
    assert not set(found) & crowd
    assert set(await ids(recall, query, ScopeKey(project="p2"), mode=mode, limit=3)) <= crowd
