"""``memoryd mcp``: memoryd's MCP server on standard input and output, for a local agent.

The process is bound to one key (``MEMORYD_API_KEY``), resolved once at start; the scope is
the key's, narrowed by the client's settings (``--project``, ``--user``) where the key
allows several. A key that is unknown, or settings outside it, stop the start.
"""

from __future__ import annotations

from daemon.clock import Clock, SystemClock
from daemon.errors import ConfigError, ToolRefused
from daemon.extraction.guards import Limits
from daemon.mcp.keys import KeyResolver
from daemon.mcp.server import build_mcp
from daemon.recall import Recall
from daemon.settings import Settings
from daemon.store.db import Store
from daemon.tools.memory import Caller, MemoryTools

__all__ = ["serve_stdio"]


async def serve_stdio(
    settings: Settings,
    key: str,
    resolve: KeyResolver,
    *,
    project: str | None = None,
    user: str | None = None,
    clock: Clock | None = None,
) -> None:
    """Serve MCP on stdio until the client closes it."""
    clock = clock or SystemClock()
    grant = await resolve(key)
    if grant is None:
        raise ConfigError("MEMORYD_API_KEY is not a known key (unknown or revoked)")
    try:
        caller = Caller.of(grant, project, user)
    except ToolRefused as exc:
        raise ConfigError(str(exc)) from exc
    store = Store.from_url(settings.database_url, pool_size=2)
    recall = Recall(store, clock)
    try:
        await store.check_schema()
        tools = MemoryTools(store, recall, clock, Limits.from_settings(settings.extraction))
        await build_mcp(tools, lambda _ctx: caller).run_stdio_async()
    finally:
        await recall.aclose()
