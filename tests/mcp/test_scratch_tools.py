"""The scratch tools over MCP, in process on both backends: set, get and delete in the
caller's scope (another user's caller sees nothing), secrets redacted, a cap refused with its
code, a reader refused a write, and nothing becomes a memory."""

from __future__ import annotations

from mcp import Client

from daemon.access.grant import Role
from daemon.app.container import Container
from daemon.mcp.memory_server import build_mcp, fixed_caller
from tests.mcp.mcp_support import refusal, scratch_of, structured
from tests.tools.helpers import caller, tools_of


async def test_scratch_tools_in_the_callers_scope(runtime: Container) -> None:
    server = build_mcp(tools_of(runtime), fixed_caller(caller()), scratch=scratch_of(runtime))
    async with Client(server) as client:
        put = await client.call_tool(
            "scratch_set", {"session_id": "s-1", "key": "plan", "value": {"step": 2}}
        )
        assert structured(put)["ok"] is True
        token = "use sk-live-4eC39HqLyjWDarjtT1zdp7dc"
        assert (
            structured(
                await client.call_tool(
                    "scratch_set", {"session_id": "s-1", "key": "t", "value": token}
                )
            )["redacted"]
            == 1
        )
        got = structured(await client.call_tool("scratch_get", {"session_id": "s-1"}))
        assert got["entries"]["plan"] == {"step": 2} and "sk-live" not in str(got)
        one = structured(
            await client.call_tool("scratch_get", {"session_id": "s-1", "key": "plan"})
        )
        assert (one["found"], one["value"]) == (True, {"step": 2})
        bad = await client.call_tool("scratch_set", {"session_id": "s-1", "key": "a b", "value": 1})
        assert refusal(bad)["code"] == "invalid"
        big = await client.call_tool(
            "scratch_set", {"session_id": "s-1", "key": "big", "value": "x" * 20_000}
        )
        assert refusal(big)["code"] == "value_too_large"
        assert structured(await client.call_tool("memory_list", {}))["memories"] == []
        gone = await client.call_tool("scratch_delete", {"session_id": "s-1", "key": "plan"})
        assert structured(gone)["deleted"] == 1
    other = build_mcp(
        tools_of(runtime), fixed_caller(caller(user="bob")), scratch=scratch_of(runtime)
    )
    async with Client(other) as client:
        theirs = structured(await client.call_tool("scratch_get", {"session_id": "s-1"}))
        assert theirs["entries"] == {}
    reader = build_mcp(
        tools_of(runtime), fixed_caller(caller(Role.READER)), scratch=scratch_of(runtime)
    )
    async with Client(reader) as client:
        refused = await client.call_tool(
            "scratch_set", {"session_id": "s-1", "key": "x", "value": 1}
        )
        assert refusal(refused)["code"] == "role_too_weak"
        assert (
            "t"
            in structured(await client.call_tool("scratch_get", {"session_id": "s-1"}))["entries"]
        )
