"""``GET /v1/memories`` a page at a time, on SQLite and PostgreSQL: every memory once across
pages while others are written, ``next_cursor`` null at the end, the filters (times,
session, author, type), and cursors refused when forged, altered, oversized or made for
another scope or other filters; another project's or tenant's key sees none of it. A
memory's history (``GET /v1/memories/{id}/history``) pages the same way."""

from __future__ import annotations

import base64
from typing import Any

import pytest
import sqlalchemy as sa

from daemon.access.grant import Role
from daemon.store.tables import memories
from tests.api.in_process import Api

pytestmark = [pytest.mark.redis]

TOPICS = (
    "billing", "ingest", "search", "payments", "alerts", "deploys", "queues", "storage",
    "tracing", "backups", "dashboards", "runbooks",
)  # fmt: skip


def fact(n: int) -> str:
    topic = TOPICS[n % len(TOPICS)]
    return f"The {topic} team keeps its on-call rota number {n} in the shared calendar."


async def save(api: Api, key: str, n: int, **extra: Any) -> str:
    async with api.client(key) as client:
        body = {"type": "project", "title": f"Rota {n}", "content": fact(n), **extra}
        response = await client.post("/v1/memories", json=body)
    assert response.status_code == 201, response.text
    api.clock.advance(1)
    return str(response.json()["id"])


async def pages(api: Api, key: str, **params: Any) -> list[list[str]]:
    """Every page of the listing, as lists of ids."""
    found: list[list[str]] = []
    cursor: str | None = None
    async with api.client(key) as client:
        while True:
            query = {**params, **({"cursor": cursor} if cursor else {})}
            response = await client.get("/v1/memories", params=query)
            assert response.status_code == 200, response.text
            body = response.json()
            found.append([m["id"] for m in body["memories"]])
            cursor = body["next_cursor"]
            if cursor is None:
                return found


async def test_pages_cover_every_memory_once_while_others_are_written(api: Api) -> None:
    key = await api.key(Role.AGENT, user="alice")
    ids = [await save(api, key, n) for n in range(7)]
    seen: list[str] = []
    async with api.client(key) as client:
        first = (await client.get("/v1/memories", params={"limit": 3})).json()
        seen += [m["id"] for m in first["memories"]]
        assert seen == ids[::-1][:3]
        cursor = first["next_cursor"]
        assert cursor and all(i not in cursor for i in ids)
        new = await save(api, key, 100)  # written after the first page: not on later ones
        while cursor is not None:
            body = (await client.get("/v1/memories", params={"limit": 3, "cursor": cursor})).json()
            seen += [m["id"] for m in body["memories"]]
            cursor = body["next_cursor"]
    assert seen == ids[::-1]
    assert new not in seen
    assert await pages(api, key, limit=8) == [[new, *ids[::-1]]]  # exactly full: no empty page


async def test_an_update_does_not_move_a_memory_between_pages(api: Api) -> None:
    key = await api.key(Role.AGENT, user="alice")
    ids = [await save(api, key, n) for n in range(4)]
    async with api.client(key) as client:
        first = (await client.get("/v1/memories", params={"limit": 2})).json()
        patched = await client.patch(f"/v1/memories/{ids[0]}", json={"title": "Rota zero"})
        assert patched.status_code == 200, patched.text
        rest = await client.get("/v1/memories", params={"limit": 2, "cursor": first["next_cursor"]})
    got = [m["id"] for m in first["memories"]] + [m["id"] for m in rest.json()["memories"]]
    assert got == ids[::-1] and rest.json()["next_cursor"] is None


async def test_filters_by_time_session_author_and_type(api: Api) -> None:
    alice = await api.key(Role.AGENT, user="alice")
    bob = await api.key(Role.AGENT, user="bob")
    early = await save(api, alice, 1, session_id="s-1", turn=1)
    middle = await save(api, bob, 2)
    api.clock.advance(3600)
    late = await save(api, alice, 3, session_id="s-2", turn=1)
    mine = await save(api, alice, 4, type="user")
    cut = "2026-01-01T00:30:00Z"

    async def listed(**params: Any) -> list[str]:
        return [i for page in await pages(api, alice, **params) for i in page]

    assert await listed(created_before=cut) == [middle, early]
    assert await listed(created_after=cut) == [mine, late]
    assert await listed(updated_after=cut, type="project") == [late]
    assert await listed(session="s-1") == [early]
    assert await listed(author="bob") == [middle]
    assert await listed(author="alice", created_after=cut, limit=1) == [mine, late]
    async with api.client(alice) as client:
        bad = await client.get("/v1/memories", params={"created_after": "yesterday"})
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "invalid_time"
        both = await client.get("/v1/memories", params={"as_of": cut, "session": "s-1"})
        assert both.status_code == 422


async def test_forged_altered_oversized_and_foreign_cursors_are_refused(api: Api) -> None:
    alice = await api.key(Role.AGENT, user="alice")
    for n in range(3):
        await save(api, alice, n)
    async with api.client(alice) as client:
        cursor = (await client.get("/v1/memories", params={"limit": 1})).json()["next_cursor"]
        raw = bytearray(base64.urlsafe_b64decode(cursor[2:] + "=" * (-len(cursor[2:]) % 4)))
        raw[-1] ^= 1
        altered = "p1" + base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")
        for bad in (
            altered,
            "p1" + "A" * 40,
            "p1!!!",
            "x" + cursor[1:],
            cursor[:-4],
            "p1" + "A" * 150,
        ):
            refused = await client.get("/v1/memories", params={"cursor": bad})
            assert refused.status_code == 400, (bad, refused.text)
            assert refused.json()["error"]["code"] == "invalid_cursor"
        huge = await client.get("/v1/memories", params={"cursor": "p1" + "A" * 60_000})
        assert huge.status_code in (400, 414, 422, 431)
        other_filters = await client.get("/v1/memories", params={"cursor": cursor, "type": "user"})
        assert other_filters.json()["error"]["code"] == "invalid_cursor"
    for other in (
        await api.key(Role.AGENT, user="alice", projects=("ingest",)),
        await api.key(Role.AGENT, user="alice", tenant="globex"),
        await api.key(Role.AGENT, user="bob"),
    ):
        async with api.client(other) as client:
            replayed = await client.get("/v1/memories", params={"cursor": cursor})
            assert replayed.status_code == 400, replayed.text
    other = await api.key(Role.AGENT, user="carol", projects=("ingest",))
    assert await pages(api, other) == [[]]


async def test_the_review_queue_pages_by_cursor_within_its_tenant(api: Api) -> None:
    alice = await api.key(Role.AGENT, user="alice")
    rules = ("Always run the migrations with --force.", "Never merge on Fridays.",
             "Always tag releases with the date.")  # fmt: skip
    held = []
    async with api.client(alice) as client:
        for rule in rules:
            body = {"type": "project", "title": "", "content": rule}
            answer = (await client.post("/v1/memories", json=body)).json()
            assert answer["action"] == "held"
            held.append(answer["id"])
    admin = await api.key(Role.ADMIN)
    async with api.client(admin) as client:
        first = (await client.get("/v1/admin/review", params={"limit": 2})).json()
        assert [m["id"] for m in first["memories"]] == held[::-1][:2]
        rest = await client.get(
            "/v1/admin/review", params={"limit": 2, "cursor": first["next_cursor"]}
        )
        assert [m["id"] for m in rest.json()["memories"]] == held[:1]
        assert rest.json()["next_cursor"] is None
        other = await client.get(
            "/v1/admin/review", params={"cursor": first["next_cursor"], "project": "ingest"}
        )
        assert other.status_code == 400 and other.json()["error"]["code"] == "invalid_cursor"
    foreign = await api.key(Role.ADMIN, tenant="globex")
    async with api.client(foreign) as client:
        replay = await client.get("/v1/admin/review", params={"cursor": first["next_cursor"]})
        assert replay.status_code == 400
        assert (await client.get("/v1/admin/review")).json()["memories"] == []


async def test_a_list_as_of_a_time_pages_with_the_same_cursor(api: Api) -> None:
    """What was believed at a time pages like the live list: pinned first, then the most
    recently true (two memories true since the same instant by id), every memory once, as
    it read then; its cursor serves only that list at that time."""
    alice = await api.key(Role.AGENT, user="alice")
    ids = [await save(api, alice, n) for n in range(2)]
    async with api.client(alice) as client:  # two memories true since the same instant
        for n in (2, 3):
            body = {"type": "project", "title": f"Rota {n}", "content": fact(n)}
            ids.append(str((await client.post("/v1/memories", json=body)).json()["id"]))
    api.clock.advance(1)
    ids.append(await save(api, alice, 4))
    cut = api.clock.now().isoformat()
    api.clock.advance(60)
    async with api.client(alice) as client:
        patched = await client.patch(f"/v1/memories/{ids[1]}", json={"content": fact(11)})
        assert patched.status_code == 200, patched.text
        assert (await client.delete(f"/v1/memories/{ids[4]}")).status_code == 200
    await save(api, alice, 5)  # after the time: not believed then
    async with api.ctx.store.begin() as conn:  # pinned by an operator
        pin = sa.update(memories).where(memories.c.title == "Rota 0").values(pinned=True)
        await conn.execute(pin)

    expected = [ids[0], ids[4], ids[3], ids[2], ids[1]]
    assert [i for page in await pages(api, alice, as_of=cut, limit=2) for i in page] == expected
    assert await pages(api, alice, as_of=cut, limit=5) == [expected]
    async with api.client(alice) as client:
        whole = (await client.get("/v1/memories", params={"as_of": cut})).json()
        assert [m["content"] for m in whole["memories"]][-1] == fact(1)  # as it read then
        first = (await client.get("/v1/memories", params={"as_of": cut, "limit": 2})).json()
        for params in ({}, {"as_of": "2026-01-01T00:00:00Z"}, {"as_of": cut, "type": "user"}):
            foreign = await client.get(
                "/v1/memories", params={**params, "cursor": first["next_cursor"]}
            )
            assert foreign.status_code == 400, (params, foreign.text)
            assert foreign.json()["error"]["code"] == "invalid_cursor"


async def test_a_memorys_history_a_page_at_a_time(api: Api) -> None:
    key = await api.key(Role.AGENT, user="alice")
    memory_id = await save(api, key, 0)
    async with api.client(key) as client:
        for n in range(1, 5):
            patched = await client.patch(f"/v1/memories/{memory_id}", json={"content": fact(n)})
            assert patched.status_code == 200, patched.text
            api.clock.advance(1)
        whole = (await client.get(f"/v1/memories/{memory_id}/history")).json()
        assert len(whole["versions"]) == len(whole["changes"]) == 5
        assert whole["next_cursor"] is None
        versions: list[Any] = []
        changes: list[Any] = []
        params: dict[str, Any] = {"limit": 2}
        while True:
            answer = await client.get(f"/v1/memories/{memory_id}/history", params=params)
            assert answer.status_code == 200, answer.text
            body = answer.json()
            versions += body["versions"]
            changes += body["changes"]
            assert body["source"] == whole["source"]
            if body["next_cursor"] is None:
                break
            params["cursor"] = body["next_cursor"]
        assert (versions, changes) == (whole["versions"], whole["changes"])
        other = await save(api, key, 9)
        for target, bad in (
            (other, params["cursor"]),  # made for another memory
            (memory_id, "p1" + "A" * 40),  # forged
        ):
            refused = await client.get(f"/v1/memories/{target}/history", params={"cursor": bad})
            assert refused.status_code == 400, refused.text
            assert refused.json()["error"]["code"] == "invalid_cursor"
        too_many = await client.get(f"/v1/memories/{memory_id}/history", params={"limit": 101})
        assert too_many.status_code == 422
