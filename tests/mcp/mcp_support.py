"""Keys, the memoryd mcp process and a served MCP app for the MCP tests."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import uvicorn
from mcp import Client
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route

from daemon.access.grant import Role
from daemon.access.key_lifecycle import create_key
from daemon.access.keyring import Keyring
from daemon.app.container import Container
from daemon.mcp.http import http_app, keyring_authenticate
from daemon.tools.delivery import Delivery
from daemon.tools.scratch import Scratch
from tests.tools.helpers import PROJECT, tools_of

ROOT = Path(__file__).resolve().parents[2]
WEB = "github.com/acme/web"


@dataclass(frozen=True, slots=True)
class Keys:
    """Tenant keys of the test store (``memoryd keys create`` makes the same)."""

    agent: str  # acme, billing, alice, agent
    reader: str  # acme, billing, alice, reader
    wide: str  # acme, billing and web, any user, agent


async def make_keys(rt: Container) -> Keys:
    async def key(role: Role, projects: tuple[str, ...], user: str | None) -> str:
        made = await create_key(
            rt.store, rt.clock, tenant="acme", projects=projects, user=user, role=role
        )
        return made.key

    return Keys(
        agent=await key(Role.AGENT, (PROJECT,), "alice"),
        reader=await key(Role.READER, (PROJECT,), "alice"),
        wide=await key(Role.AGENT, (PROJECT, WEB), None),
    )


def process_env(database_url: str, key: str | None, **extra: str) -> dict[str, str]:
    """The environment of a ``memoryd mcp`` process on the test database."""
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": os.environ.get("HOME", "/tmp"),
        "PYTHONPATH": str(ROOT),
        "MEMORYD_DATABASE_URL": database_url,
        "MEMORYD_LOG__LEVEL": "warning",
        **extra,
    }
    if key is not None:
        env["MEMORYD_API_KEY"] = key
    return env


MEMORYD_MCP = [sys.executable, "-m", "daemon", "mcp"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _authenticate(rt: Container) -> Any:
    return keyring_authenticate(Keyring(rt.store, rt.clock, cache_s=0))


def delivery_of(rt: Container) -> Delivery:
    """The delivery reader ``memoryd serve`` gives its MCP app."""
    return Delivery(rt.store, rt.redis, rt.keys, rt.clock)


def scratch_of(rt: Container) -> Scratch:
    """The scratch store ``memoryd serve`` gives its MCP app."""
    return Scratch(rt.redis, rt.keys, rt.settings.scratch, rt.store.sealer)


def mounted(rt: Container) -> Starlette:
    """memoryd's MCP app mounted in another app, as docs/mcp.md says: the other app's own
    route first, the MCP app at "/", its lifespan entered in the other app's."""
    mcp_http = http_app(
        tools_of(rt), _authenticate(rt), delivery=delivery_of(rt), scratch=scratch_of(rt)
    )

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        async with mcp_http.lifespan():
            yield

    async def healthz(_request: Request) -> Response:
        return JSONResponse({"ok": True})

    return Starlette(
        routes=[Route("/healthz", healthz), Mount("/", app=mcp_http.app)], lifespan=lifespan
    )


@asynccontextmanager
async def served(rt: Container, *, mount: bool = False) -> AsyncIterator[str]:
    """memoryd's MCP app (alone, or ``mount``ed in another app) on a real uvicorn on a free
    port; yields its URL."""
    port = free_port()
    app: Any = (
        mounted(rt)
        if mount
        else http_app(
            tools_of(rt), _authenticate(rt), delivery=delivery_of(rt), scratch=scratch_of(rt)
        ).app
    )
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    try:
        while not server.started:
            if task.done():
                task.result()
            await asyncio.sleep(0.01)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        server.should_exit = True
        await task


def structured(result: Any) -> Any:
    assert not result.is_error, result.content
    return result.structured_content


def refusal(result: Any) -> dict[str, Any]:
    """The JSON body of a refused call."""
    assert result.is_error
    body = dict(json.loads(result.content[0].text))  # the text is the JSON, nothing around it
    assert result.structured_content == body
    return body


FACT = "The billing service deploys on Fridays after the 14:00 UTC freeze."
MEMORY_TOOLS = {
    "memory_save",
    "memory_update",
    "memory_forget",
    "memory_read",
    "memory_list",
    "memory_search",
}
TOOLS = MEMORY_TOOLS | {
    "delivery_status",
    "session_summary",
    "scratch_get",
    "scratch_set",
    "scratch_delete",
}


async def exercise(client: Client, tools: set[str] = TOOLS) -> str:
    """Save, refuse a duplicate and a secret, search, read the block; the saved id."""
    assert {t.name for t in (await client.list_tools()).tools} == tools
    saved = structured(
        await client.call_tool(
            "memory_save", {"type": "project", "title": "Deploy day", "content": FACT}
        )
    )
    assert saved["ok"] is True and saved["action"] == "created"
    again = await client.call_tool(
        "memory_save", {"type": "project", "title": "Again", "content": FACT}
    )
    assert refusal(again)["code"] == "duplicate"
    leaked = await client.call_tool(
        "memory_save",
        {
            "type": "project",
            "title": "Key",
            "content": "The key is sk-live-4eC39HqLyjWDarjtT1zdp7dc",
        },
    )
    body = refusal(leaked)
    assert body["code"] == "secret" and "sk-live" not in str(body)
    found = structured(await client.call_tool("memory_search", {"query": "deploys fridays"}))
    assert [m["id"] for m in found["memories"]] == [saved["id"]]
    prompt = await client.get_prompt("memory_context", {})
    assert (
        "# Memories" in prompt.messages[0].content.text and FACT in prompt.messages[0].content.text
    )
    resource = await client.read_resource("memoryd://memories")
    assert FACT in resource.contents[0].text
    listed = await client.list_resources()
    assert [str(r.uri) for r in listed.resources] == ["memoryd://memories"]
    queried = await client.read_resource("memoryd://memories?query=fridays")
    assert FACT in queried.contents[0].text
    return str(saved["id"])
