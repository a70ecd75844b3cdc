"""``GET /v1/sessions/{id}/summary``: the rolling summary the worker keeps of a session,
served with its five parts, its markdown, the last turn it covers and its age; bound by the
key's scope like the other session routes (another user's agent key, another project's or
tenant's key get the very 404 an unknown session gets), on SQLite and on PostgreSQL."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from daemon.access.grant import Role
from daemon.maintenance.session_summary import update
from tests.api.in_process import MID_WINDOW
from tests.api.test_delivery_routes import Rig, rig
from tests.harness import work
from tests.maintenance.coding_session import SECRET, bodies, session

__all__ = ["rig"]  # the fixture, for this module

SCOPE = {"project": "billing", "user": "alice"}


async def _summary(rig: Rig, key: str | None, session_id: str) -> tuple[int, Any]:
    async with rig.api.client(key) as client:
        response = await client.get(f"/v1/sessions/{session_id}/summary")
    return response.status_code, response.json()


async def _publish(rig: Rig, key: str, session_id: str) -> None:
    async with rig.api.client(key) as client:
        response = await client.post("/v1/events", json=bodies(session_id, session(), SCOPE))
    assert response.status_code == 202, response.text
    await rig.dispatch()


async def test_the_worker_keeps_a_summary_the_route_serves(rig: Rig) -> None:
    host = await rig.key()
    await _publish(rig, host, "s-1")
    status, body = await _summary(rig, host, "s-1")
    assert (status, body["error"]["code"]) == (404, "not_found")
    await work(rig.worker)
    status, body = await _summary(rig, host, "s-1")
    assert status == 200, body
    assert set(body) == {
        "session_id",
        "summary",
        "text",
        "through_turn",
        "updated_at",
        "age_seconds",
    }
    parts = body["summary"]
    assert set(parts) == {"goal", "key_decisions", "accomplished", "in_progress", "relevant_files"}
    assert parts["goal"].startswith("Now let's add a CSV export")
    assert "Wrote `billing/csv_report.py`" in parts["accomplished"]
    assert parts["relevant_files"][0] == "billing/csv_report.py"
    assert (body["session_id"], body["through_turn"]) == ("s-1", 8)
    text = body["text"]
    assert text.startswith("## Goal\n")
    for heading in ("## Key Decisions", "## Accomplished", "## In Progress", "## Relevant Files"):
        assert heading in text
    assert SECRET not in str(body)


async def test_the_age_is_counted_from_the_last_update_on_the_servers_clock(rig: Rig) -> None:
    host = await rig.key()
    await _publish(rig, host, "s-2")
    written = MID_WINDOW - timedelta(seconds=90)
    done = await update(rig.api.ctx.store, "s-2", tenant="acme", now=written)
    assert done.stored and done.through_turn == 8
    status, body = await _summary(rig, host, "s-2")
    assert status == 200
    assert (body["age_seconds"], body["updated_at"]) == (90.0, "2025-12-31T23:58:55Z")


async def test_another_users_agent_key_gets_the_404_an_unknown_session_gets(rig: Rig) -> None:
    host = await rig.key()
    await _publish(rig, host, "s-3")
    await work(rig.worker)
    alice = await rig.key(Role.AGENT, user="alice")
    assert (await _summary(rig, alice, "s-3"))[0] == 200
    outsiders = [
        await rig.key(Role.AGENT, user="bob"),
        await rig.key(Role.READER, projects=("search",)),
        await rig.key(Role.ADMIN, tenant="other", projects=()),
    ]
    for outsider in outsiders:
        unknown = await _summary(rig, outsider, "s-never")
        assert unknown[0] == 404
        assert await _summary(rig, outsider, "s-3") == unknown
    assert (await _summary(rig, None, "s-3"))[0] == 401


async def test_a_session_id_with_a_slash_reaches_its_summary_not_the_status_route(
    rig: Rig,
) -> None:
    host = await rig.key()
    await _publish(rig, host, "team/s 4")
    await work(rig.worker)
    status, body = await _summary(rig, host, "team%2Fs%204")
    assert (status, body["session_id"]) == (200, "team/s 4")
