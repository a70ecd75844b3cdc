"""``POST /v1/memory-batches`` on SQLite and PostgreSQL: each item judged alone (a secret, a
duplicate or a malformed item refused with its code, the others saved), 201 when all were
saved, a batch over the cap refused whole, a body over the request cap refused, and keys
that may not write or name another scope refused."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from daemon.access.grant import Role
from daemon.api.application import create_app
from daemon.base.clock import FakeClock
from tests.api.conftest import drop_prefix
from tests.api.in_process import MID_WINDOW, Api
from tests.backends import unavailable

pytestmark = [pytest.mark.redis]

DEPLOY = "The billing service deploys on Fridays after the 14:00 UTC freeze."
QUEUE = "The ingest service publishes its events to NATS JetStream."


@pytest.fixture
async def api(
    settings_factory: Any, prefix: str, real_redis_error: BaseException | None
) -> AsyncIterator[Api]:
    if real_redis_error is not None:
        unavailable("Redis", real_redis_error)
    settings = settings_factory(api={"max_memories_per_batch": 5, "max_request_bytes": 200_000})
    app = create_app(settings, clock=FakeClock(MID_WINDOW))
    try:
        async with app.router.lifespan_context(app):
            yield Api(app, app.state.ctx.clock)
    finally:
        drop_prefix(prefix)


def item(title: str, content: str, **extra: Any) -> dict[str, Any]:
    return {"type": "project", "title": title, "content": content, **extra}


async def test_each_item_is_judged_alone(api: Api) -> None:
    key = await api.key(Role.AGENT, user="alice")
    batch = [
        item("Deploy day", DEPLOY),
        item("Token", "The deploy key is sk-live-4eC39HqLyjWDarjtT1zdp7dc"),
        {"type": "project", "title": "No content"},
        item("Deploy day again", DEPLOY),
        item("Queue", QUEUE, session_id="s-1", turn=3),
    ]
    async with api.client(key) as client:
        response = await client.post("/v1/memory-batches", json={"memories": batch})
        assert response.status_code == 422, response.text
        body = response.json()
        assert "sk-live" not in response.text
        assert body["error"]["code"] == "memories_refused"
        assert (body["saved"], body["refused"]) == (2, 3)
        results = body["results"]
        assert [r["index"] for r in results] == [0, 1, 2, 3, 4]
        assert [r["ok"] for r in results] == [True, False, False, False, True]
        assert [r["error"]["code"] for r in results if not r["ok"]] == [
            "secret",
            "invalid_request",
            "duplicate",
        ]
        assert results[0]["action"] == "created"
        listed = (await client.get("/v1/memories")).json()["memories"]
        assert sorted(m["id"] for m in listed) == sorted([results[0]["id"], results[4]["id"]])
        only = (await client.get("/v1/memories", params={"session": "s-1"})).json()["memories"]
        assert [m["content"] for m in only] == [QUEUE]

        fine = await client.post(
            "/v1/memory-batches",
            json={"memories": [item("Alerts", "Alerts page the on-call engineer via Opsgenie.")]},
        )
        assert fine.status_code == 201, fine.text
        assert fine.json()["error"] is None and fine.json()["saved"] == 1


async def test_oversize_and_malformed_batches_are_refused_whole(api: Api) -> None:
    key = await api.key(Role.AGENT, user="alice")
    many = [item(f"Fact {n}", f"Service {n} runs in region eu-west-{n}.") for n in range(6)]
    async with api.client(key) as client:
        over = await client.post("/v1/memory-batches", json={"memories": many})
        assert over.status_code == 413 and over.json()["error"]["code"] == "too_many_memories"
        big = [item(f"Big {n}", "word " * 15_000) for n in range(4)]
        huge = await client.post("/v1/memory-batches", json={"memories": big})
        assert huge.status_code == 413 and huge.json()["error"]["code"] == "payload_too_large"
        for bad in ({"memories": []}, {"memories": "x"}, [item("a", DEPLOY)], {"other": 1}):
            refused = await client.post("/v1/memory-batches", json=bad)
            assert refused.status_code == 422, (bad, refused.text)
        broken = await client.post(
            "/v1/memory-batches", content=b"{not json", headers={"content-type": "application/json"}
        )
        assert broken.status_code == 400
        assert (await client.get("/v1/memories")).json()["memories"] == []


async def test_keys_that_may_not_write_or_name_another_scope_save_nothing(api: Api) -> None:
    reader = await api.key(Role.READER, user="alice")
    async with api.client(reader) as client:
        refused = await client.post("/v1/memory-batches", json={"memories": [item("a", DEPLOY)]})
        assert refused.status_code == 403
    agent = await api.key(Role.AGENT, user="alice")
    async with api.client(agent) as client:
        outside = await client.post(
            "/v1/memory-batches",
            params={"project": "ingest"},
            json={"memories": [item("a", DEPLOY)]},
        )
        assert outside.status_code == 403
        assert (await client.get("/v1/memories")).json()["memories"] == []
