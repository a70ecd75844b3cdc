"""``memoryd mcp`` (the MCP server on stdio) as a subprocess on the test database, with the
official MCP Python client: bound to its key's scope, refused at the start without a usable
key, and refused at a call once its key is revoked."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, MCPError, StdioServerParameters

from daemon.app.container import Container
from daemon.store.public_ids import id_codec
from daemon.store.tables import memories
from tests.harness import rows
from tests.mcp.mcp_support import MEMORYD_MCP, Keys, exercise, process_env, refusal, structured
from tests.tools.helpers import PROJECT


async def test_stdio_memoryd_mcp_serves_the_keys_scope(
    runtime: Container, database_url: str, keys: Keys
) -> None:
    params = StdioServerParameters(
        command=MEMORYD_MCP[0], args=MEMORYD_MCP[1:], env=process_env(database_url, keys.agent)
    )
    async with Client(params) as client:
        await exercise(client)
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
    codec = await id_codec(runtime.store)
    [memory] = await rows(runtime, "memories", rows_table_id(codec.decode(saved["id"])))
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
        MEMORYD_MCP, env=env, input="", capture_output=True, text=True, timeout=120, check=False
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


@pytest.mark.timeout(300)  # five process starts; each imports the MCP SDK (seconds under load)
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
        (keys.wide, {}, "name the project (`memoryd mcp --project P`, or MEMORYD_MCP_PROJECT"),
        (keys.wide, {"MEMORYD_MCP_PROJECT": "github.com/globex/app"}, "outside this key"),
        (keys.agent, {"MEMORYD_MCP_USER": "bob"}, "outside this key"),
    ):
        done = _start(process_env(database_url, key, **extra))
        assert done.returncode == 2, done.stderr
        assert said in done.stderr and done.stdout == "", done.stderr
        assert key not in done.stderr
