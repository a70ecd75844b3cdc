"""MCP ``memory_search`` and the extractor's ``memory_search`` rank as every search does, on
both backends, with the fake model server's embeddings: MCP takes ``mode`` and the filters
(``author`` among them) and names the ranking that ran in its text and its structure; an
``as_of`` search with a time filter is refused ``invalid``; the extractor's reader finds by
meaning."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from mcp import Client

from daemon.app.container import Container
from daemon.base.settings import RecallSettings
from daemon.embeddings.endpoint import OpenAIEmbedder, open_client
from daemon.embeddings.query import QueryEmbedder
from daemon.extraction.runner import _Reader
from daemon.gate.screening import Limits
from daemon.maintenance.embedding import Backfill
from daemon.mcp.memory_server import build_mcp, fixed_caller
from daemon.recall import HybridSearch, Recall
from daemon.testing.fakellm import FakeLLM
from daemon.tools.memory import MemoryTools
from tests.mcp.mcp_support import refusal, structured
from tests.tools.helpers import caller

RABBIT = "Ingest moved off RabbitMQ to NATS JetStream."
COMMITS = "Ann prefers short commit messages."


@pytest.fixture
async def searcher(runtime: Container, fake_llm: FakeLLM) -> AsyncIterator[HybridSearch]:
    """A searcher on the fake server's embeddings, the runtime's memories embedded."""
    fake_llm.embeddings.concepts.update({"rabbitmq": "broker", "nats": "broker"})
    client = open_client(
        base_url=fake_llm.base_url, api_key=None, timeout_s=5.0, connect_timeout_s=5.0
    )
    embedder = OpenAIEmbedder(client, model="fake-embedding", dims=64, send_dimensions=True)
    try:
        yield HybridSearch(RecallSettings(), QueryEmbedder(embedder), runtime.clock)
    finally:
        await embedder.aclose()


async def _embed(runtime: Container, searcher: HybridSearch) -> None:
    query_embedder = searcher.query_embedder
    assert query_embedder is not None
    report = await Backfill(query_embedder.embedder, runtime.clock).run(runtime.store)
    assert report.embedded >= 2


async def test_memory_search_over_mcp_names_the_ranking(
    runtime: Container, searcher: HybridSearch
) -> None:
    recall = Recall(runtime.store, runtime.clock, searcher=searcher)
    limits = Limits.from_settings(runtime.settings.extraction)
    tools = MemoryTools(runtime.store, recall, runtime.clock, limits)
    server = build_mcp(tools, fixed_caller(caller()))
    async with Client(server) as client:
        for content in (RABBIT, COMMITS):
            saved = await client.call_tool(
                "memory_save", {"type": "project", "title": content[:20], "content": content}
            )
            assert not saved.is_error, saved
        await _embed(runtime, searcher)
        found = await client.call_tool("memory_search", {"query": "message broker"})
        body = structured(found)
        assert (body["mode"], body["fallback"]) == ("hybrid", None)
        assert RABBIT in [m["content"] for m in body["memories"]]
        assert found.content[0].text.endswith("(ranked by hybrid)")  # type: ignore[union-attr]
        words = structured(
            await client.call_tool("memory_search", {"query": "message broker", "mode": "keyword"})
        )
        assert words["mode"] == "keyword"
        assert [m["content"] for m in words["memories"]] == [COMMITS]
        later = structured(
            await client.call_tool(
                "memory_search",
                {"query": "message broker", "created_after": "2099-01-01T00:00:00Z"},
            )
        )
        assert later["memories"] == []
        mixed = await client.call_tool(
            "memory_search",
            {
                "query": "broker",
                "as_of": "2026-01-01T00:00:00Z",
                "created_after": "2026-01-01T00:00:00Z",
            },
        )
        assert mixed.is_error and refusal(mixed)["code"] == "invalid"
    await recall.aclose(close_store=False)


async def test_memory_search_over_mcp_filters_by_author(
    runtime: Container, searcher: HybridSearch
) -> None:
    """``author`` keeps the memories that user wrote, as ``GET /v1/memories`` lists them,
    in every ranking; an ``as_of`` search with it is refused ``invalid``."""
    recall = Recall(runtime.store, runtime.clock, searcher=searcher)
    limits = Limits.from_settings(runtime.settings.extraction)
    tools = MemoryTools(runtime.store, recall, runtime.clock, limits)
    bobs = "Ingest retries NATS publishes three times."
    for who, content in (("alice", RABBIT), ("bob", bobs)):
        await tools.save(caller(user=who), type="project", title=content[:20], content=content)
    await _embed(runtime, searcher)
    async with Client(build_mcp(tools, fixed_caller(caller()))) as client:

        async def found(**arguments: str) -> list[str]:
            answer = await client.call_tool("memory_search", {"query": "nats", **arguments})
            return [m["content"] for m in structured(answer)["memories"]]

        assert sorted(await found()) == sorted([RABBIT, bobs])
        assert await found(author="bob") == [bobs]
        assert await found(author="alice", mode="keyword") == [RABBIT]
        assert await found(author="carol", mode="vector") == []
        mixed = await client.call_tool(
            "memory_search", {"query": "nats", "as_of": "2026-01-01T00:00:00Z", "author": "bob"}
        )
        assert mixed.is_error and refusal(mixed)["code"] == "invalid"
    await recall.aclose(close_store=False)


async def test_the_extractors_memory_search_finds_by_meaning(
    runtime: Container, searcher: HybridSearch
) -> None:
    recall = Recall(runtime.store, runtime.clock, searcher=searcher)
    limits = Limits.from_settings(runtime.settings.extraction)
    tools = MemoryTools(runtime.store, recall, runtime.clock, limits)
    for content in (RABBIT, COMMITS):
        await tools.save(caller(), type="project", title=content[:20], content=content)
    await _embed(runtime, searcher)
    reader = _Reader(runtime.store, caller().scope, searcher)
    found = await reader.search("which broker does ingest use", limit=1)
    assert [m.content for m in found] == [RABBIT]
    assert searcher.stats.counts == {("hybrid", ""): 1}
    await recall.aclose(close_store=False)
