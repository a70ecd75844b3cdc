"""Fixtures of the MCP server tests: tenant keys in the test store."""

from __future__ import annotations

import pytest

from daemon.app.container import Container
from tests.mcp.mcp_support import Keys, make_keys


@pytest.fixture
async def keys(runtime: Container) -> Keys:
    return await make_keys(runtime)
