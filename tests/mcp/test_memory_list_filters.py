"""``memory_list`` over MCP takes the filters ``GET /v1/memories`` takes: a time range of
creation or last change (bounds excluded), the source session and the author, besides
metadata; with ``as_of`` it takes none of them, and a bad time is ``invalid``."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from mcp import Client

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.mcp.memory_server import build_mcp, fixed_caller
from tests.mcp.mcp_support import refusal, structured
from tests.tools.helpers import caller
from tests.tools.test_memory_as_of import tools_at

T0 = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)


def _ids(answer: Any) -> list[str]:
    return [m["id"] for m in structured(answer)["memories"]]


async def test_memory_list_filters_by_time_session_and_author(runtime: Container) -> None:
    clock = FakeClock(T0)
    server = build_mcp(tools_at(runtime, clock), fixed_caller(caller(user="alice")))
    async with Client(server) as client:
        first = structured(
            await client.call_tool(
                "memory_save",
                {
                    "type": "project",
                    "title": "",
                    "content": "The ledger exports run at 02:00 UTC.",
                    "session_id": "s-1",
                    "turn": 1,
                },
            )
        )["id"]
        clock.advance(2 * 86_400)
        second = structured(
            await client.call_tool(
                "memory_save",
                {"type": "project", "title": "", "content": "Invoices are cut in euros."},
            )
        )["id"]

        def listed(**filters: Any) -> Any:
            return client.call_tool("memory_list", filters)

        middle = (T0 + timedelta(days=1)).isoformat()
        assert _ids(await listed()) == [second, first]
        assert _ids(await listed(created_after=middle)) == [second]
        assert _ids(await listed(created_before=middle)) == [first]
        assert _ids(await listed(updated_after=T0.isoformat())) == [second]  # excluded bound
        assert _ids(await listed(source_session="s-1")) == [first]
        assert _ids(await listed(author="alice")) == [second, first]
        assert _ids(await listed(author="bob")) == []

        with_time = await listed(as_of=middle, source_session="s-1")
        assert refusal(with_time)["code"] == "invalid_request"
        assert refusal(await listed(created_after="yesterday"))["code"] == "invalid"
