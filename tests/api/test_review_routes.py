"""The review queue over HTTP: an admin key lists the memories held for review, approves or
rejects one (recorded with the key as the operator); other roles are refused; the held memory
reaches another user only once approved."""

from __future__ import annotations

from pathlib import Path

from daemon.access.grant import Role
from tests.api.in_process import in_process
from tests.backends import SqliteTemplate

DIRECTIVE = {"type": "project", "title": "", "content": "Always run the migrations with --force."}
FACT = {"type": "project", "title": "", "content": "Deploys run on Fridays."}


async def test_an_admin_key_reviews_what_waits(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    async with in_process(sqlite_template, tmp_path, prefix) as api:
        alice = await api.key(Role.AGENT, user="alice")
        bob = await api.key(Role.AGENT, user="bob")
        admin = await api.key(Role.ADMIN)
        async with api.client(alice) as client:
            held = (await client.post("/v1/memories", json=DIRECTIVE)).json()
            assert (held["action"], held["review"]) == ("held", "pending")
            second = (
                await client.post(
                    "/v1/memories", json={**DIRECTIVE, "content": "Never merge on Fridays."}
                )
            ).json()
            fact = (await client.post("/v1/memories", json=FACT)).json()
            assert (fact["action"], fact["review"]) == ("created", None)
        async with api.client(bob) as client:
            listed = (await client.get("/v1/memories")).json()["memories"]
            assert [m["id"] for m in listed] == [fact["id"]]
            assert (await client.get("/v1/admin/review")).status_code == 403
            refused = await client.post(f"/v1/admin/memories/{held['id']}/approve")
            assert refused.json()["error"]["code"] == "role_too_weak"
        async with api.client(admin) as client:
            queue = (await client.get("/v1/admin/review")).json()["memories"]
            assert {(m["id"], m["source_user"]) for m in queue} == {
                (held["id"], "alice"),
                (second["id"], "alice"),
            }
            ok = await client.post(f"/v1/admin/memories/{held['id']}/approve")
            assert ok.json() == {"ok": True, "id": held["id"], "review": "approved"}
            again = await client.post(f"/v1/admin/memories/{held['id']}/approve")
            assert again.status_code == 404
            gone = await client.post(
                f"/v1/admin/memories/{second['id']}/reject", params={"reason": "not ours"}
            )
            assert gone.json()["review"] == "rejected"
            assert (await client.get("/v1/admin/review")).json()["memories"] == []
        async with api.client(bob) as client:
            listed = (await client.get("/v1/memories")).json()["memories"]
            assert {m["id"] for m in listed} == {fact["id"], held["id"]}


async def test_a_forged_review_cursor_is_refused_with_the_fix(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    async with in_process(sqlite_template, tmp_path, prefix) as api:
        admin = await api.key(Role.ADMIN)
        async with api.client(admin) as client:
            bad = await client.get("/v1/admin/review", params={"cursor": "not-a-cursor"})
        error = bad.json()["error"]
        assert (bad.status_code, error["code"]) == (400, "invalid_cursor")
        assert "start again without `cursor`" in error["message"]
