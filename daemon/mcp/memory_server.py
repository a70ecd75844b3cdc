"""memoryd over the Model Context Protocol: the main agent's memory tools and the "# Memories"
block, with the official ``mcp`` SDK.

Tools: ``memory_save``, ``memory_update``, ``memory_forget`` (writes, the ``agent`` role),
``memory_read``, ``memory_list``, ``memory_search`` (the last two with ``as_of``: what was
believed at a time; ``memory_search`` with ``mode`` and filters, its answer naming the
ranking that ran: :mod:`daemon.recall.hybrid`), and (given a
:class:`~daemon.tools.delivery.Delivery`) ``delivery_status``: where a session or an event of
the caller's scope stands (turns, cursor, last run; accepted, stored, extracted or
dead-lettered), read-only, another scope's ids answered ``not_found`` as unknown ones, and
``session_summary``: the rolling structured summary memoryd keeps of a session of the
caller's scope (the same answer as ``GET /v1/sessions/{id}/summary``); and
(given a :class:`~daemon.tools.scratch.Scratch`) the session's working memory
(:mod:`daemon.mcp.scratch_tools`).
A read's structured answer gives each memory with its ``author``
(:func:`daemon.recall.answer`); its text answer is one line per memory, another writer's
text only as its dated quoted report (``(2026-11-24) alice reported: “…”``), so a client
that shows the model the text frames it as the block does.
The injection block is the prompt
``memory_context``, the resource ``memoryd://memories`` (listed) and the resource template
``memoryd://memories{?query}``. Every call works
in the :class:`~daemon.tools.memory.Caller` that ``caller_of`` finds for its request: on
stdio one fixed caller (the key of ``MEMORYD_API_KEY``), over HTTP the grant of the request's
bearer key narrowed by the client's settings (:mod:`daemon.mcp.http`).

A refused call answers ``is_error`` with the object ``{"ok": false, "code", "message"}`` as
its structured content and the same JSON, alone, as its text (``JSON.parse`` takes either)
(``store_unavailable`` while the store does not answer: retry later; ``internal`` for a
failure nobody foresaw, logged by its type only);
a write that succeeds answers ``{"ok": true, "id", "action", "title"}`` (``action`` ``held``,
with ``"review": "pending"``, for a shared directive to agents that waits for an operator;
what a host's turn
event carrying the call shows the extraction guard, see :mod:`daemon.events.own_tools`).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from datetime import datetime
from importlib.metadata import PackageNotFoundError, version
from typing import Annotated, Any, Literal

import structlog
from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import MCPError
from mcp.types import (
    INTERNAL_ERROR,
    INVALID_PARAMS,
    CallToolResult,
    Resource,
    TextContent,
    ToolAnnotations,
)
from pydantic import Field

from daemon.base.errors import QueueError, StoreUnavailable, ToolRefused
from daemon.base.moments import moment
from daemon.base.pages import MAX_CHARS as MAX_CURSOR_CHARS
from daemon.mcp.scratch_tools import add_scratch
from daemon.recall import Ranking, SearchFilter
from daemon.recall.sanitize import joined, neutralize
from daemon.store.memory import Narrowing
from daemon.tools.delivery import Bounds, Delivery
from daemon.tools.memory import (
    REFUSALS,
    Caller,
    Memory,
    MemoryTools,
    TurnRef,
    code_of,
    metadata_filter,
)
from daemon.tools.memory_pages import MemoryPage, memory_page
from daemon.tools.scratch import Scratch

__all__ = ["INSTRUCTIONS", "CallerOf", "build_mcp", "fixed_caller"]

#: How a request's caller is found (raises one of the tools' refusals when it has none).
CallerOf = Callable[[Context], Awaitable[Caller]]

INSTRUCTIONS = (
    "memoryd keeps memories across sessions for this project and user. Search before you "
    "save; save only what a later session needs and cannot read from the code or git history: "
    "the user's preferences and corrections (type user), facts about the project (project), "
    "decisions and why (decision). One fact per memory, self-contained. Never save secrets. "
    "Update a memory that changed instead of saving a second one; forget one that is wrong."
)

MemoryType = Literal["project", "user", "decision"]
MemoryClass = Literal["priority", "durable", "working"]
SessionId = Annotated[
    str | None,
    Field(
        description="The host's session id, when known: with `turn`, extraction skips that turn",
        max_length=200,
    ),
]
Turn = Annotated[
    int | None, Field(description="The turn number of the session this call is made in", ge=0)
]
TimeZone = Annotated[
    str | None,
    Field(
        description="Your time zone (IANA name or offset like +09:00): relative dates are "
        "read in its local date when no stored turn gives one",
        max_length=64,
    ),
]
AsOf = Annotated[
    str | None,
    Field(
        description="What was believed at this time: RFC 3339 with offset, e.g. "
        "2026-10-15T09:30:00Z (memories changed since read as they were then)",
        max_length=40,
    ),
]
Author = Annotated[
    str | None,
    Field(
        description="Only the memories this user wrote (author.user of an answer)",
        min_length=1,
        max_length=200,
    ),
]
Moment = Annotated[
    str | None,
    Field(description="RFC 3339 with offset, e.g. 2026-10-15T09:30:00Z", max_length=40),
]
MetadataArg = Annotated[
    dict[str, Any] | None,
    Field(
        description="Free-form metadata to find the memory by: at most 16 keys (letters, "
        "digits, _ . -), each value a string (at most 256 characters), number, boolean or "
        "null; never a credential"
    ),
]
MetadataUpdate = Annotated[
    dict[str, Any] | None,
    Field(
        description="New metadata replacing the whole object ({} clears it; left out, it "
        "is kept), under memory_save's rules"
    ),
]
MetadataFilter = Annotated[
    dict[str, Any] | None,
    Field(
        description="Only memories whose metadata holds each of these key: value pairs "
        '(values compared as text: 3 matches 3 and "3")'
    ),
]
Cursor = Annotated[
    str | None,
    Field(
        description="Where to go on: the next_cursor of the page before, as answered (made "
        "for these arguments only)",
        min_length=1,
        max_length=MAX_CURSOR_CHARS,
    ),
]
SearchMode = Annotated[
    Literal["auto", "keyword", "vector", "hybrid"] | None,
    Field(
        description="keyword, vector (by meaning), hybrid (both), or auto (hybrid when "
        "the memories have vectors, else keyword; the default)"
    ),
]
_WRITE = ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=False)
_FORGET = ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=True)
_READ = ToolAnnotations(readOnlyHint=True, openWorldHint=False)
#: A memory's id as the tools answer it (opaque: :mod:`daemon.base.opaque`).
PublicId = Annotated[
    str, Field(max_length=40, description="The memory's id as answered, e.g. m5zq3k0xv1c7ra")
]
#: A read's answer: the text a model reads, and the JSON (with each ``author``) beside it.
Answer = Annotated[CallToolResult, dict[str, Any]]


log = structlog.get_logger("memoryd.mcp")
#: The "# Memories" block as a listed resource (``resources/list``).
BLOCK_URI = "memoryd://memories"
_INTERNAL = "memoryd could not complete the call (an internal error, logged); try again later"
_STORE_DOWN = "the store is not answering; retry in a few seconds"


def _version() -> str:
    try:
        return version("memoryd")
    except PackageNotFoundError:
        return ""


def _as_of(text: str | None) -> datetime | None:
    """The ``as_of`` a client gave, as a time (refused ``invalid`` unless RFC 3339 with its
    offset)."""
    if text is None:
        return None
    try:
        return moment(text)
    except ValueError as exc:
        raise ToolRefused("invalid", str(exc)) from exc


def _failed(code: str, message: str, memory: str | None = None) -> CallToolResult:
    """A refused or failed call: ``is_error``, the body as structured content and, as the
    text, the same body as plain JSON (a client can ``JSON.parse`` either)."""
    body: dict[str, Any] = {"ok": False, "code": code, "message": message}
    if memory is not None:
        body["memory"] = memory  # its opaque id, as data
    text = json.dumps(body, ensure_ascii=False)
    return CallToolResult(
        content=[TextContent(type="text", text=text)], structured_content=body, is_error=True
    )


def _refusal(exc: Exception) -> CallToolResult:
    memory = exc.memory if isinstance(exc, ToolRefused) else None
    return _failed(code_of(exc), str(exc), memory)


def _answered(body: dict[str, Any]) -> CallToolResult:
    """A write's answer: its JSON as structured content and as the text."""
    text = json.dumps(body, ensure_ascii=False)
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=body)


def fixed_caller(caller: Caller) -> CallerOf:
    """The same caller for every request (in-process use and tests)."""

    async def caller_of(_ctx: Context) -> Caller:
        return caller

    return caller_of


def build_mcp(
    tools: MemoryTools,
    caller_of: CallerOf,
    *,
    name: str = "memoryd",
    delivery: Delivery | None = None,
    scratch: Scratch | None = None,
) -> MCPServer:
    """The MCP server of memoryd's memory tools over ``tools`` (and ``delivery_status`` over
    ``delivery``, the scratch tools over ``scratch``, when given)."""
    server: MCPServer = _Server(
        name, instructions=INSTRUCTIONS, version=_version(), log_level="WARNING"
    )
    call = _Calls(caller_of)
    _add_writes(server, tools, call)
    _add_reads(server, tools, call)
    _add_block(server, tools, caller_of)
    if delivery is not None:
        _add_delivery(server, delivery, call)
    if scratch is not None:
        add_scratch(server, scratch, call)
    return server


class _Server(MCPServer):
    """The SDK's server, listing the block (``resources/list``) as a concrete resource: its
    template reads it with no query, but clients list only concrete resources, and the SDK
    gives a concrete resource no request context (the block depends on the caller)."""

    async def list_resources(self) -> list[Resource]:
        return [
            *await super().list_resources(),
            Resource(
                uri=BLOCK_URI,
                name="memories",
                description='The "# Memories" block of this project and user',
                mime_type="text/markdown",
            ),
        ]


class _Calls:
    """Runs a tool call as the request's caller; a refusal answers with its code, any other
    failure with ``internal`` (its type logged, never its text)."""

    def __init__(self, caller_of: CallerOf) -> None:
        self._caller_of = caller_of

    async def __call__(
        self, ctx: Context, run: Callable[[Caller], Awaitable[CallToolResult | dict[str, Any]]]
    ) -> CallToolResult:
        try:
            done = await run(await self._caller_of(ctx))
        except REFUSALS as exc:
            return _refusal(exc)
        except StoreUnavailable:  # an outage the agent can wait out, told as such
            log.warning("mcp.store_unavailable")
            return _failed("store_unavailable", _STORE_DOWN)
        except Exception as exc:
            # The SDK would log the traceback, and a store error's text carries the
            # statement's parameters (memory text): the type is logged, not the text.
            log.error("mcp.tool_failed", error=type(exc).__name__)
            return _failed("internal", _INTERNAL)
        return done if isinstance(done, CallToolResult) else _answered(done)


def _add_writes(server: MCPServer, tools: MemoryTools, call: _Calls) -> None:
    """``memory_save``, ``memory_update`` and ``memory_forget``."""
    _add_save(server, tools, call)
    _add_update(server, tools, call)
    _add_forget(server, tools, call)


def _add_save(server: MCPServer, tools: MemoryTools, call: _Calls) -> None:
    @server.tool(annotations=_WRITE)
    async def memory_save(
        type: MemoryType,
        title: Annotated[str, Field(description="A few words naming the fact")],
        content: Annotated[str, Field(description="The fact, self-contained, one per memory")],
        ctx: Context,
        memory_class: Annotated[
            MemoryClass,
            Field(description="priority: always shown; durable (default); working: short-lived"),
        ] = "durable",
        session_id: SessionId = None,
        turn: Turn = None,
        timezone: TimeZone = None,
        metadata: MetadataArg = None,
    ) -> Answer:
        """Save a memory for later sessions: a user preference or correction (type user,
        private to the user), a project fact (project) or a decision and why (decision).
        A memory that already means the same absorbs the save: absorbed_by names it."""

        async def run(caller: Caller) -> dict[str, Any]:
            written = await tools.save(
                caller,
                type=type,
                title=title,
                content=content,
                memory_class=memory_class,
                at=TurnRef.of(session_id, turn),
                timezone=timezone,
                metadata=metadata,
            )
            return written.as_dict()

        return await call(ctx, run)


def _add_update(server: MCPServer, tools: MemoryTools, call: _Calls) -> None:
    @server.tool(annotations=_WRITE)
    async def memory_update(
        id: PublicId,
        ctx: Context,
        title: str | None = None,
        content: Annotated[str | None, Field(description="The full new text")] = None,
        memory_class: MemoryClass | None = None,
        session_id: SessionId = None,
        turn: Turn = None,
        timezone: TimeZone = None,
        metadata: MetadataUpdate = None,
    ) -> Answer:
        """Change a memory that is no longer accurate (what is not given is kept). A memory
        that already means the new text absorbs this one: absorbed_by names it."""

        async def run(caller: Caller) -> dict[str, Any]:
            written = await tools.update(
                caller,
                id,
                title=title,
                content=content,
                memory_class=memory_class,
                at=TurnRef.of(session_id, turn),
                timezone=timezone,
                metadata=metadata,
            )
            return written.as_dict()

        return await call(ctx, run)


def _add_forget(server: MCPServer, tools: MemoryTools, call: _Calls) -> None:
    @server.tool(annotations=_FORGET)
    async def memory_forget(
        id: PublicId,
        ctx: Context,
        reason: Annotated[str, Field(description="Why it is wrong or obsolete")] = "",
        session_id: SessionId = None,
        turn: Turn = None,
        timezone: TimeZone = None,
    ) -> Answer:
        """Forget a memory that is wrong or obsolete (an operator can restore it)."""

        async def run(caller: Caller) -> dict[str, Any]:
            written = await tools.forget(caller, id, reason=reason, at=TurnRef.of(session_id, turn))
            return written.as_dict()

        return await call(ctx, run)


def _line(body: dict[str, Any]) -> str:
    """One memory of a text answer: ``#12 [project/durable] Title: content``, another
    writer's as its quoted report."""
    said = body["quoted"] or neutralize(joined(body["title"], body["content"]))
    return f"#{body['id']} [{body['type']}/{body['class']}] {said}"


async def _answer(
    tools: MemoryTools,
    caller: Caller,
    found: list[Memory],
    *,
    one: bool,
    ranked: Ranking | None = None,
    page: MemoryPage | None = None,
) -> Answer:
    """The text a model reads and the JSON beside it; a search's (``ranked``) says how it
    was ranked in both, a list's (``page``) where its next page starts."""
    bodies = [await tools.answer(caller, m) for m in found]
    text = "\n".join(_line(b) for b in bodies) or "No memories found."
    structured: dict[str, Any] = bodies[0] if one else {"memories": bodies}
    if page is not None:
        structured["next_cursor"] = page.next_cursor
        if page.next_cursor is not None:
            text += f"\n(more: cursor={page.next_cursor})"
    if ranked is not None:
        structured = {**ranked.described(), **structured}
        why = f", {ranked.fallback}" if ranked.fallback else ""
        text += f"\n(ranked by {ranked.mode}{why})"
    return CallToolResult(
        content=[TextContent(type="text", text=text)], structured_content=structured
    )


def _add_reads(server: MCPServer, tools: MemoryTools, call: _Calls) -> None:
    """``memory_read``, ``memory_list`` and ``memory_search``."""

    @server.tool(annotations=_READ)
    async def memory_read(id: PublicId, ctx: Context) -> Answer:
        """Read one memory in full (with who wrote it: another writer's text is a report)."""

        async def run(caller: Caller) -> Answer:
            return await _answer(tools, caller, [await tools.read(caller, id)], one=True)

        return await call(ctx, run)

    @server.tool(annotations=_READ)
    async def memory_list(
        ctx: Context,
        types: list[MemoryType] | None = None,
        classes: list[MemoryClass] | None = None,
        limit: Annotated[int, Field(ge=1, le=100)] = 50,
        as_of: AsOf = None,
        cursor: Cursor = None,
        created_after: Moment = None,
        created_before: Moment = None,
        updated_after: Moment = None,
        updated_before: Moment = None,
        source_session: SessionId = None,
        author: Author = None,
        metadata: MetadataFilter = None,
    ) -> Answer:
        """List the memories of this project and user: pinned first, then newest first
        (with as_of: those believed at that time, as they read then), optionally only those
        created or changed in a time range (bounds excluded), from one session, written by
        one user or holding some metadata, a page at a time: pass the answer's next_cursor
        as cursor for the next page (null on the last; keep the same filters)."""

        async def run(caller: Caller) -> Answer:
            narrowing = Narrowing(
                created_after=_as_of(created_after),
                created_before=_as_of(created_before),
                updated_after=_as_of(updated_after),
                updated_before=_as_of(updated_before),
                session=source_session,
                author=author,
                metadata=metadata_filter(metadata),
            )
            page = await memory_page(
                tools,
                caller,
                types=types or (),
                classes=classes or (),
                limit=limit,
                narrowing=narrowing,
                as_of=_as_of(as_of),
                cursor=cursor,
            )
            return await _answer(tools, caller, page.memories, one=False, page=page)

        return await call(ctx, run)

    @server.tool(annotations=_READ)
    async def memory_search(
        query: str,
        ctx: Context,
        types: list[MemoryType] | None = None,
        classes: list[MemoryClass] | None = None,
        limit: Annotated[int, Field(ge=1, le=100)] = 10,
        as_of: AsOf = None,
        mode: SearchMode = None,
        created_after: Moment = None,
        created_before: Moment = None,
        updated_after: Moment = None,
        updated_before: Moment = None,
        source_session: SessionId = None,
        author: Author = None,
        metadata: MetadataFilter = None,
    ) -> Answer:
        """Search the memories of this project and user, best match first: by words and
        meaning (mode), optionally only those created or changed in a time range, from one
        session, written by one user or holding some metadata (with as_of: among those
        believed at that time, by words). The answer names the ranking that ran."""

        async def run(caller: Caller) -> Answer:
            where = SearchFilter(
                types=types or (),
                classes=classes or (),
                limit=limit,
                created_after=_as_of(created_after),
                created_before=_as_of(created_before),
                updated_after=_as_of(updated_after),
                updated_before=_as_of(updated_before),
                source_session=source_session,
                author=author,
                metadata=metadata_filter(metadata),
            )
            found = await tools.ranked(caller, query, where, mode=mode, as_of=_as_of(as_of))
            return await _answer(tools, caller, found.memories, one=False, ranked=found)

        return await call(ctx, run)


def _add_delivery(server: MCPServer, delivery: Delivery, call: _Calls) -> None:
    @server.tool(annotations=_READ)
    async def delivery_status(
        ctx: Context,
        session_id: Annotated[
            str | None, Field(description="A session of this scope: its turns and cursor")
        ] = None,
        event_id: Annotated[
            str | None, Field(description="An event of this scope: what became of it")
        ] = None,
    ) -> Answer:
        """Where a session of this project and user stands (stored turns, the extraction
        cursor, the last run) or what became of one event (accepted, stored, extracted,
        dead_lettered with the reason). Read-only; no message content."""

        async def run(caller: Caller) -> dict[str, Any]:
            if (session_id is None) == (event_id is None):
                raise ToolRefused("invalid", "name either session_id or event_id")
            bounds = Bounds.of_scope(caller.scope)
            if session_id is not None:
                found = await delivery.session(bounds, session_id)
                if found is None:
                    raise ToolRefused("not_found", "no such session in this scope")
                return {"ok": True, "session": found}
            assert event_id is not None
            try:
                event = await delivery.event(bounds, event_id)
            except QueueError as exc:
                raise ToolRefused("queue_unavailable", "Redis is not answering") from exc
            if event is None:
                raise ToolRefused("not_found", "no such event in this scope")
            return {"ok": True, "event": event}

        return await call(ctx, run)

    @server.tool(annotations=_READ)
    async def session_summary(
        ctx: Context,
        session_id: Annotated[str, Field(description="A session of this scope")],
    ) -> Answer:
        """The rolling structured summary memoryd keeps of a session of this project and
        user (goal, key decisions, what was accomplished, what is in progress, relevant
        files; as markdown in ``text``), with the last turn it covers and its age: what can
        replace the session's older messages when the context is compacted."""

        async def run(caller: Caller) -> dict[str, Any]:
            found = await delivery.summary(Bounds.of_scope(caller.scope), session_id)
            if found is None:
                raise ToolRefused("not_found", "no summary of such a session in this scope")
            return {"ok": True, **found}

        return await call(ctx, run)


def _add_block(server: MCPServer, tools: MemoryTools, caller_of: CallerOf) -> None:
    """The "# Memories" block as the prompt ``memory_context`` and the resource
    ``memoryd://memories{?query}``."""

    async def block(ctx: Context, query: str | None) -> str:
        try:
            found = await tools.injection_block(await caller_of(ctx), query or None)
        except REFUSALS as exc:  # a protocol error the client sees with its code
            raise MCPError(INVALID_PARAMS, str(exc), {"code": code_of(exc)}) from exc
        except StoreUnavailable:
            log.warning("mcp.store_unavailable")
            raise MCPError(INTERNAL_ERROR, _STORE_DOWN, {"code": "store_unavailable"}) from None
        return found.text

    @server.prompt()
    async def memory_context(ctx: Context, query: str = "") -> str:
        """The "# Memories" block for the start of a session (what to know before working),
        optionally with the memories that match a query."""
        return await block(ctx, query)

    @server.resource(
        "memoryd://memories{?query}",
        name="memories",
        description='The "# Memories" block of this project and user',
        mime_type="text/markdown",
    )
    async def memories(ctx: Context, query: str = "") -> str:
        return await block(ctx, query)
