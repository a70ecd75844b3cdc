"""memoryd's MCP server with a client from another ecosystem: the official TypeScript MCP SDK
(``@modelcontextprotocol/sdk`` from the npm registry), run with the machine's Node.js over
streamable HTTP and over stdio. Skipped when Node.js or npm is absent; required under
``CI=true``."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from daemon.app.container import Container
from tests.mcp.mcp_support import MEMORYD_MCP, TOOLS, Keys, process_env, served

SDK = "@modelcontextprotocol/sdk@1"
SCRIPT = Path(__file__).with_name("ts_client.mjs")
FACT = "We chose Redis streams for the billing queue because consumer groups replay."


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}; the TypeScript MCP test is required under CI=true")
    pytest.skip(f"{reason}: the TypeScript MCP SDK test needs Node.js 18+ and npm")


@pytest.fixture(scope="session")
def ts_sdk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the TypeScript MCP SDK installed from the npm registry (once a session)."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        _missing("node or npm is not on PATH")
    assert node is not None and npm is not None
    major = subprocess.run([node, "--version"], capture_output=True, text=True, check=True)
    if int(major.stdout.strip().lstrip("v").split(".")[0]) < 18:
        _missing(f"Node.js {major.stdout.strip()} is older than 18")
    folder = tmp_path_factory.mktemp("ts-mcp")
    (folder / "package.json").write_text('{"private": true, "type": "module"}\n')
    done = subprocess.run(
        [npm, "install", "--no-audit", "--no-fund", "--loglevel=error", SDK],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    if done.returncode != 0:
        _missing(f"npm install {SDK} failed: {done.stderr.strip()[-500:]}")
    shutil.copy(SCRIPT, folder / SCRIPT.name)
    return folder


@pytest.mark.timeout(120)
async def test_the_typescript_sdk_saves_searches_and_lists(
    runtime: Container, database_url: str, ts_sdk: Path, tmp_path: Path, keys: Keys
) -> None:
    async with served(runtime) as url:
        config = {
            "url": url,
            "key": keys.agent,
            "fact": FACT,
            "query": "billing queue",
            "stdio": {
                "command": MEMORYD_MCP[0],
                "args": MEMORYD_MCP[1:],
                "env": process_env(database_url, keys.agent),
            },
        }
        (tmp_path / "config.json").write_text(json.dumps(config))
        node = await asyncio.create_subprocess_exec(
            shutil.which("node") or "node",
            str(ts_sdk / SCRIPT.name),
            str(tmp_path / "config.json"),
            cwd=ts_sdk,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(node.communicate(), timeout=90)
    assert node.returncode == 0, err.decode()[-2000:]
    seen = json.loads(out)
    assert seen["tools"] == sorted(TOOLS)
    assert seen["saved"]["ok"] is True and seen["saved"]["action"] == "created"
    assert seen["duplicate"]["isError"] is True
    assert seen["duplicate"]["parsed"]["code"] == "duplicate"
    assert seen["duplicate"]["structured"] == seen["duplicate"]["parsed"]
    assert seen["resources"] == ["memoryd://memories"]
    assert seen["found"] == [seen["saved"]["id"]]
    assert FACT in seen["block"]
    assert seen["stdio_listed"] == [seen["saved"]["id"]]
