"""The MCP client's settings as headers (``X-Memoryd-Project``, ``X-Memoryd-User``) name the
same scope as the /v1 routes' query parameters, whatever letters the names hold: header
bytes are UTF-8 (as curl and HTTP libraries send text), not Latin-1."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.api.conftest import Served

pytestmark = [pytest.mark.redis, pytest.mark.postgres]

PROJECT = "café-größe-東京"
FACT = "The café project bills its customers in euros only."


def _call(served: Served, key: str, name: str, arguments: dict[str, Any], project: bytes) -> Any:
    headers = [
        (b"Authorization", f"Bearer {key}".encode()),
        (b"Accept", b"application/json, text/event-stream"),
        (b"Content-Type", b"application/json"),
        (b"X-Memoryd-Project", project),
    ]
    body = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": name, "arguments": arguments},
    }
    response = httpx.post(f"{served.base_url}/mcp", json=body, headers=headers, timeout=30)
    assert response.status_code == 200, response.text
    return response.json()["result"]


def test_a_utf8_project_header_names_the_project_the_api_names(served: Served) -> None:
    key = served.key("agent", projects=())
    result = _call(
        served,
        key,
        "memory_save",
        {"type": "project", "title": "Currency", "content": FACT},
        PROJECT.encode(),
    )
    assert not result["isError"], result
    saved = result["structuredContent"]["id"]
    with served.client(key) as client:
        listed = client.get("/v1/memories", params={"project": PROJECT})
    assert listed.status_code == 200, listed.text
    assert [m["id"] for m in listed.json()["memories"]] == [saved]


def test_a_project_header_that_is_not_utf8_is_refused(served: Served) -> None:
    key = served.key("agent", projects=())
    result = _call(served, key, "memory_list", {}, b"caf\xe9")
    assert result["isError"]
    text = result["content"][0]["text"]
    refusal = json.loads(text[text.index("{") :])
    assert refusal["code"] == "invalid" and "UTF-8" in refusal["message"]
