"""The MCP server mounted in ``memoryd serve`` at /mcp: bound by the API's own keys and
error shape, and answering the paths no API route took as the API would (JSON 404, 405)."""

from __future__ import annotations

from pathlib import Path

import pytest

from daemon.access.grant import Role
from daemon.api.mcp_mount import mcp_mount
from tests.api.in_process import in_process
from tests.backends import SqliteTemplate

pytestmark = [pytest.mark.redis]

PING = {"jsonrpc": "2.0", "id": 1, "method": "ping"}


async def test_the_mount_answers_mcp_by_key_and_other_paths_as_the_api(
    sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str
) -> None:
    async with in_process(sqlite_template, tmp_path, prefix, mounts={"/": mcp_mount()}) as api:
        key = await api.key(Role.AGENT)
        async with api.client() as anonymous:
            refused = await anonymous.post("/mcp", json=PING)
            assert refused.status_code == 401
            assert refused.json() == {
                "error": {"code": "missing_key", "message": refused.json()["error"]["message"]}
            }
            missing = await anonymous.get("/nowhere")
            assert missing.status_code == 404
            assert missing.json()["error"]["code"] == "not_found"
            wrong = await anonymous.delete("/v1/recall/manifest")
            assert wrong.status_code == 405
            assert wrong.json()["error"]["code"] == "method_not_allowed"
            assert wrong.headers["allow"] == "GET"
        async with api.client(key) as client:
            headers = {"accept": "application/json, text/event-stream", "host": "127.0.0.1:8080"}
            initialize = {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "t", "version": "1"},
                },
            }
            answer = await client.post("/mcp", json=initialize, headers=headers)
            assert answer.status_code == 200, answer.text
            assert "memoryd" in answer.text
        exposition = api.ctx.metrics.exposition().decode()
        assert 'memoryd_api_refusals_total{reason="missing_key"} 1.0' in exposition
        assert 'memoryd_api_refusals_total{reason="not_found"} 1.0' in exposition
        assert 'memoryd_api_refusals_total{reason="method_not_allowed"} 1.0' in exposition
