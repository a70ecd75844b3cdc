"""``memoryd mcp``: memoryd's MCP server on standard input and output, for a local agent.

The process is bound to one key (``MEMORYD_API_KEY``), resolved through the keyring of
``memoryd serve`` (the store's tenant keys: a key made by ``memoryd keys create``); the scope
is the key's, narrowed by the client's settings (``--project``, ``--user``) where the key
allows several. A key that is unknown or revoked, or settings outside it, stop the start.
The key is checked again at each call, as ``memoryd serve`` does without Redis: a key
revoked while the process runs is refused (``key_revoked``) once the keyring's cache of
``MEMORYD_API__KEY_CACHE_S`` has passed.
"""

from __future__ import annotations

from daemon.access.keyring import Keyring
from daemon.access.policy import ScopeUnnamed
from daemon.access.refusals import ApiError
from daemon.app.container import Container
from daemon.base.errors import ConfigError, ToolRefused
from daemon.mcp.memory_server import CallerOf, build_mcp
from daemon.tools.delivery import Delivery
from daemon.tools.memory import REFUSALS, Caller, MemoryTools
from daemon.tools.scratch import Scratch

#: How ``memoryd mcp`` is told the project (``project_required``).
STDIO_FIX = "`memoryd mcp --project P`, or MEMORYD_MCP_PROJECT in the client's MCP settings"

__all__ = ["serve_stdio"]


def _checked(keyring: Keyring, key: str, caller: Caller) -> CallerOf:
    """The process's caller, once its key is found still live (from the cache, or the store)."""

    async def caller_of(_ctx: object) -> Caller:
        if keyring.cached(key) is None:
            try:
                await keyring.load(key)
            except ApiError as exc:
                raise ToolRefused(exc.code, exc.message) from exc
        return caller

    return caller_of


async def serve_stdio(
    container: Container, key: str, *, project: str | None = None, user: str | None = None
) -> None:
    """Serve MCP on stdio until the client closes it, on the container the edge built (its
    store, clock and limits); the caller closes the container."""
    store, clock, settings = container.store, container.clock, container.settings
    recall = container.recall()
    try:
        keyring = Keyring(store, clock, cache_s=settings.api.key_cache_s)
        try:
            grant = await keyring.load(key)
        except ApiError as exc:
            raise ConfigError(f"MEMORYD_API_KEY is not a usable key ({exc.code}): {exc}") from exc
        try:
            caller = Caller.of(grant, project, user)
        except ScopeUnnamed as exc:
            raise ConfigError(str(exc.naming(STDIO_FIX))) from exc
        except REFUSALS as exc:
            raise ConfigError(str(exc)) from exc
        tools = MemoryTools(store, recall, clock, container.limits, container.save_embedder)
        delivery = Delivery(store, container.redis, container.keys, clock)
        scratch = Scratch(container.redis, container.keys, settings.scratch, store.sealer)
        server = build_mcp(
            tools, _checked(keyring, key, caller), delivery=delivery, scratch=scratch
        )
        await server.run_stdio_async()
    finally:
        await recall.aclose()
