"""``GET /v1/admin/usage``: admin keys only, and only their own tenant's usage and budget;
another tenant named is refused (403 scope_outside_key)."""

from __future__ import annotations

from pathlib import Path

from daemon.access.grant import Role
from daemon.access.key_lifecycle import create_key
from daemon.base.scope import ScopeKey
from daemon.store import runs, usage
from daemon.store.runs import RunRecord
from tests.api.in_process import MID_WINDOW, Api, in_process
from tests.backends import SqliteTemplate


async def _seed(api: Api) -> None:
    async with api.ctx.store.begin() as conn:
        for tenant, tokens in (("acme", 11), ("globex", 999)):
            record = RunRecord(
                session_id=f"{tenant}-s",
                scope=ScopeKey(project="billing", user="u", tenant=tenant),
                extractor="rules",
                outcome="wrote",
                started_at=MID_WINDOW,
                finished_at=MID_WINDOW,
                duration_ms=1,
                prompt_tokens=tokens,
                created=1,
            )
            await runs.insert_run(conn, record)
            await usage.set_budget(conn, tenant, daily_tokens=100, mode="hard", now=MID_WINDOW)


async def test_an_admin_key_reads_its_own_tenants_usage_only(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    async with in_process(sqlite_template, tmp_path, prefix) as api:
        await _seed(api)
        admin = await api.key(Role.ADMIN)
        host = await api.key(Role.HOST)
        other = await create_key(
            api.ctx.store, api.clock, tenant="globex", projects=(), user=None, role=Role.ADMIN
        )
        async with api.client(host) as client:
            refused = await client.get("/v1/admin/usage")
            assert refused.status_code == 403
            assert refused.json()["error"]["code"] == "role_too_weak"
        async with api.client(admin) as client:
            mine = (await client.get("/v1/admin/usage")).json()
            assert [(d["tenant"], d["prompt_tokens"], d["by_outcome"]) for d in mine["days"]] == [
                ("acme", 11, {"wrote": 1})
            ]
            assert mine["days"][0]["day"] == MID_WINDOW.date().isoformat()
            assert [(b["tenant"], b["used_today"]) for b in mine["budgets"]] == [("acme", 11)]
            crossed = await client.get("/v1/admin/usage", params={"tenant": "globex"})
            assert crossed.status_code == 403
            assert crossed.json()["error"]["code"] == "scope_outside_key"
            assert "999" not in crossed.text
            named = await client.get("/v1/admin/usage", params={"tenant": "acme"})
            assert named.json()["days"] == mine["days"]
            later = await client.get("/v1/admin/usage", params={"since": "2026-01-02"})
            assert later.json()["days"] == []
            bad = await client.get(
                "/v1/admin/usage", params={"since": "2026-01-02", "until": "2026-01-01"}
            )
            assert bad.status_code == 400
            assert (await client.get("/v1/admin/usage", params={"since": "x"})).status_code == 422
        async with api.client(other.key) as client:
            theirs = (await client.get("/v1/admin/usage")).json()
            assert [d["tenant"] for d in theirs["days"]] == ["globex"]


async def test_without_auth_every_tenant_may_be_read(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    async with in_process(sqlite_template, tmp_path, prefix, auth=False) as api:
        await _seed(api)
        async with api.client() as client:
            local = {"host": "127.0.0.1:8080"}
            every = (await client.get("/v1/admin/usage", headers=local)).json()
            assert sorted(d["tenant"] for d in every["days"]) == ["acme", "globex"]
            params = {"tenant": "globex"}
            one = (await client.get("/v1/admin/usage", params=params, headers=local)).json()
            assert [d["tenant"] for d in one["days"]] == ["globex"]
