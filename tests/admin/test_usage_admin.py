"""The operators' usage report: the days extraction spent and wrote, what each tenant and
project keeps stored now (transcripts and memories, in bytes, a pair with only one of
them shown with 0 for the other), the tenants' budgets with what they spent today; all
narrowed by tenant (and project); on both backends."""

from __future__ import annotations

from datetime import timedelta

from daemon.admin.usage_admin import UsageFilter, usage_report
from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.store import runs, usage
from daemon.store.runs import RunRecord
from tests.maintenance.helpers import add
from tests.store.transcripts.seed import T0, session


def _run(tenant: str, tokens: int) -> RunRecord:
    return RunRecord(
        session_id=f"{tenant}-s",
        scope=ScopeKey(project="p", user="u", tenant=tenant),
        extractor="rules",
        outcome="wrote",
        started_at=T0,
        finished_at=T0 + timedelta(minutes=1),
        duration_ms=10,
        prompt_tokens=tokens,
    )


async def test_spending_storage_and_budgets_per_tenant(runtime: Container) -> None:
    await session(runtime, "s1", project="p", turn_count=1, content="abcd")  # tenant ""
    await add(runtime.store, "Four.", title="T", tenant="acme", project="p")  # 6 bytes
    async with runtime.store.begin() as conn:
        await runs.insert_run(conn, _run("acme", 40))
        await runs.insert_run(conn, _run("globex", 7))
        await usage.set_budget(conn, "acme", daily_tokens=100, mode="hard", now=T0)
        await usage.set_budget(conn, "globex", daily_tokens=5, mode="soft", now=T0)
    async with runtime.store.connect() as conn:
        every = await usage_report(conn, UsageFilter(), T0 + timedelta(hours=1))
        acme = await usage_report(conn, UsageFilter(tenant="acme"), T0 + timedelta(hours=1))
    assert every["stored"] == [
        {"tenant": "", "project": "p", "transcript_bytes": 4, "memory_bytes": 0},
        {"tenant": "acme", "project": "p", "transcript_bytes": 0, "memory_bytes": 6},
    ]
    assert {(d["tenant"], d["prompt_tokens"]) for d in every["days"]} == {
        ("acme", 40),
        ("globex", 7),
    }
    assert {(b["tenant"], b["used_today"], b["exceeded"]) for b in every["budgets"]} == {
        ("acme", 40, False),
        ("globex", 7, True),
    }
    assert acme["stored"] == [every["stored"][1]]
    assert [d["tenant"] for d in acme["days"]] == ["acme"]
    assert [(b["tenant"], b["mode"], b["daily_tokens"]) for b in acme["budgets"]] == [
        ("acme", "hard", 100)
    ]
