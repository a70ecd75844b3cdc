"""Extraction runs as library calls: listing by filter and showing one (both backends)."""

from __future__ import annotations

import json

from daemon.admin.run_admin import RunFilter, get_run, list_runs
from daemon.app.container import Container
from tests.harness import publish_fixture, run_pipeline


async def test_runs_list_and_show(runtime: Container) -> None:
    await publish_fixture(runtime, "billing-fix")
    await publish_fixture(runtime, "agent-saved")
    await run_pipeline(runtime)
    async with runtime.store.connect() as conn:
        everything = await list_runs(conn, RunFilter())
        wrote = await list_runs(conn, RunFilter(outcome="wrote"))
        failed = await list_runs(conn, RunFilter(outcome="failed"))
        one = await get_run(conn, everything[0]["id"])
        none = await get_run(conn, 10**9)
    assert len(everything) == 2 and everything[0]["id"] > everything[-1]["id"]
    assert [r["id"] for r in wrote] == [r["id"] for r in everything]  # both runs wrote
    assert failed == []  # the filter is applied
    assert one is not None and one["id"] == everything[0]["id"] and "refusals" in one
    assert none is None
    json.dumps(everything)  # plain data
