"""A memory's free-form metadata over HTTP, on SQLite and PostgreSQL: written by a save (and
a batch), answered with every memory (``{}`` when none), never in the injection block's
text; its limits as 422s naming the field; a credential in a value refused like content and
never stored; ``metadata=key:value`` filtering list and search inside the scope (another
tenant's or user's memory with the same metadata never shows); and a list's cursor bound to
its metadata filter."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa

from daemon.access.grant import Role
from daemon.store.tables import memories
from tests.api.in_process import Api

pytestmark = [pytest.mark.redis]

TICKET = {"ticket": "OPS-12", "priority": 3, "urgent": True, "ratio": 1.5, "owner": None}
TOKEN = "ghp_" + "Zq8Rv2Lm5Tx9Wk3Hn7Jd4Bc6Fy1Gp0Ns8Ma2"


async def _save(api: Api, key: str, content: str, metadata: Any = None, **more: Any) -> Any:
    body = {"type": "project", "title": "", "content": content, **more}
    if metadata is not None:
        body["metadata"] = metadata
    async with api.client(key) as client:
        response = await client.post("/v1/memories", json=body)
    api.clock.advance(1)
    return response


async def _saved(api: Api, key: str, content: str, metadata: Any = None, **more: Any) -> str:
    response = await _save(api, key, content, metadata, **more)
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


async def _listed(api: Api, key: str, **params: Any) -> list[str]:
    async with api.client(key) as client:
        response = await client.get("/v1/memories", params=params)
    assert response.status_code == 200, response.text
    return [m["id"] for m in response.json()["memories"]]


async def _found(api: Api, key: str, query: str, **params: Any) -> list[str]:
    async with api.client(key) as client:
        response = await client.get("/v1/recall/search", params={"query": query, **params})
    assert response.status_code == 200, response.text
    return [m["id"] for m in response.json()["memories"]]


async def test_metadata_is_written_and_answered_with_every_memory(api: Api) -> None:
    key = await api.key(Role.AGENT, user="alice")
    tagged = await _saved(api, key, "The billing service deploys from the main branch.", TICKET)
    plain = await _saved(api, key, "The billing team reviews alerts every Monday morning.")
    async with api.client(key) as client:
        listed = (await client.get("/v1/memories")).json()["memories"]
        one = (await client.get(f"/v1/memories/{tagged}")).json()["memory"]
        searched = (await client.get("/v1/recall/search", params={"query": "billing"})).json()
        block = (await client.get("/v1/recall/injection", params={"query": "billing"})).json()
    by_id = {m["id"]: m["metadata"] for m in listed}
    assert by_id == {tagged: TICKET, plain: {}}
    assert one["metadata"] == TICKET
    assert {m["id"]: m["metadata"] for m in searched["memories"]} == by_id
    # Another writer's metadata is data in a field: the block's text never holds it.
    assert tagged in block["memory_ids"] and "OPS-12" not in block["text"]


@pytest.mark.parametrize(
    ("metadata", "named"),
    [
        ({f"k{n}": n for n in range(17)}, "more than 16"),
        ({"note": "x" * 257}, "metadata.note"),
        ({"nested": {"a": 1}}, "nested"),
        ({"list": [1, 2]}, "list"),
        ({"bad key": "x"}, "bad key"),
        ({"k" * 65: "x"}, "is not a name of 1 to 64"),
        ([["a", "b"]], "metadata"),
    ],
)
async def test_metadata_past_its_limits_is_a_422_naming_the_field(
    api: Api, metadata: Any, named: str
) -> None:
    key = await api.key(Role.AGENT, user="alice")
    refused = await _save(api, key, "The billing service deploys from main.", metadata)
    assert refused.status_code == 422, refused.text
    assert refused.json()["error"]["code"] == "invalid_request"
    assert "metadata" in refused.text and named in refused.text
    assert await _listed(api, key) == []


async def test_sixteen_keys_and_a_value_of_256_characters_are_kept(api: Api) -> None:
    key = await api.key(Role.AGENT, user="alice")
    most = {f"k{n}": "v" * 256 for n in range(16)}
    saved = await _saved(api, key, "The billing service deploys from main.", most)
    async with api.client(key) as client:
        assert (await client.get(f"/v1/memories/{saved}")).json()["memory"]["metadata"] == most


async def test_a_secret_in_a_value_is_refused_and_never_stored(api: Api) -> None:
    key = await api.key(Role.AGENT, user="alice")
    for value in (TOKEN, f"password={TOKEN[4:]}", "[redacted:github_token]"):
        refused = await _save(api, key, "The deploy bot posts to #ops.", {"token": value})
        assert refused.status_code == 422, refused.text
        error = refused.json()["error"]
        assert error["code"] == "secret" and "metadata.token" in error["message"]
        assert TOKEN not in refused.text and TOKEN[4:] not in refused.text
    batch = {
        "memories": [
            {"type": "project", "title": "", "content": "The ops bot posts to #ops.",
             "metadata": {"token": TOKEN}},
            {"type": "project", "title": "", "content": "The ops bot posts to #deploys.",
             "metadata": {"channel": "deploys"}},
        ]
    }  # fmt: skip
    async with api.client(key) as client:
        answered = await client.post("/v1/memory-batches", json=batch)
    assert answered.status_code == 422, answered.text
    results = answered.json()["results"]
    assert [r["ok"] for r in results] == [False, True]
    assert results[0]["error"]["code"] == "secret"
    async with api.ctx.store.connect() as conn:
        stored = (await conn.execute(sa.select(memories.c["metadata"]))).scalars().all()
    assert stored == [{"channel": "deploys"}]


async def test_list_and_search_filter_by_metadata_within_the_scope(api: Api) -> None:
    alice = await api.key(Role.AGENT, user="alice")
    bob = await api.key(Role.AGENT, user="bob")
    globex = await api.key(Role.AGENT, user="alice", tenant="globex")
    other_project = await api.key(Role.AGENT, user="alice", projects=("ingest",))
    ops12 = await _saved(api, alice, "The rota deploys billing nightly.", {"ticket": "OPS-12"})
    both = await _saved(
        api, alice, "The rota deploys payments hourly.", {"ticket": "OPS-12", "priority": 3}
    )
    await _saved(api, alice, "The rota deploys search weekly.", {"ticket": "OPS-13"})
    await _saved(api, alice, "The rota deploys alerts daily.")
    # The same metadata in other scopes: bob's own memory, another tenant, another project.
    await _saved(api, bob, "Bob likes the rota deploys list.", {"ticket": "OPS-12"}, type="user")
    foreign = await _saved(api, globex, "The rota deploys ledgers.", {"ticket": "OPS-12"})
    await _saved(api, other_project, "The rota deploys queues.", {"ticket": "OPS-12"})

    assert set(await _listed(api, alice, metadata="ticket:OPS-12")) == {ops12, both}
    assert await _listed(api, alice, metadata=["ticket:OPS-12", "priority:3"]) == [both]
    assert await _listed(api, alice, metadata=["ticket:OPS-13", "priority:3"]) == []
    assert await _listed(api, alice, metadata="ticket:OPS-99") == []
    assert await _listed(api, globex, metadata="ticket:OPS-12") == [foreign]
    for mode in ("keyword", "auto"):
        found = await _found(api, alice, "rota deploys", metadata="ticket:OPS-12", mode=mode)
        assert set(found) == {ops12, both}
        assert await _found(api, alice, "rota", metadata=["priority:3"], mode=mode) == [both]
    assert await _found(api, globex, "rota", metadata="ticket:OPS-12") == [foreign]


@pytest.mark.parametrize("bad", ["ticket", "bad key:x", ":x", "k:" + "x" * 257])
async def test_a_bad_metadata_filter_is_a_422(api: Api, bad: str) -> None:
    key = await api.key(Role.AGENT, user="alice")
    async with api.client(key) as client:
        for path, params in (
            ("/v1/memories", {"metadata": bad}),
            ("/v1/recall/search", {"query": "rota", "metadata": bad}),
        ):
            refused = await client.get(path, params=params)
            assert refused.status_code == 422, refused.text
            assert refused.json()["error"]["code"] == "invalid_request"
            assert "metadata" in refused.text


async def test_an_as_of_search_takes_no_metadata_filter(api: Api) -> None:
    key = await api.key(Role.AGENT, user="alice")
    async with api.client(key) as client:
        refused = await client.get(
            "/v1/recall/search",
            params={"query": "rota", "metadata": "a:b", "as_of": "2026-01-01T00:00:00Z"},
        )
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "invalid_filter"


async def test_a_cursor_is_bound_to_its_metadata_filter(api: Api) -> None:
    key = await api.key(Role.AGENT, user="alice")
    ids = [
        await _saved(api, key, f"The rota deploys service {n} nightly.", {"team": "core"})
        for n in range(3)
    ]
    await _saved(api, key, "The rota deploys the edge nightly.", {"team": "edge"})
    async with api.client(key) as client:
        first = await client.get("/v1/memories", params={"limit": 2, "metadata": "team:core"})
        cursor = first.json()["next_cursor"]
        assert cursor is not None
        rest = await client.get(
            "/v1/memories", params={"limit": 2, "metadata": "team:core", "cursor": cursor}
        )
        assert rest.status_code == 200, rest.text
        seen = [m["id"] for m in first.json()["memories"] + rest.json()["memories"]]
        assert seen == ids[::-1] and rest.json()["next_cursor"] is None
        for changed in ({"metadata": "team:edge"}, {}, {"metadata": ["team:core", "a:b"]}):
            refused = await client.get("/v1/memories", params={"cursor": cursor, **changed})
            assert refused.status_code == 400, refused.text
            assert refused.json()["error"]["code"] == "invalid_cursor"


async def _patched(api: Api, key: str, memory_id: str, body: dict[str, Any]) -> Any:
    async with api.client(key) as client:
        response = await client.patch(f"/v1/memories/{memory_id}", json=body)
    api.clock.advance(1)
    return response


async def _metadata_of(api: Api, key: str, memory_id: str) -> Any:
    async with api.client(key) as client:
        return (await client.get(f"/v1/memories/{memory_id}")).json()["memory"]["metadata"]


async def test_an_update_replaces_keeps_or_clears_metadata_and_versions_keep_it(
    api: Api,
) -> None:
    """PATCH ``metadata`` replaces the whole object (``{}`` clears it, leaving it out keeps
    it), through the save's rules (a bad value a 422 naming the field, a credential a 422
    ``secret`` that changes nothing); each replaced object stays in the memory's versions."""
    key = await api.key(Role.AGENT, user="alice")
    saved = await _saved(api, key, "The billing service deploys from main.", TICKET)
    moved = {"ticket": "OPS-13", "priority": 1}
    changed = await _patched(api, key, saved, {"metadata": moved})
    assert changed.status_code == 200, changed.text
    assert changed.json()["action"] == "updated"
    assert await _metadata_of(api, key, saved) == moved
    same = await _patched(api, key, saved, {"metadata": moved})
    assert same.json()["action"] == "unchanged"
    retitled = await _patched(api, key, saved, {"title": "Billing deploys from main"})
    assert retitled.json()["action"] == "updated"
    assert await _metadata_of(api, key, saved) == moved
    assert await _listed(api, key, metadata="ticket:OPS-13") == [saved]
    assert await _listed(api, key, metadata="ticket:OPS-12") == []

    refused = await _patched(api, key, saved, {"metadata": {"token": TOKEN}})
    assert refused.status_code == 422, refused.text
    assert refused.json()["error"]["code"] == "secret" and "metadata.token" in refused.text
    assert TOKEN not in refused.text
    bad = await _patched(api, key, saved, {"metadata": {"nested": {"a": 1}}})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "invalid_request"
    assert await _metadata_of(api, key, saved) == moved

    cleared = await _patched(api, key, saved, {"metadata": {}})
    assert cleared.json()["action"] == "updated"
    assert await _metadata_of(api, key, saved) == {}
    async with api.ctx.store.connect() as conn:
        stored = (await conn.execute(sa.select(memories.c["metadata"]))).scalars().all()
        assert stored == [None]
    async with api.client(key) as client:
        history = (await client.get(f"/v1/memories/{saved}/history")).json()
    assert [v["metadata"] for v in history["versions"]] == [TICKET, moved, moved, {}]
    assert [c["action"] for c in history["changes"]] == ["create", *["update"] * 3]
