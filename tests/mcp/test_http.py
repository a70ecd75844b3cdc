"""memoryd's MCP server over streamable HTTP (a real uvicorn on a free port), with the
official MCP Python client: every request bound to its bearer key, and mounted in another
application after that application's routes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx
import httpx2
import pytest
from mcp import Client, MCPError
from mcp.client.streamable_http import streamable_http_client

from daemon.app.container import Container
from tests.harness import rows
from tests.mcp.mcp_support import FACT, WEB, Keys, exercise, refusal, served, structured


async def test_http_binds_every_request_to_its_bearer_key(runtime: Container, keys: Keys) -> None:
    async with served(runtime) as url:
        async with httpx.AsyncClient() as raw:
            ping = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
            for headers, code in (
                ({}, "missing_key"),
                ({"Authorization": "Bearer mdk_unknown"}, "invalid_key"),
                ({"Authorization": f"Basic {keys.agent}"}, "malformed_key"),
                ({"Authorization": "Bearer"}, "malformed_key"),
            ):
                answer = await raw.post(url, json=ping, headers=headers)
                assert answer.status_code == 401
                assert set(answer.json()) == {"error"}  # the HTTP API's one shape
                assert answer.json()["error"]["code"] == code
                assert answer.headers["www-authenticate"].startswith("Bearer")
                assert keys.agent not in answer.text

        @asynccontextmanager
        async def client(key: str, **headers: str) -> AsyncIterator[Client]:
            bearer = {"Authorization": f"Bearer {key}", **headers}
            async with (
                httpx2.AsyncClient(headers=bearer) as http,
                Client(streamable_http_client(url, http_client=http)) as connected,
            ):
                yield connected

        async with client(keys.agent) as agent:
            memory_id = await exercise(agent)
        async with client(keys.reader) as reader:
            read = structured(await reader.call_tool("memory_read", {"id": memory_id}))
            assert read["content"] == FACT
            denied = await reader.call_tool(
                "memory_forget", {"id": memory_id, "reason": "not mine to forget"}
            )
            assert refusal(denied)["code"] == "role_too_weak"
        async with client(keys.wide) as wide:
            unnamed = await wide.call_tool("memory_list", {})
            assert refusal(unnamed)["code"] == "project_required"
            assert "X-Memoryd-Project header" in refusal(unnamed)["message"]
            with pytest.raises(MCPError) as caught:
                await wide.get_prompt("memory_context", {})
            assert caught.value.error.data == {"code": "project_required"}
        async with client(keys.wide, **{"X-Memoryd-Project": WEB}) as web:
            listed = structured(await web.call_tool("memory_list", {}))
            assert listed["memories"] == []  # billing's memory is not web's
            assert refusal(await web.call_tool("memory_read", {"id": memory_id}))["code"] == (
                "not_found"
            )
            structured(
                await web.call_tool(
                    "memory_save",
                    {"type": "project", "title": "Web", "content": "The web app deploys daily."},
                )
            )
        async with client(keys.wide, **{"X-Memoryd-Project": "github.com/globex/app"}) as other:
            outside = await other.call_tool("memory_list", {})
            assert refusal(outside)["code"] == "scope_outside_key"
    projects = sorted((m.project, m.created_by) for m in await rows(runtime, "memories"))
    assert projects == [("github.com/acme/billing", "agent"), ("github.com/acme/web", "agent")]


async def test_mounted_in_another_app_after_its_routes(runtime: Container, keys: Keys) -> None:
    async with served(runtime, mount=True) as url:
        async with httpx.AsyncClient() as raw:
            health = await raw.get(url.removesuffix("/mcp") + "/healthz")
            assert health.status_code == 200 and health.json() == {"ok": True}
            unauthorized = await raw.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"})
            assert unauthorized.status_code == 401
        bearer = {"Authorization": f"Bearer {keys.agent}"}
        async with (
            httpx2.AsyncClient(headers=bearer) as http,
            Client(streamable_http_client(url, http_client=http)) as client,
        ):
            await exercise(client)
