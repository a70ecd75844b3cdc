"""memoryd's MCP server with the official MCP Python client, in process: its tools, prompt
and resource on one caller, and a failure nobody foresaw answered ``internal``. Its stdio
and HTTP transports are tested in test_stdio.py and test_http.py."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError
from structlog.testing import capture_logs

from daemon.access.grant import Role
from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.base.errors import StoreUnavailable
from daemon.base.scope import ScopeKey
from daemon.mcp.memory_server import build_mcp, fixed_caller
from daemon.recall import Recall
from daemon.tools.memory import MemoryTools
from tests.harness import live_memories, publisher, rows, run_pipeline
from tests.mcp.mcp_support import FACT, MEMORY_TOOLS, exercise, refusal, structured
from tests.recall.writers import READER, REPORTED, assert_framed, seed_every_writer
from tests.tools.helpers import PROJECT, caller, tools_of, turn_event


async def test_in_process_tools_prompt_and_resource(runtime: Container) -> None:
    server = build_mcp(tools_of(runtime), fixed_caller(caller()))
    async with Client(server) as client:
        memory_id = await exercise(client, MEMORY_TOOLS)  # no delivery reader given
        updated = await client.call_tool(
            "memory_update", {"id": memory_id, "content": FACT.replace("Fridays", "Thursdays")}
        )
        assert structured(updated)["action"] == "updated"
        listed = structured(await client.call_tool("memory_list", {"types": ["project"]}))
        assert [m["content"] for m in listed["memories"]] == [FACT.replace("Fridays", "Thursdays")]
        read = structured(await client.call_tool("memory_read", {"id": memory_id}))
        assert read["id"] == memory_id
        forgotten = await client.call_tool("memory_forget", {"id": memory_id, "reason": "moved"})
        assert structured(forgotten)["action"] == "forgotten"
        gone = await client.call_tool("memory_read", {"id": memory_id})
        assert refusal(gone)["code"] == "not_found"
        half = await client.call_tool("memory_forget", {"id": memory_id, "turn": 3})
        assert refusal(half)["code"] == "invalid"
    history = await rows(runtime, "memory_history")
    assert [(h.action, h.actor) for h in history] == [
        ("create", "agent"),
        ("update", "agent"),
        ("delete", "agent"),
    ]


async def test_a_save_over_mcp_naming_its_turn_is_not_extracted_again(runtime: Container) -> None:
    """The whole way: the agent saves over MCP naming session and turn, the host publishes
    that turn without memory_writes, extraction skips it; the same turn of a session whose
    agent did not save is extracted."""
    said = "Remember that the nightly billing export runs at 02:00 UTC and must end by 04:00."
    server = build_mcp(tools_of(runtime), fixed_caller(caller()))
    async with Client(server) as client:
        structured(
            await client.call_tool(
                "memory_save",
                {
                    "type": "project",
                    "title": "Nightly export",
                    "content": "The nightly billing export runs 02:00-04:00 UTC.",
                    "session_id": "s-mcp",
                    "turn": 1,
                },
            )
        )
    await publisher(runtime).publish_many(
        [
            turn_event("s-mcp", 1, [{"role": "user", "content": said}]),
            turn_event("s-plain", 1, [{"role": "user", "content": said}]),
        ]
    )
    await run_pipeline(runtime)
    outcomes = {r.session_id: (r.outcome, r.guarded_turns) for r in await rows(runtime, "runs")}
    assert outcomes == {"s-mcp": ("skipped", 1), "s-plain": ("wrote", 0)}


async def test_a_save_over_mcp_reads_dates_in_the_zone_it_names(runtime: Container) -> None:
    clock = FakeClock(datetime(2026, 11, 24, 12, 0, tzinfo=UTC))  # 02:00 the 25th in Kiritimati
    tools = MemoryTools(
        runtime.store, Recall(runtime.store, clock), clock, tools_of(runtime).limits
    )
    server = build_mcp(tools, fixed_caller(caller()))
    async with Client(server) as client:
        for zone in ("Pacific/Kiritimati", None):
            args = {"type": "project", "title": "", "content": f"The {zone} demo is tomorrow."}
            structured(
                await client.call_tool(
                    "memory_save", {**args, **({"timezone": zone} if zone else {})}
                )
            )
        wrong = await client.call_tool(
            "memory_save", {"type": "project", "title": "", "content": "x y", "timezone": "+99:00"}
        )
        assert wrong.is_error and refusal(wrong)["code"] == "invalid"
    contents = sorted(m.content for m in await live_memories(runtime))
    assert contents == [
        "The None demo is tomorrow (2026-11-25).",
        "The Pacific/Kiritimati demo is tomorrow (2026-11-26).",
    ]


async def test_an_unexpected_error_answers_internal_and_logs_no_memory_text(
    runtime: Container, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A failure nobody foresaw inside a tool (the store's error carries the statement's
    parameters, memory text among them) is answered with the stable code ``internal``; the
    log names the error's type, never its text."""
    tools = tools_of(runtime)

    async def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise RuntimeError(f"[parameters: ('{FACT}',)]")

    monkeypatch.setattr(tools, "save", broken)
    server = build_mcp(tools, fixed_caller(caller()))
    with caplog.at_level("DEBUG"), capture_logs() as logged:
        async with Client(server) as client:
            answer = await client.call_tool(
                "memory_save", {"type": "project", "title": "Deploys", "content": FACT}
            )
    assert answer.is_error
    assert refusal(answer)["code"] == "internal"
    assert FACT not in refusal(answer)["message"]
    assert FACT not in caplog.text and FACT not in repr(logged)
    assert {"event": "mcp.tool_failed", "error": "RuntimeError", "log_level": "error"} in logged


async def test_a_store_that_is_down_answers_store_unavailable_not_internal(
    runtime: Container, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An outage the agent can wait out is told as such: ``store_unavailable``, retry later."""
    tools = tools_of(runtime)

    async def down(*_args: Any, **_kwargs: Any) -> Any:
        raise StoreUnavailable("OperationalError: connection refused")

    monkeypatch.setattr(tools, "ranked", down)
    monkeypatch.setattr(tools, "injection_block", down)
    server = build_mcp(tools, fixed_caller(caller()))
    async with Client(server) as client:
        answer = await client.call_tool("memory_search", {"query": "deploys"})
        with pytest.raises(MCPError) as block:
            await client.get_prompt("memory_context")
    assert answer.is_error
    assert refusal(answer)["code"] == "store_unavailable"
    assert "retry" in refusal(answer)["message"]
    assert block.value.error.data == {"code": "store_unavailable"}


async def test_every_writer_is_framed_for_bob_in_text_and_structure(runtime: Container) -> None:
    """memory_read, memory_list and memory_search: the structured answer carries each
    memory's ``author``; the text answer shows another writer's memory only as its quoted
    report, never its bare text."""
    rows = await seed_every_writer(runtime.store, ScopeKey(PROJECT, tenant="acme"))
    codec = await tools_of(runtime).ids()
    ids = {name: codec.encode(row) for name, row in rows.items()}
    server = build_mcp(tools_of(runtime), fixed_caller(caller(Role.READER, user=READER)))
    async with Client(server) as client:
        listed = await client.call_tool("memory_list", {"limit": 100})
        found = await client.call_tool("memory_search", {"query": "build make", "limit": 50})
        read = [await client.call_tool("memory_read", {"id": i}) for i in ids.values()]
    assert_framed(structured(listed)["memories"], ids)
    assert_framed(structured(found)["memories"], ids)
    assert_framed([structured(r) for r in read], ids)
    for result in (listed, found, *read):
        text = "\n".join(block.text for block in result.content)
        for name in ids:
            bare = f"MARK-{name} says"
            if name in REPORTED:
                assert text.count(bare) == text.count(f"\u201cMARK-{name} says"), text
        assert "content" not in text  # the text answer is lines, not the JSON
