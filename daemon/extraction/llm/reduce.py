"""Cheap reductions of a delta prompt, before any model sees it.

In order:

1. a tool result identical to an earlier one (same tool, same output) collapses to a line;
2. a file read made stale by a later edit of the same file collapses to a line;
3. bulky tool outputs of the earlier context (already reviewed) shrink to a placeholder
   naming the tool and its target;
4. while the prompt is over its token budget, bulky outputs of the new turns shrink too,
   shell output first, then searches, then file reads, edits last; oldest first in each.

Each returns a map from entry index to the placeholder that replaces its content.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from daemon.extraction.llm.client import estimate_tokens
from daemon.extraction.llm.transcript import Entry, arguments_of

__all__ = ["category", "reduce", "target"]

BULKY_CHARS = 600
_RANKS = {"shell": 0, "other": 0, "grep": 1, "read": 2, "edit": 3}
_KINDS = (  # first match wins: "file_read" is a read, "search_replace" an edit
    ("edit", ("edit", "write", "patch", "replace", "create", "insert", "delete", "move")),
    ("read", ("read", "view", "cat", "open", "fetch_file", "get_file")),
    ("grep", ("grep", "rg", "search", "find", "glob", "ls", "list")),
    ("shell", ("bash", "shell", "sh", "terminal", "exec", "command", "run", "cmd")),
)
_PATH_KEYS = ("path", "file_path", "file", "filename", "filepath", "target", "target_file")
_TARGET_KEYS = (*_PATH_KEYS, "command", "cmd", "pattern", "query", "regex", "url")


def category(tool: str) -> str:
    low = tool.lower()
    for kind, words in _KINDS:
        if any(word in low for word in words):
            return kind
    return "other"


def target(arguments: str) -> str:
    """What a call acted on: its path, command or pattern (first found), else ''."""
    args = arguments_of(arguments)
    for key in _TARGET_KEYS:
        value = args.get(key)
        if isinstance(value, str) and value.strip():
            return " ".join(value.split())[:160]
    return ""


def _path(arguments: str) -> str | None:
    args = arguments_of(arguments)
    for key in _PATH_KEYS:
        value = args.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


def _placeholder(item: Entry, why: str) -> str:
    text = item.message.content or ""
    lines = text.count("\n") + 1
    aim = target(item.arguments)
    head = f"[{item.tool} output not shown: {why}; {lines:,} lines, {len(text):,} chars"
    return f"{head}{': ' + aim if aim else ''}]"


def _size(items: Sequence[Entry], overrides: dict[int, str]) -> int:
    chars = 0
    for index, item in enumerate(items):
        content = overrides.get(index, item.message.content) or ""
        chars += len(content) + 40 + sum(len(str(c)) for c in item.calls)
    return estimate_tokens(chars)


def reduce(items: Sequence[Entry], context: Collection[int], budget_tokens: int) -> dict[int, str]:
    """Placeholders for entries, by index; ``context`` holds the indices already reviewed."""
    overrides: dict[int, str] = {}
    seen: dict[tuple[str | None, str], int] = {}
    edited_later: dict[str, int] = {}  # path -> index of its last edit
    for index, item in enumerate(items):
        if item.message.role == "tool" and category(item.tool or "") == "edit":
            path = _path(item.arguments)
            if path:
                edited_later[path] = index
    for index, item in enumerate(items):
        if item.message.role != "tool" or not item.message.content:
            continue
        key = (item.tool, item.message.content)
        if key in seen and len(item.message.content) > 80:
            overrides[index] = f"[{item.tool} output: identical to an earlier {item.tool} result]"
            continue
        seen.setdefault(key, index)
        path = _path(item.arguments)
        if category(item.tool or "") == "read" and path and edited_later.get(path, -1) > index:
            overrides[index] = f"[{item.tool} {path}: not shown, the file was edited later]"
        elif index in context and len(item.message.content) > BULKY_CHARS:
            overrides[index] = _placeholder(item, "earlier context")
    bulky = sorted(
        (
            (_RANKS[category(item.tool or "")], index)
            for index, item in enumerate(items)
            if item.message.role == "tool"
            and index not in overrides
            and len(item.message.content or "") > BULKY_CHARS
        ),
    )
    size = _size(items, overrides)
    for _, index in bulky:
        if size <= budget_tokens:
            break
        overrides[index] = _placeholder(items[index], "over the prompt budget")
        saved = len(items[index].message.content or "") - len(overrides[index])
        size -= estimate_tokens(saved)
    return overrides
