"""Semantic dedup over HTTP, with the server's embeddings (the fake model server's
``/v1/embeddings``): a ``PATCH`` whose new text means what another memory of the scope says
is absorbed by it and answered as a save is (``dedup``, ``absorbed_by``); one that duplicates
nothing is an update reported ``dedup: checked``; during an embedding outage ``deferred``."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from daemon.access.grant import Role
from daemon.testing.fakellm import FakeLLM, error
from tests.api.in_process import Api, in_process
from tests.backends import SqliteTemplate

pytestmark = [pytest.mark.redis]

RABBIT = {"type": "project", "title": "Ingest queue", "content": "Ingest uses RabbitMQ."}
DEPLOYS = {"type": "project", "title": "Deploys", "content": "Billing deploys on Tuesdays."}
BROKER = {"title": "Ingest queue", "content": "Ingest uses the broker."}


@pytest.fixture
async def api(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str, fake_llm: FakeLLM
) -> AsyncIterator[Api]:
    fake_llm.embeddings.concepts.update({"rabbitmq": "broker", "queue": "broker"})
    embeddings = {"base_url": fake_llm.base_url, "model": "fake-embedding", "dimensions": 64}
    async with in_process(sqlite_template, tmp_path, prefix, embeddings=embeddings) as api:
        yield api


async def _save(client: Any, body: dict[str, str]) -> dict[str, Any]:
    saved = await client.post("/v1/memories", json=body)
    assert saved.status_code == 201, saved.text
    return dict(saved.json())


async def test_a_patch_is_checked_for_near_duplicates_as_a_save_is(
    api: Api, fake_llm: FakeLLM
) -> None:
    key = await api.key(Role.AGENT, user="alice")
    async with api.client(key) as client:
        rabbit = await _save(client, RABBIT)
        deploys = await _save(client, DEPLOYS)
        assert rabbit["dedup"] == "checked"

        moved = await client.patch(
            f"/v1/memories/{deploys['id']}", json={"content": "Billing deploys on Thursdays."}
        )
        assert moved.status_code == 200, moved.text
        assert (moved.json()["dedup"], moved.json()["absorbed_by"]) == ("checked", None)

        fake_llm.embeddings.script([error(503, "down")])
        later = await client.patch(
            f"/v1/memories/{deploys['id']}", json={"content": "Billing deploys on Mondays."}
        )
        assert (later.json()["id"], later.json()["dedup"]) == (deploys["id"], "deferred")

        absorbed = await client.patch(f"/v1/memories/{deploys['id']}", json=BROKER)
        assert absorbed.status_code == 200, absorbed.text
        body = absorbed.json()
        assert (body["id"], body["action"], body["dedup"], body["absorbed_by"]) == (
            rabbit["id"], "updated", "checked", rabbit["id"],
        )  # fmt: skip
        assert (await client.get(f"/v1/memories/{deploys['id']}")).status_code == 404
        kept = (await client.get(f"/v1/memories/{rabbit['id']}")).json()["memory"]
        assert kept["content"] == BROKER["content"]
