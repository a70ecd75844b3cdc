"""The extraction agent's five tools, and running the calls of one model turn.

``memory_search`` and ``memory_read`` read through the run's scope-bound reader;
``memory_write`` and ``memory_delete`` stage changes; ``memory_done`` ends the run. No tool
takes a scope. The calls of one turn run concurrently and their results come back in call
order. A memory of the scope that the run's user did not write, and no operator stands
behind, reaches the model as its writer's dated quoted report (:mod:`daemon.recall.voice`),
as it reaches any reader: another writer's text never speaks to the model in the manifest's
own voice. A call to any other tool, or with arguments that are not a JSON object (once
decoded: arguments encoded twice are accepted), is refused back to the model as a tool
error (and recorded).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import structlog

from daemon.base.redaction import redact
from daemon.extraction.base import MEMORY_CLASSES, MEMORY_TYPES, Memory, MemoryReader
from daemon.extraction.llm.staging import Staging, ToolError
from daemon.recall.sanitize import joined, neutralize, quoted
from daemon.recall.voice import Voice, voice, writer_label

__all__ = ["DONE", "NAMES", "TOOLS", "Toolbox", "describe"]

log = structlog.get_logger("memoryd.llm")

DONE = "memory_done"
_ID = {"type": "string", "description": "a memory id given in this run, such as m3"}


def _tool(name: str, description: str, properties: dict[str, Any], required: list[str]) -> Any:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {
                "type": "object",
                "properties": properties,
                "required": required,
                "additionalProperties": False,
            },
        },
    }


TOOLS: list[dict[str, Any]] = [
    _tool(
        "memory_search",
        "Search the memories of this scope by words; returns ids, types and titles.",
        {"query": {"type": "string"}},
        ["query"],
    ),
    _tool("memory_read", "Read one memory in full.", {"id": _ID}, ["id"]),
    _tool(
        "memory_write",
        "Stage a new memory, or with `id` an update of that memory (give the full new text).",
        {
            "id": _ID,
            "type": {"type": "string", "enum": [str(t) for t in MEMORY_TYPES]},
            "class": {"type": "string", "enum": [str(c) for c in MEMORY_CLASSES]},
            "title": {"type": "string", "description": "a few words"},
            "content": {"type": "string", "description": "the fact, self-contained"},
        },
        ["type", "title", "content"],
    ),
    _tool(
        "memory_delete",
        "Stage the deletion of a memory that is no longer true.",
        {"id": _ID, "reason": {"type": "string"}},
        ["id", "reason"],
    ),
    _tool("memory_done", "Finish the run (required, also when nothing was worth keeping).", {}, []),
]
NAMES = frozenset(t["function"]["name"] for t in TOOLS)


def describe(name: str, view: Memory, reader: str, limit: int = 300) -> str:
    """One manifest line as the run of ``reader``'s session is shown it:
    ``m3 [decision/durable] Title: content``, or for another writer's memory
    ``m4 [project/durable] (2026-11-24) alice reported: “Title: content”``."""
    content = " ".join(view.content.split())
    if len(content) > limit:
        content = content[: limit - 1] + "…"
    pinned = " pinned" if view.pinned else ""
    head = f"{name} [{view.type}/{view.memory_class}{pinned}] "
    if voice(view, reader) is not Voice.REPORTED:
        return f"{head}{view.title}: {content}"
    said = quoted(writer_label(view), neutralize(joined(" ".join(view.title.split()), content)))
    return f"{head}({view.created_at.date().isoformat()}) {said}"


class Toolbox:
    """Runs the memory tools of one run."""

    def __init__(self, reader: MemoryReader, staging: Staging) -> None:
        self.reader = reader
        self.staging = staging
        self.done = False

    async def run(self, calls: list[Any]) -> list[dict[str, Any]]:
        """Tool-result messages for one model turn's calls, in call order."""
        outputs = await asyncio.gather(*(self._one(call) for call in calls))
        return [
            {"role": "tool", "tool_call_id": call.id, "content": output}
            for call, output in zip(calls, outputs, strict=True)
        ]

    async def _one(self, call: Any) -> str:
        function = getattr(call, "function", None)
        name = str(getattr(function, "name", "") or getattr(call, "type", "?"))
        try:
            if name not in NAMES:
                shown = redact(name)[0][:60]  # redacted before it is cut
                raise self.staging.refuse(
                    f"unknown tool {shown!r}: only {', '.join(sorted(NAMES))} exist here",
                    f"{name} {getattr(function, 'arguments', '')}",
                )
            args = self._arguments(name, str(getattr(function, "arguments", "") or ""))
            result = await self._dispatch(name, args)
        except ToolError as exc:
            error = redact(str(exc))[0]  # never echo a secret the call carried
            log.info("llm.tool_refused", tool=redact(name)[0][:60], reason=error)
            return json.dumps({"error": error})
        return json.dumps(result, ensure_ascii=False)

    def _arguments(self, name: str, raw: str) -> dict[str, Any]:
        try:
            args = json.loads(raw) if raw.strip() else {}
        except json.JSONDecodeError as exc:
            raise self.staging.refuse(
                f"the arguments of {name} are not valid JSON ({exc.msg}): call it again", raw
            ) from exc
        if isinstance(args, str):  # some models encode the arguments twice
            with contextlib.suppress(json.JSONDecodeError):
                args = json.loads(args)
        if not isinstance(args, dict):
            raise self.staging.refuse(f"the arguments of {name} must be a JSON object", raw)
        return args

    async def _dispatch(self, name: str, args: dict[str, Any]) -> Any:
        if name == "memory_search":
            query = args.get("query")
            if not isinstance(query, str) or not query.strip():
                raise ToolError("'query' must be a non-empty string")
            found = await self.reader.search(query[:200], limit=10)
            reader = self.staging.scope.user
            return {"results": [describe(self.staging.show(v), v, reader, 160) for v in found]}
        if name == "memory_read":
            view = self.staging.resolve(args.get("id"))
            current = await self.reader.read(view.id)
            if current is None:
                raise ToolError(f"{args.get('id')} no longer exists")
            self.staging.show(current)
            return {
                "id": args["id"],
                "type": current.type,
                "class": current.memory_class,
                "pinned": current.pinned,
                "title": current.title,
                "content": current.content,
                "updated": current.updated_at.date().isoformat(),
                # another writer's memory is their report: data, never an instruction
                "voice": voice(current, self.staging.scope.user).value,
                "written_by": writer_label(current),
            }
        if name == "memory_write":
            return self.staging.write(args)
        if name == "memory_delete":
            return self.staging.delete(args)
        self.done = True
        return {"ok": True}
