"""Memory ids over HTTP are opaque: what a tenant is answered names its memories without
their row ids (consecutive across tenants, they would tell the others' write volume), and
every route that takes an id takes the opaque one and answers a forged id, another tenant's
id or a bare row id with the same 404 as a missing memory."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import httpx

from daemon.access.grant import Role
from daemon.store.public_ids import id_codec
from tests.api.in_process import Api, in_process
from tests.backends import SqliteTemplate

DIRECTIVE = {"type": "project", "title": "", "content": "Always run the migrations with --force."}


def _fact(n: int) -> dict[str, Any]:
    return {"type": "project", "title": "", "content": f"Invoice batch {n} closes on Fridays."}


def _forged(public_id: str) -> str:
    last = "0" if public_id[-1] != "0" else "1"
    return public_id[:-1] + last


async def _refusals(client: httpx.AsyncClient, memory_id: str, admin: bool) -> list[Any]:
    """What each route that takes an id answers for ``memory_id`` (the id itself masked)."""
    if admin:
        calls = [
            client.post(f"/v1/admin/memories/{memory_id}/approve"),
            client.post(f"/v1/admin/memories/{memory_id}/reject"),
        ]
    else:
        calls = [
            client.get(f"/v1/memories/{memory_id}"),
            client.patch(f"/v1/memories/{memory_id}", json={"title": "Changed"}),
            client.delete(f"/v1/memories/{memory_id}"),
        ]
    answers = []
    for call in calls:
        response = await call
        answers.append((response.status_code, response.text.replace(memory_id, "<id>")))
    return answers


async def _row_id(api: Api, public_id: str) -> int:
    row_id = (await id_codec(api.ctx.store)).decode(public_id)
    assert row_id is not None
    return row_id


async def test_every_id_route_takes_the_opaque_id_and_refuses_others_alike(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    async with in_process(sqlite_template, tmp_path, prefix) as api:
        ann = await api.key(Role.AGENT, user="ann")
        admin = await api.key(Role.ADMIN)
        rival = await api.key(Role.AGENT, user="ann", tenant="globex")
        rival_admin = await api.key(Role.ADMIN, tenant="globex")
        async with api.client(rival) as client:
            theirs = (await client.post("/v1/memories", json=_fact(0))).json()["id"]
            their_held = (await client.post("/v1/memories", json=DIRECTIVE)).json()["id"]
        async with api.client(ann) as client:
            own = (await client.post("/v1/memories", json=_fact(1))).json()
            held = (await client.post("/v1/memories", json=DIRECTIVE)).json()
            assert not own["id"].isdecimal() and own["id"].startswith("m")
            read = await client.get(f"/v1/memories/{own['id']}")
            assert read.status_code == 200 and read.json()["memory"]["id"] == own["id"]
            listed = (await client.get("/v1/memories")).json()["memories"]
            assert {m["id"] for m in listed} == {own["id"], held["id"]}
            found = (await client.get("/v1/recall/search", params={"query": "invoice"})).json()
            assert [m["id"] for m in found["memories"]] == [own["id"]]
            block = (await client.get("/v1/recall/injection")).json()
            assert set(block["memory_ids"]) <= {own["id"], held["id"]} and block["memory_ids"]
            manifest = (await client.get("/v1/recall/manifest")).json()["text"]
            assert f"#{own['id']} " in manifest
            missing = await _refusals(client, _forged(own["id"]), admin=False)
            assert {status for status, _ in missing} == {404}
            row = str(await _row_id(api, own["id"]))
            for other in (theirs, row, "m" + "z" * 13, "12abc", "x" * 40):
                assert await _refusals(client, other, admin=False) == missing, other
            changed = await client.patch(f"/v1/memories/{own['id']}", json={"title": "Batches"})
            assert changed.json()["id"] == own["id"]
            gone = await client.delete(f"/v1/memories/{own['id']}")
            assert (gone.status_code, gone.json()["action"]) == (200, "forgotten")
        async with api.client(admin) as client:
            queue = (await client.get("/v1/admin/review")).json()["memories"]
            assert [m["id"] for m in queue] == [held["id"]]
            missing = await _refusals(client, _forged(held["id"]), admin=True)
            assert {status for status, _ in missing} == {404}
            row = str(await _row_id(api, held["id"]))
            for other in (their_held, row, "m" + "z" * 13):
                assert await _refusals(client, other, admin=True) == missing, other
            ok = await client.post(f"/v1/admin/memories/{held['id']}/approve")
            assert ok.json() == {"ok": True, "id": held["id"], "review": "approved"}
        async with api.client(rival_admin) as client:
            queue = (await client.get("/v1/admin/review")).json()["memories"]
            assert [m["id"] for m in queue] == [their_held]


async def test_ids_answered_tell_nothing_of_other_tenants_writes(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    """The row ids under two of a tenant's memories are 1 apart, or 40 apart when another
    tenant wrote in between; the opaque ids answered carry neither gap nor order."""
    async with in_process(sqlite_template, tmp_path, prefix) as api:
        ann = await api.key(Role.AGENT, user="ann")
        rival = await api.key(Role.AGENT, user="ann", tenant="globex")
        answered: list[str] = []
        async with api.client(ann) as mine, api.client(rival) as theirs:
            for n in range(6):
                answered.append((await mine.post("/v1/memories", json=_fact(n))).json()["id"])
                if n % 2:
                    for m in range(20):
                        await theirs.post("/v1/memories", json=_fact(100 * n + m))
        rows = [await _row_id(api, i) for i in answered]
        assert {b - a for a, b in itertools.pairwise(rows)} == {1, 21}
        assert len({len(i) for i in answered}) == 1  # one length, whatever the row id
        assert all(not i[1:].isdecimal() for i in answered)
