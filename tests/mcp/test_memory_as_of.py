"""``memory_list`` and ``memory_search`` with ``as_of`` over MCP, in process, on both
backends: what was believed before a change, the current fact without it, and a time
without its offset refused ``invalid``."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from mcp import Client

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.mcp.memory_server import build_mcp, fixed_caller
from tests.mcp.mcp_support import refusal, structured
from tests.tools.helpers import caller
from tests.tools.test_memory_as_of import NATS, RABBIT, tools_at

T0 = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)


async def test_list_and_search_as_of_a_time_over_mcp(runtime: Container) -> None:
    clock = FakeClock(T0)
    server = build_mcp(tools_at(runtime, clock), fixed_caller(caller()))
    async with Client(server) as client:
        saved = structured(
            await client.call_tool(
                "memory_save", {"type": "project", "title": "Ingest queue", "content": RABBIT}
            )
        )
        clock.advance(timedelta(days=10).total_seconds())
        await client.call_tool("memory_update", {"id": saved["id"], "content": NATS})
        before = "2026-10-05T09:00:00Z"
        listed = structured(await client.call_tool("memory_list", {"as_of": before}))
        assert [m["content"] for m in listed["memories"]] == [RABBIT]
        assert listed["memories"][0]["id"] == saved["id"]
        now = structured(await client.call_tool("memory_list", {}))
        assert [m["content"] for m in now["memories"]] == [NATS]
        found = await client.call_tool("memory_search", {"query": "queue", "as_of": before})
        assert [m["content"] for m in structured(found)["memories"]] == [RABBIT]
        assert "RabbitMQ" in found.content[0].text
        later = structured(
            await client.call_tool(
                "memory_search", {"query": "jetstream", "as_of": "2026-10-12T11:00:00+02:00"}
            )
        )
        assert [m["content"] for m in later["memories"]] == [NATS]
        for bad in ("2026-10-05", "2026-10-05T09:00:00", "last week"):
            refused = refusal(await client.call_tool("memory_list", {"as_of": bad}))
            assert refused["code"] == "invalid" and "RFC 3339" in refused["message"]
