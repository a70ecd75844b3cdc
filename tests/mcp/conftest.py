"""Fixtures of the MCP server tests: tenant keys in the test store.

This folder has no ``__init__.py`` on purpose: the tests run from ``tests/``, which is on
the path of every ``python -m daemon`` they start, so a regular package named ``mcp`` here
would shadow the MCP library in those processes; a namespace portion yields to it."""

from __future__ import annotations

import pytest

from daemon.app.container import Container
from tests.mcp.mcp_support import Keys, make_keys


@pytest.fixture
async def keys(runtime: Container) -> Keys:
    return await make_keys(runtime)
