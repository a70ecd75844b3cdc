"""The tool calls of a conversation as the stages read them: which tool each result answers,
with which arguments, and what it targets.

Hosts name the same tools differently (``read_file``, ``Read``, ``view``; ``bash``,
``run_shell_command``), so every name is brought to one *kind* (:func:`tool_kind`): the
lowercase name without a namespace prefix (``mcp__files__read_file``, ``functions.Read``),
then looked up in :data:`ALIASES`; a name that is no alias is its own kind. Arguments arrive
as a JSON text; one that does not parse (or is not an object) reads as no arguments.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from daemon.host.memo import IdentityMemo
from daemon.host.tokens import Message, content_text

#: Each kind of tool and the names hosts give it.
ALIASES: Mapping[str, str] = {
    **dict.fromkeys(("file_read", "read_file", "read", "view", "cat", "open_file"), "file_read"),
    **dict.fromkeys(
        ("file_edit", "edit", "edit_file", "multiedit", "multi_edit", "str_replace"), "file_edit"
    ),
    **dict.fromkeys(("file_write", "write", "write_file", "create_file"), "file_write"),
    **dict.fromkeys(("apply_patch", "patch"), "apply_patch"),
    **dict.fromkeys(("grep", "rg", "ripgrep", "search_files", "grep_search"), "grep"),
    **dict.fromkeys(("glob", "find_files", "list_files", "file_search"), "glob"),
    **dict.fromkeys(
        (
            "bash",
            "shell",
            "run_shell_command",
            "execute_command",
            "run_terminal_cmd",
            "terminal",
            "exec",
        ),
        "bash",
    ),
    **dict.fromkeys(("shell_read", "read_shell", "bash_output"), "shell_read"),
    **dict.fromkeys(("web_fetch", "webfetch", "fetch", "fetch_url"), "web_fetch"),
    **dict.fromkeys(("web_search", "websearch", "search_web"), "web_search"),
}

#: Kinds that change a file.
EDITS = frozenset({"file_edit", "file_write", "apply_patch"})

PATH_KEYS = ("path", "file_path", "filename", "file", "target_file", "absolute_path")
_COMMAND_KEYS = ("command", "cmd")
_URL_KEYS = ("url", "uri")
_QUERY_KEYS = ("query", "q")
_PATTERN_KEYS = ("pattern", "regex", "glob", "query")
#: Arguments that make a read partial (a range of lines).
RANGE_KEYS = ("offset", "limit", "start_line", "end_line", "line_range", "view_range", "lines")
_PATCH_KEYS = ("input", "patch", "diff")
#: The parsed tool calls of each assistant message, remembered.
_PARSED: IdentityMemo[tuple[ToolCall, ...] | None] = IdentityMemo()
_PATCH_FILE = re.compile(
    r"^(?:\*\*\* (?:Update|Add|Delete) File: (?P<codex>.+?)|\+\+\+ (?:b/)?(?P<git>[^\t\n]+?))\s*$",
    re.MULTILINE,
)


def tool_kind(name: str) -> str:
    """The kind of the tool named ``name`` (see the module)."""
    bare = name.strip().lower().replace("-", "_")
    bare = bare.rsplit("__", 1)[-1].rsplit(".", 1)[-1]
    return ALIASES.get(bare, bare)


@dataclass(frozen=True, slots=True)
class ToolCall:
    """One tool call: its id, the tool's name as the host gave it, its kind and arguments."""

    id: str
    name: str
    kind: str
    arguments: Mapping[str, Any] = field(default_factory=dict)

    def path(self) -> str | None:
        """The file the call reads or changes, if it names one."""
        return _first_text(self.arguments, PATH_KEYS)

    def paths(self) -> list[str]:
        """Every file the call names: its path, or each file a patch touches."""
        path = self.path()
        found = [path] if path else []
        for key in _PATCH_KEYS:
            patch = self.arguments.get(key)
            if isinstance(patch, str):
                for match in _PATCH_FILE.finditer(patch):
                    found.append(match.group("codex") or match.group("git"))
        return list(dict.fromkeys(path for path in map(normal_path, found) if path))

    def partial(self) -> bool:
        """Whether the call reads only part of a file (a range of lines)."""
        return any(self.arguments.get(key) not in (None, "", 0, []) for key in RANGE_KEYS)

    def target(self) -> str:
        """What the call is about, for a placeholder: a command, a URL, a path, a pattern
        (with the path it searched), a query; empty when it names none."""
        command = _first_text(self.arguments, _COMMAND_KEYS)
        if command is not None:
            return command
        url = _first_text(self.arguments, _URL_KEYS)
        if url is not None:
            return url
        pattern = _first_text(self.arguments, _PATTERN_KEYS)
        path = self.path()
        if pattern is not None and self.kind in ("grep", "glob"):
            return f"{pattern} in {path}" if path else pattern
        if path is not None:
            return path
        return _first_text(self.arguments, _QUERY_KEYS) or ""


def calls_by_id(messages: Sequence[Message]) -> dict[str, ToolCall]:
    """Every tool call of the assistant messages, by id (the first when an id repeats).

    Each message's calls are parsed once (:mod:`daemon.host.memo`): a host asks for them
    before every model call, on mostly the same messages."""
    found: dict[str, ToolCall] = {}
    _PARSED.expect(len(messages))
    for message in messages:
        if message.get("role") != "assistant" or not message.get("tool_calls"):
            continue
        parsed = _PARSED.get(message, None)
        if parsed is None:
            parsed = _calls_of(message)
            _PARSED.put(message, parsed)
        for call in parsed:
            found.setdefault(call.id, call)
    return found


def _calls_of(message: Message) -> tuple[ToolCall, ...]:
    """The tool calls of an assistant message that have an id, in order."""
    found: list[ToolCall] = []
    for call in message.get("tool_calls") or ():
        call_id = call.get("id")
        if not call_id:
            continue
        function = call.get("function") or {}
        name = str(function.get("name") or "")
        found.append(
            ToolCall(
                id=str(call_id),
                name=name,
                kind=tool_kind(name),
                arguments=parse_arguments(function.get("arguments")),
            )
        )
    return tuple(found)


def parse_arguments(arguments: Any) -> Mapping[str, Any]:
    """A call's arguments as an object (an object given as such is taken as it is)."""
    if isinstance(arguments, Mapping):
        return arguments
    if not isinstance(arguments, str):
        return {}
    try:
        parsed = json.loads(arguments)
    except ValueError:
        return {}
    return parsed if isinstance(parsed, dict) else {}


def result_text(message: Mapping[str, Any]) -> str:
    """The text of a tool result."""
    return content_text(message.get("content"))


def normal_path(path: str) -> str:
    """``path`` without ``./`` segments, doubled slashes or a trailing slash."""
    cleaned = posixpath.normpath(path.strip())
    return "" if cleaned == "." else cleaned


def same_file(first: str, second: str) -> bool:
    """Whether two paths name the same file: equal once normalized, or one relative path
    the end of the other (``src/app.py`` and ``/repo/src/app.py``)."""
    return same_normal_file(normal_path(first), normal_path(second))


def same_normal_file(one: str, other: str) -> bool:
    """:func:`same_file` of two paths already normalized (:func:`normal_path`)."""
    if not one or not other:
        return False
    if one == other:
        return True
    shorter, longer = sorted((one, other), key=len)
    return not shorter.startswith("/") and longer.endswith("/" + shorter)


def _first_text(arguments: Mapping[str, Any], keys: Sequence[str]) -> str | None:
    for key in keys:
        value = arguments.get(key)
        if isinstance(value, str) and value.strip():
            return value
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            return " ".join(value)
    return None
