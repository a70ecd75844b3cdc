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

from daemon.api.errors import ApiError
from daemon.api.keyring import Keyring
from daemon.app.services import make_store
from daemon.base.clock import Clock, SystemClock
from daemon.base.errors import ConfigError, ToolRefused
from daemon.base.settings import Settings
from daemon.gate.screen import Limits
from daemon.mcp.server import CallerOf, build_mcp
from daemon.recall import Recall
from daemon.tools.memory import REFUSALS, Caller, MemoryTools

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
    settings: Settings,
    key: str,
    *,
    project: str | None = None,
    user: str | None = None,
    clock: Clock | None = None,
) -> None:
    """Serve MCP on stdio until the client closes it."""
    clock = clock or SystemClock()
    store = make_store(settings, pool_size=2)
    recall = Recall(store, clock)
    try:
        await store.check_schema()
        keyring = Keyring(store, clock, cache_s=settings.api.key_cache_s)
        try:
            grant = await keyring.load(key)
        except ApiError as exc:
            raise ConfigError(f"MEMORYD_API_KEY is not a usable key ({exc.code}): {exc}") from exc
        try:
            caller = Caller.of(grant, project, user)
        except REFUSALS as exc:
            raise ConfigError(str(exc)) from exc
        tools = MemoryTools(store, recall, clock, Limits.from_settings(settings.extraction))
        await build_mcp(tools, _checked(keyring, key, caller)).run_stdio_async()
    finally:
        await recall.aclose()
