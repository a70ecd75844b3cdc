"""``memory_list`` a page at a time over MCP, in process, on both backends, as
``GET /v1/memories`` pages: every memory once, newest first, ``next_cursor`` null on the last
page and named in the text while there is more; a cursor made for other arguments, or a
forged one, refused ``invalid_cursor``."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from mcp import Client

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.mcp.memory_server import build_mcp, fixed_caller
from tests.api.test_memory_pages import fact
from tests.mcp.mcp_support import refusal, structured
from tests.tools.helpers import caller
from tests.tools.test_memory_as_of import tools_at

T0 = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)


async def test_memory_list_pages_with_a_cursor(runtime: Container) -> None:
    clock = FakeClock(T0)
    server = build_mcp(tools_at(runtime, clock), fixed_caller(caller()))
    async with Client(server) as client:
        saved = []
        for n in range(5):
            body = {"type": "project", "title": f"Rota {n}", "content": fact(n)}
            saved.append(structured(await client.call_tool("memory_save", body))["id"])
            clock.advance(1)
        seen: list[str] = []
        arguments: dict[str, Any] = {"limit": 2}
        for _ in range(5):
            answer = await client.call_tool("memory_list", arguments)
            page = structured(answer)
            seen += [m["id"] for m in page["memories"]]
            cursor = page["next_cursor"]
            if cursor is None:
                assert "cursor=" not in answer.content[0].text
                break
            assert f"cursor={cursor}" in answer.content[0].text
            arguments = {"limit": 2, "cursor": cursor}
        assert seen == list(reversed(saved))
        first = structured(await client.call_tool("memory_list", {"limit": 1}))["next_cursor"]
        for wrong in ({"types": ["decision"], "cursor": first}, {"cursor": "p1" + "A" * 40}):
            assert refusal(await client.call_tool("memory_list", wrong))["code"] == "invalid_cursor"
