"""Query embedding: recent vectors cached by space and normalized text, least recent out
first; a provider's failure is a keyword fallback, counted by reason, never an error."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest
from structlog.testing import capture_logs

from daemon.base.embedding import EmbeddingFailed, unit
from daemon.embeddings.endpoint import BreakerOpen
from daemon.embeddings.query import QueryEmbedder, query_key


class Counting:
    """An embedder that counts its calls; ``fail`` is raised instead of answering."""

    def __init__(self, space: str = "test:m:2") -> None:
        self._space = space
        self.calls: list[list[str]] = []
        self.fail: EmbeddingFailed | None = None

    @property
    def space(self) -> str:
        return self._space

    @property
    def dims(self) -> int:
        return 2

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls.append(list(texts))
        await asyncio.sleep(0)  # let concurrent queries interleave
        if self.fail is not None:
            raise self.fail
        return [unit([len(t), 1.0]) for t in texts]


def test_query_key_folds_case_width_and_spaces() -> None:
    assert query_key("  Message\tBROKER ") == query_key("message broker")
    full_width = "".join(chr(ord(c) + 0xFEE0) for c in "message")
    assert query_key(full_width) == "message"  # NFKC: full-width letters
    assert query_key("message broker") != query_key("message brokers")


async def test_a_repeated_query_is_answered_from_the_cache() -> None:
    inner = Counting()
    queries = QueryEmbedder(inner, cache_size=8)
    first = await queries.embed_query("Message broker")
    again = await queries.embed_query("message   BROKER")
    assert first == again == unit([len("Message broker"), 1.0])
    assert inner.calls == [["Message broker"]]
    assert (queries.stats.hits, queries.stats.misses) == (1, 1)
    first.append(9.0)  # a caller's copy: the cache is not changed through it
    assert await queries.embed_query("message broker") == again


async def test_the_least_recently_used_query_goes_first() -> None:
    inner = Counting()
    queries = QueryEmbedder(inner, cache_size=2)
    await queries.embed_query("a")
    await queries.embed_query("b")
    await queries.embed_query("a")  # "a" is now the most recent
    await queries.embed_query("c")  # evicts "b"
    assert queries.cached() == 2
    await queries.embed_query("a")
    await queries.embed_query("b")
    assert inner.calls == [["a"], ["b"], ["c"], ["b"]]


async def test_a_size_of_zero_keeps_nothing() -> None:
    inner = Counting()
    queries = QueryEmbedder(inner, cache_size=0)
    await queries.embed_query("a")
    await queries.embed_query("a")
    assert len(inner.calls) == 2 and queries.cached() == 0
    with pytest.raises(ValueError, match="negative"):
        QueryEmbedder(inner, cache_size=-1)


async def test_vectors_of_another_space_are_never_served() -> None:
    """The cache is keyed by space: a changed model embeds again."""
    inner = Counting("test:old:2")
    queries = QueryEmbedder(inner)
    await queries.embed_query("queue")
    inner._space = "test:new:2"
    await queries.embed_query("queue")
    assert inner.calls == [["queue"], ["queue"]]


async def test_concurrent_queries_all_get_their_own_vector() -> None:
    inner = Counting()
    queries = QueryEmbedder(inner, cache_size=4)
    texts = [f"q{i % 6}" * (i % 6 + 1) for i in range(40)]
    vectors = await asyncio.gather(*(queries.embed_query(t) for t in texts))
    assert vectors == [unit([len(t), 1.0]) for t in texts]
    assert queries.cached() == 4
    assert queries.stats.hits + queries.stats.misses == 40


@pytest.mark.parametrize(
    ("failure", "reason"),
    [
        (BreakerOpen("the breaker is open", retry_after_s=3.0), "breaker_open"),
        (EmbeddingFailed("HTTP 503: overloaded", transient=True), "transient"),
        (EmbeddingFailed("HTTP 401: bad key", transient=False), "permanent"),
    ],
)
async def test_a_failure_falls_back_to_keywords_and_is_counted(
    failure: EmbeddingFailed, reason: str
) -> None:
    inner = Counting()
    inner.fail = failure
    queries = QueryEmbedder(inner)
    with capture_logs() as logs:
        assert await queries.try_embed_query("message broker") is None
        assert await queries.try_embed_query("message broker") is None  # not cached
    assert queries.stats.fallbacks == {reason: 2}
    assert queries.stats.fallback_total == 2
    assert [e["event"] for e in logs] == ["embeddings.query_fallback"] * 2
    assert logs[0]["reason"] == reason and logs[0]["space"] == "test:m:2"
    inner.fail = None  # the provider is back: the next search ranks by meaning again
    assert await queries.try_embed_query("message broker") is not None


async def test_a_blank_query_has_nothing_to_rank_by() -> None:
    inner = Counting()
    queries = QueryEmbedder(inner)
    assert await queries.try_embed_query(" \t") is None
    assert inner.calls == [] and queries.stats.fallback_total == 0


async def test_what_is_not_the_providers_failure_is_raised() -> None:
    """A bug is not hidden as a fallback."""

    class Broken(Counting):
        async def embed(self, texts: Sequence[str]) -> list[list[float]]:
            raise RuntimeError("a bug")

    queries = QueryEmbedder(Broken())
    with pytest.raises(RuntimeError, match="a bug"):
        await queries.try_embed_query("anything")
    assert queries.stats.fallback_total == 0
