"""The MCP server mounted in a real ``memoryd serve`` at ``/mcp``, driven by the official MCP
Python client: bound by the same Bearer keys as the /v1 routes, refused in the same error
shape, counted by the same metrics."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from tests.api.conftest import Served, memoryd

pytestmark = [pytest.mark.redis, pytest.mark.postgres]

FACT = "The billing service deploys on Fridays after the 14:00 UTC freeze."


@asynccontextmanager
async def mcp_client(served: Served, key: str) -> AsyncIterator[Client]:
    headers = {"Authorization": f"Bearer {key}"}
    async with (
        httpx2.AsyncClient(headers=headers) as http,
        Client(streamable_http_client(f"{served.base_url}/mcp", http_client=http)) as client,
    ):
        yield client


def _structured(result: Any) -> Any:
    assert not result.is_error, result.content
    return result.structured_content


def _refusal(result: Any) -> dict[str, Any]:
    assert result.is_error
    text = result.content[0].text
    return dict(json.loads(text[text.index("{") :]))


async def test_the_mcp_client_saves_and_recalls_through_serve(served: Served) -> None:
    key = served.key("agent", projects=("billing",), user="alice")
    async with mcp_client(served, key) as client:
        tools = {t.name for t in (await client.list_tools()).tools}
        assert {"memory_save", "memory_search", "memory_forget", "memory_list"} <= tools
        saved = _structured(
            await client.call_tool(
                "memory_save", {"type": "project", "title": "Deploy day", "content": FACT}
            )
        )
        assert saved["ok"] is True and saved["action"] == "created"
        again = await client.call_tool(
            "memory_save", {"type": "project", "title": "Again", "content": FACT}
        )
        assert _refusal(again)["code"] == "duplicate"
        found = _structured(await client.call_tool("memory_search", {"query": "deploys fridays"}))
        assert [m["id"] for m in found["memories"]] == [saved["id"]]
        prompt = await client.get_prompt("memory_context", {})
        assert FACT in prompt.messages[0].content.text
    # The same memory over /v1, with the same key: one store, one scope.
    with served.client(key) as http:
        read = http.get(f"/v1/memories/{saved['id']}")
        assert read.status_code == 200 and read.json()["memory"]["created_by"] == "agent"


@pytest.mark.parametrize("role", ["reader", "host"])
async def test_keys_that_may_not_write_are_refused_over_mcp(served: Served, role: str) -> None:
    key = served.key(role, projects=("billing",), user="alice")
    async with mcp_client(served, key) as client:
        denied = await client.call_tool(
            "memory_save", {"type": "project", "title": "t", "content": "Builds run on Linux."}
        )
        assert _refusal(denied)["code"] == "role_too_weak"
        assert _structured(await client.call_tool("memory_list", {}))["memories"] is not None


def test_mcp_requests_are_refused_like_v1_requests(served: Served) -> None:
    """No key, a malformed header, an unknown or revoked key: 401 in the API's error shape,
    the same code /v1 answers; an unknown path: the API's JSON 404."""
    made = json.loads(
        memoryd(
            "keys", "create", "--tenant", "acme", "--role", "agent", "--json", env=served.env
        ).stdout
    )
    assert memoryd("keys", "revoke", made["key_id"], env=served.env).returncode == 0
    ping = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    accept = {"Accept": "application/json, text/event-stream"}
    with httpx.Client(base_url=served.base_url, timeout=30) as http:
        for headers, code in (
            ({}, "missing_key"),
            ({"Authorization": "Basic abc"}, "malformed_key"),
            ({"Authorization": "Bearer mdk_000000000000_" + "A" * 43}, "invalid_key"),
            ({"Authorization": f"Bearer {made['key']}"}, "key_revoked"),
        ):
            over_mcp = http.post("/mcp", json=ping, headers={**accept, **headers})
            over_v1 = http.get("/v1/recall/manifest", headers=headers)
            assert over_mcp.status_code == over_v1.status_code == 401
            assert over_mcp.json() == over_v1.json()
            assert over_mcp.json()["error"]["code"] == code
            assert over_mcp.headers["www-authenticate"] == over_v1.headers["www-authenticate"]
        # Mounted at "/", the MCP app sees what no API route took: answered as the API would.
        missing = http.get("/no/such/route")
        assert (missing.status_code, missing.json()["error"]["code"]) == (404, "not_found")
        wrong = http.put("/v1/memories/1", headers={"Authorization": "Bearer x"})
        assert (wrong.status_code, wrong.json()["error"]["code"]) == (405, "method_not_allowed")
        assert "GET" in wrong.headers["allow"]
        metrics = http.get("/metrics").text
    assert 'memoryd_api_requests_total{method="POST",route="/mcp",status="401"}' in metrics
    assert 'memoryd_api_refusals_total{reason="key_revoked"}' in metrics


async def test_a_refusal_over_mcp_names_the_memory_by_its_opaque_id_only(
    served: Served,
) -> None:
    key = served.key("agent", projects=("billing",), user="alice")
    async with mcp_client(served, key) as client:
        first = _structured(
            await client.call_tool(
                "memory_save", {"type": "project", "title": "Ids", "content": FACT + " ids"}
            )
        )
        again = await client.call_tool(
            "memory_save", {"type": "project", "title": "Again", "content": FACT + " ids"}
        )
    refusal = _refusal(again)
    assert (refusal["code"], refusal["memory"]) == ("duplicate", first["id"])
    assert refusal["message"] == (
        f"refused (duplicate): memory {first['id']} of this scope holds the same content; "
        "nothing was saved (the memory named already says this; update it instead)"
    )
