"""memoryd's MCP server with the official MCP Python client: in process, over stdio
(``memoryd mcp`` as a subprocess on the test database) and over streamable HTTP (a real
uvicorn on a free port), bound by keys."""

from __future__ import annotations

import subprocess
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import httpx2
import pytest
from mcp import Client, MCPError, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from structlog.testing import capture_logs

from daemon.app.container import Container
from daemon.mcp.memory_server import build_mcp, fixed_caller
from daemon.store.tables import memories
from tests.harness import publisher, rows, run_pipeline
from tests.tools.helpers import PROJECT, caller, tools_of, turn_event
from tests.tools.mcp_support import (
    MEMORYD_MCP,
    WEB,
    Keys,
    process_env,
    refusal,
    served,
    structured,
)

FACT = "The billing service deploys on Fridays after the 14:00 UTC freeze."
TOOLS = {
    "memory_save",
    "memory_update",
    "memory_forget",
    "memory_read",
    "memory_list",
    "memory_search",
}


async def _exercise(client: Client) -> int:
    """Save, refuse a duplicate and a secret, search, read the block; the saved id."""
    assert {t.name for t in (await client.list_tools()).tools} == TOOLS
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
    return int(saved["id"])


async def test_in_process_tools_prompt_and_resource(runtime: Container) -> None:
    server = build_mcp(tools_of(runtime), fixed_caller(caller()))
    async with Client(server) as client:
        memory_id = await _exercise(client)
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


async def test_stdio_memoryd_mcp_serves_the_keys_scope(
    runtime: Container, database_url: str, keys: Keys
) -> None:
    params = StdioServerParameters(
        command=MEMORYD_MCP[0], args=MEMORYD_MCP[1:], env=process_env(database_url, keys.agent)
    )
    async with Client(params) as client:
        await _exercise(client)
        saved = structured(
            await client.call_tool(
                "memory_save",
                {
                    "type": "user",
                    "title": "Tabs",
                    "content": "Alice prefers tabs to spaces.",
                    "session_id": "s-stdio",
                    "turn": 4,
                },
            )
        )
    [memory] = await rows(runtime, "memories", rows_table_id(saved["id"]))
    assert (memory.tenant, memory.project, memory.user) == ("acme", PROJECT, "alice")
    [marked] = await rows(runtime, "agent_turns")
    assert (marked.session_id, marked.turn, marked.user) == ("s-stdio", 4, "alice")


async def test_a_running_memoryd_mcp_refuses_its_key_once_revoked(
    runtime: Container, database_url: str, keys: Keys
) -> None:
    """The key is checked again at each call (cached for MEMORYD_API__KEY_CACHE_S, 0 here):
    a revocation stops a running process's next call, with the code key_revoked."""
    from daemon.access.key_lifecycle import revoke

    env = process_env(database_url, keys.agent, MEMORYD_API__KEY_CACHE_S="0")
    params = StdioServerParameters(command=MEMORYD_MCP[0], args=MEMORYD_MCP[1:], env=env)
    async with Client(params) as client:
        structured(await client.call_tool("memory_list", {}))
        key_id = keys.agent.split("_")[1]
        assert await revoke(runtime.store, runtime.clock, key_id, redis=None, keys=runtime.keys)
        refused = await client.call_tool("memory_list", {})
        assert refusal(refused)["code"] == "key_revoked"
        with pytest.raises(MCPError) as caught:
            await client.get_prompt("memory_context", {})
        assert caught.value.error.data == {"code": "key_revoked"}


def rows_table_id(memory_id: int) -> Any:
    return memories.c.id == memory_id


def _start(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        MEMORYD_MCP, env=env, input="", capture_output=True, text=True, timeout=30, check=False
    )


@pytest.mark.parametrize(
    ("key", "said"),
    [(None, "MEMORYD_API_KEY is not set"), ("mdk_unknown", "not a memoryd key")],
)
def test_memoryd_mcp_refuses_to_start_without_a_key(
    tmp_path: Path, key: str | None, said: str
) -> None:
    """Refused before the store is opened: the database named here does not exist."""
    database_url = f"sqlite:///{tmp_path / 'never-opened.db'}"
    done = _start(process_env(database_url, key))
    assert done.returncode == 2, done.stderr
    assert said in done.stderr and done.stdout == ""
    assert not (tmp_path / "never-opened.db").exists()


async def test_memoryd_mcp_resolves_its_key_through_the_keyring(
    runtime: Container, database_url: str, keys: Keys
) -> None:
    """The key is one of the store's tenant keys: an unknown or revoked one, or client
    settings outside it, stop the start with the policy's words."""
    from daemon.access.key_lifecycle import revoke

    unknown = "mdk_000000000000_" + "A" * 43
    revoked = keys.reader
    key_id = revoked.split("_")[1]
    assert await revoke(runtime.store, runtime.clock, key_id, redis=None, keys=runtime.keys)
    for key, extra, said in (
        (unknown, {}, "invalid_key"),
        (revoked, {}, "key_revoked"),
        (keys.wide, {}, "name the project"),
        (keys.wide, {"MEMORYD_MCP_PROJECT": "github.com/globex/app"}, "outside this key"),
        (keys.agent, {"MEMORYD_MCP_USER": "bob"}, "outside this key"),
    ):
        done = _start(process_env(database_url, key, **extra))
        assert done.returncode == 2, done.stderr
        assert said in done.stderr and done.stdout == "", done.stderr
        assert key not in done.stderr


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
            memory_id = await _exercise(agent)
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
            await _exercise(client)


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
