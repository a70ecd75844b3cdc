"""Supersede over HTTP, against a real ``memoryd serve`` on PostgreSQL: an update through
``PATCH /v1/memories/{id}`` keeps what was believed before; ``as_of`` on listing and search
reads it back (a time without its offset is a 400 ``invalid_as_of``); ``GET
/v1/memories/{id}/history`` gives the timeline with who, why and when, and another scope's
or tenant's id is the same 404 as an unknown one."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.conftest import Served

pytestmark = [pytest.mark.redis, pytest.mark.postgres]

RABBIT = "The ingest service publishes its events to RabbitMQ."
NATS = "The ingest service moved off RabbitMQ to NATS JetStream."


def agent(served: Served, **bounds: Any) -> str:
    return served.key("agent", **{"projects": ("ingest",), "user": "alice", **bounds})


def test_as_of_and_history_over_http(served: Served) -> None:
    with served.client(agent(served)) as client:
        saved = client.post(
            "/v1/memories", json={"type": "project", "title": "Ingest queue", "content": RABBIT}
        )
        assert saved.status_code == 201, saved.text
        memory_id = saved.json()["id"]
        updated = client.patch(f"/v1/memories/{memory_id}", json={"content": NATS})
        assert updated.json()["action"] == "updated"

        history = client.get(f"/v1/memories/{memory_id}/history")
        assert history.status_code == 200, history.text
        body = history.json()
        assert body["id"] == memory_id and body["hidden"] == 0
        first, last = body["versions"]
        assert (first["content"], first["superseded_by"], first["current"]) == (
            RABBIT,
            memory_id,
            False,
        )
        assert first["ended_by"]["action"] == "update"
        assert first["ended_by"]["actor"] == "agent"
        assert first["valid_to"] == last["valid_from"]
        assert (last["content"], last["valid_to"], last["current"]) == (NATS, None, True)
        assert [c["action"] for c in body["changes"]] == ["create", "update"]
        # The server's clock dated the versions: the first was believed from its valid_from.
        between = first["valid_from"].replace("+00:00", "Z")

        now = client.get("/v1/memories").json()["memories"]
        assert [m["content"] for m in now] == [NATS]
        then = client.get("/v1/memories", params={"as_of": between}).json()["memories"]
        assert [(m["id"], m["content"]) for m in then] == [(memory_id, RABBIT)]
        before = client.get("/v1/memories", params={"as_of": "2000-01-01T00:00:00Z"})
        assert before.json()["memories"] == []
        found = client.get(
            "/v1/recall/search", params={"query": "message queue", "as_of": between}
        ).json()["memories"]
        assert [m["content"] for m in found] == [RABBIT]
        current = client.get("/v1/recall/search", params={"query": "queue"}).json()["memories"]
        assert [m["content"] for m in current] == [NATS]

        for bad in ("2026-10-05", "2026-10-05T09:00:00", "2026-13-01T00:00:00Z", "9" * 200):
            for path, extra in (("/v1/memories", {}), ("/v1/recall/search", {"query": "q"})):
                refused = client.get(path, params={"as_of": bad, **extra})
                assert refused.status_code == 400, (path, bad, refused.text)
                error = refused.json()["error"]
                assert error["code"] == "invalid_as_of" and "RFC 3339" in error["message"]

    unknown = "m" + "0" * 13
    for other in (
        agent(served, tenant="globex", projects=("ingest",)),
        agent(served, projects=("billing",)),
    ):
        with served.client(other) as client:
            theirs = client.get(f"/v1/memories/{memory_id}/history")
            missing = client.get(f"/v1/memories/{unknown}/history")
            assert theirs.status_code == missing.status_code == 404
            assert theirs.json()["error"]["code"] == missing.json()["error"]["code"]
            assert client.get("/v1/memories", params={"as_of": between}).json()["memories"] == []
