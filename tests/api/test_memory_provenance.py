"""A memory's provenance and restore over HTTP, on SQLite and PostgreSQL: ``source`` in
``GET /v1/memories/{id}/history`` names the session and turns it came from; ``POST
/v1/memories/{id}/restore`` brings back what the scope forgot (a live one is a 409, another
scope's a 404, a duplicate of a live memory a 422)."""

from __future__ import annotations

from typing import Any

import pytest

from daemon.access.grant import Role
from tests.api.in_process import Api

pytestmark = [pytest.mark.redis]

DEPLOY = "The billing service deploys on Fridays after the 14:00 UTC freeze."


async def save(api: Api, key: str, **body: Any) -> str:
    async with api.client(key) as client:
        response = await client.post("/v1/memories", json=body)
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


async def test_history_names_the_source_and_a_forgotten_memory_is_restored(api: Api) -> None:
    alice = await api.key(Role.AGENT, user="alice")
    memory_id = await save(
        api, alice, type="project", title="Deploy day", content=DEPLOY, session_id="s-9", turn=4
    )
    async with api.client(alice) as client:
        source = (await client.get(f"/v1/memories/{memory_id}/history")).json()["source"]
        assert (source["session"], source["turns"], source["user"]) == ("s-9", "4", "alice")
        assert source["created_by"] == "agent" and source["key_id"]

        live = await client.post(f"/v1/memories/{memory_id}/restore")
        assert live.status_code == 409 and live.json()["error"]["code"] == "not_forgotten"
        gone = await client.delete(f"/v1/memories/{memory_id}", params={"reason": "moved"})
        assert gone.status_code == 200
        assert (await client.get(f"/v1/memories/{memory_id}")).status_code == 404
    for other in (
        await api.key(Role.AGENT, user="alice", projects=("ingest",)),
        await api.key(Role.AGENT, user="alice", tenant="globex"),
        await api.key(Role.READER, user="alice"),
    ):
        async with api.client(other) as client:
            refused = await client.post(f"/v1/memories/{memory_id}/restore")
            assert refused.status_code in (403, 404), refused.text
    async with api.client(alice) as client:
        unknown = await client.post("/v1/memories/m0000000000000/restore")
        assert unknown.status_code == 404
        restored = await client.post(f"/v1/memories/{memory_id}/restore")
        assert restored.status_code == 200, restored.text
        assert restored.json()["action"] == "restored" and restored.json()["id"] == memory_id
        assert (await client.get(f"/v1/memories/{memory_id}")).json()["memory"]["content"] == DEPLOY
        changes = (await client.get(f"/v1/memories/{memory_id}/history")).json()["changes"]
        assert [c["action"] for c in changes] == ["create", "delete", "restore"]


async def test_a_restore_that_would_duplicate_a_live_memory_is_refused(api: Api) -> None:
    alice = await api.key(Role.AGENT, user="alice")
    first = await save(api, alice, type="project", title="Deploy day", content=DEPLOY)
    async with api.client(alice) as client:
        assert (await client.delete(f"/v1/memories/{first}")).status_code == 200
    await save(api, alice, type="project", title="Deploy day", content=DEPLOY)
    async with api.client(alice) as client:
        refused = await client.post(f"/v1/memories/{first}/restore")
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "duplicate"
