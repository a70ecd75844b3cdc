"""The one place ``memoryd serve`` reaches the main agent's memory tools through: the tools
service (:mod:`daemon.tools`) over the context's store, recall, clock and the save's
embedder (semantic dedup)."""

from __future__ import annotations

from daemon.api.request_context import ApiContext
from daemon.tools import MemoryTools


def memory_tools(ctx: ApiContext) -> MemoryTools:
    """The tools service of the context (cheap: it holds references only)."""
    return MemoryTools(
        ctx.store, ctx.recall.recall, ctx.clock, ctx.limits, ctx.container.save_embedder
    )
