"""Reading a model's JSON answer, whatever shape the model gave it.

Models asked for ``{"operations": [...]}`` answer in fences, after a sentence of prose, as a
bare list, with the list wrapped in a string, or under other key names
(``{"memories": [{"kind": ..., "text": ...}]}``); in delta mode some write their tool calls
as JSON text. This module finds the JSON values in a text (linear time: a bounded number of
decode attempts, each linear), maps the shapes it knows onto the expected one when the
mapping is unambiguous, and stages the operations through the same checks as the tools.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from daemon.extraction.base import MEMORY_CLASSES, MEMORY_TYPES
from daemon.extraction.llm.staging import Staging, ToolError

__all__ = [
    "OPERATIONS_SCHEMA",
    "TextAnswer",
    "TextCall",
    "apply_answer",
    "calls_in_text",
    "json_values",
    "operations_of",
    "parse_answer",
]

MAX_CHARS = 200_000
MAX_ATTEMPTS = 32
_OPEN = re.compile(r"[\[{]")
_DECODER = json.JSONDecoder()
_LIST_KEYS = ("operations", "ops", "memories", "items", "actions", "changes", "results")
_FIELDS: dict[str, tuple[str, ...]] = {  # the expected key, then the names models use
    "action": ("action", "op", "operation", "verb"),
    "type": ("type", "kind", "category", "memory_type"),
    "class": ("class", "memory_class"),
    "title": ("title", "name", "headline", "summary"),
    "content": ("content", "text", "fact", "memory", "body", "description"),
    "id": ("id", "memory_id", "target"),
    "reason": ("reason", "why"),
}
_ACTIONS = {
    **dict.fromkeys(("create", "add", "new", "insert", "save", "remember"), "create"),
    **dict.fromkeys(("update", "edit", "modify", "replace", "change"), "update"),
    **dict.fromkeys(("delete", "remove", "forget", "drop"), "delete"),
}
_NULLABLE = {"type": ["string", "null"]}
OPERATIONS_SCHEMA: dict[str, Any] = {  # strict: every property required, optional ones null
    "type": "object",
    "properties": {
        "operations": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "action": {"type": "string", "enum": ["create", "update", "delete"]},
                    "id": _NULLABLE,
                    "type": {"type": ["string", "null"], "enum": [*MEMORY_TYPES, None]},
                    "class": {"type": ["string", "null"], "enum": [*MEMORY_CLASSES, None]},
                    "title": _NULLABLE,
                    "content": _NULLABLE,
                    "reason": _NULLABLE,
                },
                "required": ["action", "id", "type", "class", "title", "content", "reason"],
                "additionalProperties": False,
            },
        }
    },
    "required": ["operations"],
    "additionalProperties": False,
}


@dataclass(frozen=True, slots=True)
class TextCall:
    """A tool call a model wrote as JSON text: a name and its arguments as given."""

    name: str
    arguments: Any


@dataclass(frozen=True, slots=True)
class TextAnswer:
    """What a delta reply without tool calls wrote as JSON: tool calls, or else the
    operations of a whole answer (``[]``: nothing worth keeping)."""

    calls: list[TextCall]
    operations: list[Any] | None = None


def json_values(text: str) -> Iterator[Any]:
    """The JSON objects and lists in ``text``, in order (fences and prose around them are
    skipped). At most ``MAX_ATTEMPTS`` decodes of at most ``MAX_CHARS`` characters."""
    body = text[:MAX_CHARS]
    position, attempts = 0, 0
    while attempts < MAX_ATTEMPTS:
        found = _OPEN.search(body, position)
        if found is None:
            return
        attempts += 1
        try:
            value, end = _DECODER.raw_decode(body, found.start())
        except (ValueError, RecursionError):
            position = found.start() + 1
            continue
        yield value
        position = end


def parse_answer(text: str) -> list[Any]:
    """The operations of a fork answer; ValueError names what was missing."""
    if text.lstrip().startswith('"'):  # the whole answer wrapped in a JSON string
        with contextlib.suppress(ValueError, RecursionError):
            inner = json.loads(text[:MAX_CHARS])
            text = inner if isinstance(inner, str) else text
    seen = False
    for value in json_values(text):
        seen = True
        operations = operations_of(value)
        if operations is not None:
            return operations
    if not seen:
        raise ValueError("no JSON object in the answer")
    raise ValueError('the JSON has no "operations" list')


def operations_of(value: Any, depth: int = 0) -> list[Any] | None:
    """The operations list of a decoded answer, from the shapes models use; None if none."""
    if isinstance(value, str) and depth < 3:
        try:
            return operations_of(json.loads(value), depth + 1)
        except (ValueError, RecursionError):
            return None
    if isinstance(value, list):
        return value if all(isinstance(_unwrap(op), dict) for op in value) else None
    if not isinstance(value, dict) or depth >= 3:
        return None
    named = [key for key in _LIST_KEYS if key in value]
    if named:
        key = "operations" if "operations" in named else named[0]
        if key == "operations" or len(named) == 1:
            return operations_of(value[key], depth + 1)
        return None
    lists = [v for v in value.values() if isinstance(v, list | str)]
    if len(value) == 1 and len(lists) == 1:  # {"whatever": [...]}: one list, nothing else
        return operations_of(lists[0], depth + 1)
    if "content" in value or "text" in value or "action" in value:  # a single operation
        return [value]
    return None


def normalize_op(op: Any) -> Any:
    """An operation with the expected keys: other names are mapped when unambiguous (one
    of them given, or all given agree); nulls are dropped; a missing action is inferred."""
    op = _unwrap(op)
    if not isinstance(op, dict):
        return op
    out = {k: v for k, v in op.items() if v is not None}
    for key, names in _FIELDS.items():
        if key in out:
            continue
        values = {json.dumps(out[n], sort_keys=True): out[n] for n in names[1:] if n in out}
        if len(values) == 1:
            out[key] = next(iter(values.values()))
            for name in names[1:]:
                out.pop(name, None)
    action = out.get("action")
    if isinstance(action, str):
        out["action"] = _ACTIONS.get(action.strip().lower(), action)
    elif action is None and "content" in out:
        out["action"] = "update" if "id" in out else "create"
    return out


def apply_answer(operations: list[Any], staging: Staging) -> int:
    """Stage each operation; refused ones are recorded. Returns how many were staged."""
    before = len(staging.ops)
    for raw in operations:
        op = normalize_op(raw)
        try:
            if not isinstance(op, dict):
                raise ToolError("an operation must be a JSON object")
            action = op.get("action")
            args = {k: v for k, v in op.items() if k != "action"}
            if action == "delete":
                staging.delete(args)
            elif action in ("create", "update"):
                if action == "update" and args.get("id") is None:
                    raise ToolError("an update needs the id of the memory it changes")
                if action == "create":
                    args.pop("id", None)
                staging.write(args)
            else:
                raise ToolError(f"unknown action {str(action)[:40]!r}")
        except ToolError as exc:
            if not exc.recorded:
                staging.refuse(str(exc), json.dumps(op, ensure_ascii=False))
    return len(staging.ops) - before


def calls_in_text(text: str, names: frozenset[str]) -> TextAnswer | None:
    """The tool calls or the operations a reply wrote as JSON text, or None."""
    for value in json_values(text):
        calls = _calls(value, names)
        if calls:
            return TextAnswer(calls)
        operations = operations_of(value)
        if operations is not None:
            return TextAnswer([], operations)
    return None


_ARGUMENT_KEYS = ("arguments", "args", "parameters", "input")


def _calls(value: Any, names: frozenset[str]) -> list[TextCall]:
    """The tool calls written in ``value``: every item must look like one (a ``function``
    object, or a name with arguments; a name of ours alone will do). A name that is not
    ours is kept: the toolbox refuses and records it like a real call to it."""
    if isinstance(value, dict) and isinstance(value.get("tool_calls"), list):
        value = value["tool_calls"]
    items = value if isinstance(value, list) else [value]
    calls: list[TextCall] = []
    for item in items:
        if not isinstance(item, dict):
            return []
        inner = item.get("function")
        function: dict[str, Any] = inner if isinstance(inner, dict) else item
        name = function.get("name") or function.get("tool")
        given = [k for k in _ARGUMENT_KEYS if k in function]
        if not isinstance(name, str) or not (given or name in names):
            return []
        calls.append(TextCall(name, function[given[0]] if given else {}))
    return calls


def _unwrap(op: Any) -> Any:
    if isinstance(op, str):
        try:
            return json.loads(op)
        except (ValueError, RecursionError):
            return op
    return op
