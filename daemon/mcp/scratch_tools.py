"""The MCP tools of a session's working memory (:mod:`daemon.tools.scratch`):
``scratch_get`` (one key, or every key), ``scratch_set`` and ``scratch_delete``, in the
caller's scope as every tool; never extracted (promote a value with ``memory_save``).
Reading needs any role; writing, a role that publishes or writes. A write past the caps is
refused with ``value_too_large``, ``too_many_keys`` or ``scratch_full``."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import Field

from daemon.access.policy import Action, allows, require
from daemon.base.errors import ToolRefused
from daemon.tools.memory import Caller
from daemon.tools.scratch import KEY_PATTERN, Scratch, ScratchFull

__all__ = ["Calls", "add_scratch"]

#: Runs a tool body as the request's caller, answering refusals (``memory_server._Calls``):
#: the body's JSON as structured content and text, a refusal as ``is_error`` with its code.
Calls = Callable[
    [Context, Callable[[Caller], Awaitable[dict[str, Any]]]], Awaitable[CallToolResult]
]
#: A tool's answer: the JSON as structured content (its schema an object) and as text.
Answer = Annotated[CallToolResult, dict[str, Any]]

_KEY = re.compile(KEY_PATTERN)
Session = Annotated[str, Field(min_length=1, max_length=200, description="The host's session id")]
Key = Annotated[str, Field(description="A scratch key: 1-128 of A-Z a-z 0-9 . _ : -")]
_READ = ToolAnnotations(readOnlyHint=True, openWorldHint=False)
_WRITE = ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=True)
_DELETE = ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=True)


def _key(name: str) -> str:
    if not _KEY.match(name):
        raise ToolRefused("invalid", "key must be 1-128 of A-Z a-z 0-9 . _ : -")
    return name


def _writer(caller: Caller) -> None:
    if not allows(caller.grant, Action.WRITE):
        require(caller.grant, Action.PUBLISH)


def add_scratch(server: MCPServer, scratch: Scratch, call: Calls) -> None:
    @server.tool(annotations=_READ)
    async def scratch_get(session_id: Session, ctx: Context, key: Key | None = None) -> Answer:
        """Read this session's working memory: one key, or every key when none is given."""

        async def run(caller: Caller) -> dict[str, Any]:
            require(caller.grant, Action.RECALL)
            if key is not None:
                found, value = await scratch.get(caller.scope, session_id, _key(key))
                return {"ok": True, "key": key, "found": found, "value": value}
            entries, ttl = await scratch.entries(caller.scope, session_id)
            return {"ok": True, "entries": entries, "ttl_s": ttl}

        return await call(ctx, run)

    @server.tool(annotations=_WRITE)
    async def scratch_set(
        session_id: Session,
        key: Key,
        value: Annotated[Any, Field(description="Any JSON value; secrets are redacted")],
        ctx: Context,
    ) -> Answer:
        """Keep a value in this session's working memory (read back each turn; never saved
        as a memory unless you save it with memory_save)."""

        async def run(caller: Caller) -> dict[str, Any]:
            _writer(caller)
            try:
                stored = await scratch.put(caller.scope, session_id, _key(key), value)
            except ScratchFull as exc:
                raise ToolRefused(exc.code, str(exc)) from exc
            return {
                "ok": True,
                "key": key,
                "session_bytes": stored.total_bytes,
                "redacted": stored.redacted,
                "ttl_s": stored.ttl_s,
            }

        return await call(ctx, run)

    @server.tool(annotations=_DELETE)
    async def scratch_delete(session_id: Session, ctx: Context, key: Key | None = None) -> Answer:
        """Delete one key of this session's working memory, or all of it when none is given."""

        async def run(caller: Caller) -> dict[str, Any]:
            _writer(caller)
            name = None if key is None else _key(key)
            return {"ok": True, "deleted": await scratch.delete(caller.scope, session_id, name)}

        return await call(ctx, run)
