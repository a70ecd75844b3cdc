"""``GET /v1/recall/search`` ranks as every search does, with the server's embeddings (the
fake model server's ``/v1/embeddings``): ``mode`` and the filters as parameters, every
answer naming the mode that ran and why it fell back; a time that is not RFC 3339 is a 400
``invalid_time``; ``author`` keeps what one user wrote, as the list does; an ``as_of``
search ranks by keywords and takes no time, session or author filter; ``/metrics`` counts
searches by mode and fallback."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from daemon.access.grant import Role
from daemon.api.tools_port import memory_tools
from daemon.base.clock import FakeClock
from daemon.maintenance.embedding import Backfill
from daemon.store.tables import memory_vectors
from daemon.testing.fakellm import FakeLLM, error
from daemon.tools.memory import Caller, TurnRef
from tests.api.in_process import MID_WINDOW, Api, in_process
from tests.backends import SqliteTemplate
from tests.tools.helpers import grant

pytestmark = [pytest.mark.redis]

PROJECT = "github.com/acme/ingest"
RABBIT = "Ingest moved off RabbitMQ to NATS JetStream."
COMMITS = "Ann prefers short commit messages."


@pytest.fixture
async def api(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str, fake_llm: FakeLLM
) -> AsyncIterator[Api]:
    fake_llm.embeddings.concepts.update({"rabbitmq": "broker", "nats": "broker"})
    embeddings = {"base_url": fake_llm.base_url, "model": "fake-embedding", "dimensions": 64}
    async with in_process(sqlite_template, tmp_path, prefix, embeddings=embeddings) as api:
        yield api


async def _seed(api: Api) -> dict[str, str]:
    tools = memory_tools(api.ctx)
    caller = Caller.of(grant(Role.AGENT, projects=(PROJECT,)))
    ids = {}
    for name, content in (("rabbit", RABBIT), ("commits", COMMITS)):
        written = await tools.save(
            caller, type="project", title=content[:20], content=content, at=TurnRef("s-1", 1)
        )
        ids[name] = written.public_id
    embedder = api.ctx.container.embedder
    assert embedder is not None
    # each save embeds its text for the near-duplicate check; the backfill takes any deferred
    report = await Backfill(embedder, FakeClock(MID_WINDOW)).run(api.ctx.store)
    assert not report.retry, report.error
    async with api.ctx.store.connect() as conn:
        stored = await conn.execute(sa.select(sa.func.count()).select_from(memory_vectors))
        assert stored.scalar_one() == 2
    return ids


async def test_search_takes_a_mode_and_filters_and_names_what_ran(
    api: Api, fake_llm: FakeLLM
) -> None:
    ids = await _seed(api)
    key = await api.key(Role.READER, projects=(PROJECT,))
    async with api.client(key) as client:

        async def search(**params: str) -> dict[str, object]:
            answer = await client.get("/v1/recall/search", params={"query": "broker", **params})
            assert answer.status_code == 200, answer.text
            body: dict[str, object] = answer.json()
            return body

        def found(body: dict[str, object]) -> list[str]:
            return [m["id"] for m in body["memories"]]  # type: ignore[attr-defined]

        auto = await search()
        assert (auto["mode"], auto["fallback"]) == ("hybrid", None)
        assert found(auto)[0] == ids["rabbit"]
        words = await search(mode="keyword")
        assert (words["mode"], found(words)) == ("keyword", [])
        meaning = await search(mode="vector", limit="1")
        assert (meaning["mode"], found(meaning)) == ("vector", [ids["rabbit"]])
        assert found(await search(created_after="2026-01-02T00:00:00Z")) == []
        assert found(await search(source_session="s-2")) == []
        assert found(await search(source_session="s-1", mode="vector", limit="1")) == [
            ids["rabbit"]
        ]
        # the provider refuses the query: keywords, and the answer says why
        fake_llm.embeddings.script([error(401, "invalid api key")])
        failed = await search(query="commit broker")
        assert (failed["mode"], failed["fallback"]) == ("keyword", "embedding_failed")
        assert found(failed) == [ids["commits"]]
        then = await search(as_of="2026-01-01T00:00:30Z", mode="hybrid")
        assert (then["mode"], then["fallback"]) == ("keyword", "as_of")

        bad = await client.get(
            "/v1/recall/search", params={"query": "broker", "created_before": "yesterday"}
        )
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "invalid_time"
        mixed = await client.get(
            "/v1/recall/search",
            params={"query": "broker", "as_of": "2026-01-01T00:00:30Z", "source_session": "s"},
        )
        assert mixed.status_code == 400 and mixed.json()["error"]["code"] == "invalid_filter"
        unknown = await client.get("/v1/recall/search", params={"query": "x", "mode": "magic"})
        assert unknown.status_code == 422

        metrics = (await client.get("/metrics")).text
        assert 'memoryd_searches_total{fallback="",mode="hybrid"} 3.0' in metrics
        assert 'memoryd_searches_total{fallback="embedding_failed",mode="keyword"} 1.0' in metrics
        assert 'memoryd_search_keyword_fallbacks_total{reason="permanent"} 1.0' in metrics


async def test_search_filters_by_author_as_the_list_does(api: Api) -> None:
    tools = memory_tools(api.ctx)
    written = {}
    for who, content in (("alice", RABBIT), ("bob", "Ingest retries NATS publishes twice.")):
        caller = Caller.of(grant(Role.AGENT, projects=(PROJECT,), user=who))
        saved = await tools.save(caller, type="project", title=content[:20], content=content)
        written[who] = saved.public_id
    key = await api.key(Role.READER, projects=(PROJECT,))
    async with api.client(key) as client:

        async def found(**params: str) -> list[str]:
            answer = await client.get("/v1/recall/search", params={"query": "nats", **params})
            assert answer.status_code == 200, answer.text
            return [m["id"] for m in answer.json()["memories"]]

        assert sorted(await found()) == sorted(written.values())
        assert await found(author="alice") == [written["alice"]]
        assert await found(author="bob", mode="keyword") == [written["bob"]]
        assert await found(author="carol") == []
        listed = await client.get("/v1/memories", params={"author": "bob"})
        assert [m["id"] for m in listed.json()["memories"]] == [written["bob"]]
        mixed = await client.get(
            "/v1/recall/search",
            params={"query": "nats", "as_of": "2026-01-01T00:00:30Z", "author": "bob"},
        )
        assert mixed.status_code == 400 and mixed.json()["error"]["code"] == "invalid_filter"
        empty = await client.get("/v1/recall/search", params={"query": "nats", "author": ""})
        assert empty.status_code == 422
