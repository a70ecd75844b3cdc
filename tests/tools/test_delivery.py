"""The MCP tools ``delivery_status`` (where a session or an event of the caller's scope
stands) and ``session_summary`` (the session's rolling summary), read-only; another scope's
ids are answered as unknown ones."""

from __future__ import annotations

from datetime import timedelta

from mcp import Client

from daemon.access.grant import Role
from daemon.app.container import Container
from daemon.maintenance.session_summary import update
from daemon.mcp.memory_server import build_mcp, fixed_caller
from daemon.tools.delivery import Delivery
from tests.harness import publisher
from tests.mcp.mcp_support import refusal, structured
from tests.tools.helpers import caller, tools_of, turn_event


async def test_a_caller_reads_its_session_and_event_and_no_one_elses(runtime: Container) -> None:
    said = [{"role": "user", "content": "Remember that releases are cut on Mondays."}]
    await publisher(runtime).publish(turn_event("s-7", 1, said))
    await runtime.dispatcher(consumer="d").run(burst=True)
    delivery = Delivery(runtime.store, runtime.redis, runtime.keys, runtime.clock)
    own = build_mcp(tools_of(runtime), fixed_caller(caller(Role.READER)), delivery=delivery)
    async with Client(own) as client:
        session = structured(await client.call_tool("delivery_status", {"session_id": "s-7"}))
        event = structured(await client.call_tool("delivery_status", {"event_id": "s-7:1"}))
        neither = await client.call_tool("delivery_status", {})
    assert [(t["turn"], t["messages"]) for t in session["session"]["turns"]] == [(1, 1)]
    assert "Mondays" not in str(session)
    assert (event["event"]["state"], event["event"]["turn"]) == ("stored", 1)
    assert refusal(neither)["code"] == "invalid"
    for other in (caller(Role.READER, tenant="other"), caller(Role.READER, user="bob")):
        server = build_mcp(tools_of(runtime), fixed_caller(other), delivery=delivery)
        async with Client(server) as client:
            answers = [
                refusal(await client.call_tool("delivery_status", {name: value}))
                for name, value in (
                    ("session_id", "s-7"),
                    ("session_id", "s-never"),
                    ("event_id", "s-7:1"),
                    ("event_id", "s-never:1"),
                )
            ]
        assert answers[0] == answers[1] and answers[2] == answers[3]
        assert answers[0]["code"] == answers[2]["code"] == "not_found"


async def test_a_caller_reads_its_sessions_summary_and_no_one_elses(runtime: Container) -> None:
    """The MCP tool ``session_summary``: the summary the worker keeps, with its markdown, in
    the caller's scope; another tenant's or user's caller gets the answer of a session that
    has none."""
    said = [{"role": "user", "content": "Fix the flaky retry test in the invoice exporter."}]
    await publisher(runtime).publish(turn_event("s-7", 1, said))
    await runtime.dispatcher(consumer="d").run(burst=True)
    delivery = Delivery(runtime.store, runtime.redis, runtime.keys, runtime.clock)
    own = build_mcp(tools_of(runtime), fixed_caller(caller(Role.READER)), delivery=delivery)
    async with Client(own) as client:
        before = refusal(await client.call_tool("session_summary", {"session_id": "s-7"}))
    assert before["code"] == "not_found"
    # kept 90 s ago: the answer's age is measured from then (a clamp or a sign slip shows)
    await update(
        runtime.store, "s-7", tenant="acme", now=runtime.clock.now() - timedelta(seconds=90)
    )
    async with Client(own) as client:
        found = structured(await client.call_tool("session_summary", {"session_id": "s-7"}))
    assert found["ok"] is True and found["through_turn"] == 1
    assert found["summary"]["goal"] == "Fix the flaky retry test in the invoice exporter."
    assert found["text"].startswith("## Goal\nFix the flaky retry test")
    assert 90 <= found["age_seconds"] < 3600
    for other in (caller(Role.READER, tenant="other"), caller(Role.READER, user="bob")):
        server = build_mcp(tools_of(runtime), fixed_caller(other), delivery=delivery)
        async with Client(server) as client:
            answers = [
                refusal(await client.call_tool("session_summary", {"session_id": name}))
                for name in ("s-7", "s-never")
            ]
        assert answers[0] == answers[1] and answers[0]["code"] == "not_found"
