"""Deduplication, the second stage: tool results that later calls made redundant, each
replaced by a one-line placeholder that says why.

Three tiers, tried in this order for each result:

1. *Identical*: a ``file_read``, ``grep`` or ``glob`` whose call (the same tool, the same
   arguments) returned the same result later: "an identical result was returned by a later
   call".
2. *Stale*: a read of a file that a later edit, write or patch changed and a later read
   read again: "the file was re-read after it changed".
3. *Subsumed*: a grep whose matches all lie in one file (each line of its output starting
   with that file's path, or, searching one file, with line numbers only) that a later full
   read (no range of lines, not truncated) read whole: "the content is included in a later
   read of <path>".

Tool names and argument keys are read through their aliases (:mod:`daemon.host.calls`). A
file changed by a shell command (``sed -i``, a redirection) is not noticed: only edit,
write and patch tools count as changes. Only the content of a result is replaced, so no
tool call loses its result and no unit is split. A placeholder is never replaced again, so
the stage is idempotent; the input is never changed (a changed message is a new dictionary,
an unchanged one is shared with the input).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from daemon.base.settings import HostSettings
from daemon.host.calls import EDITS, ToolCall, calls_by_id, result_text, same_file
from daemon.host.report import StageReport
from daemon.host.tokens import Counter, Message, conversation_tokens, estimator
from daemon.host.truncation import truncated

STAGE = "dedup"
IDENTICAL = "an identical result was returned by a later call"
STALE = "the file was re-read after it changed"
SUBSUMED = "the content is included in a later read of {path}"
_PLACEHOLDER = "[Deduplicated {tool}{target}: {reason}.]"
_PLACEHOLDER_PATTERN = re.compile(r"\A\[Deduplicated [^\n]*\.\]\Z")
_REPEATABLE = frozenset({"file_read", "grep", "glob"})
#: A line of grep output naming its file: ``path:12:text``, ``path-12-text`` (context), or
#: a bare path when grep lists files only.
_MATCH_LINE = re.compile(r"\A(?P<path>[^:\n]+?)[:-]\d+[:-]")
_NUMBERED_LINE = re.compile(r"\A\d+[:-]")
_NO_MATCHES = ("no matches", "no files found", "no results")


@dataclass(frozen=True, slots=True)
class _Result:
    index: int
    call: ToolCall
    text: str


def placeholder(result: str) -> bool:
    """Whether a tool result's text is a placeholder this stage wrote."""
    return _PLACEHOLDER_PATTERN.match(result) is not None


def deduplicate(
    messages: Sequence[Message],
    settings: HostSettings | None = None,
    *,
    count: Counter | None = None,
) -> tuple[list[Message], StageReport]:
    """``messages`` with each redundant tool result replaced by its placeholder."""
    counter = count or estimator((settings or HostSettings()).chars_per_token)
    results = _results(messages)
    replaced: dict[int, str] = {}
    for position, result in enumerate(results):
        if placeholder(result.text):
            continue
        later = results[position + 1 :]
        reason = _identical(result, later) or _stale(result, later) or _subsumed(result, later)
        if reason is not None:
            target = result.call.target()
            replaced[result.index] = _PLACEHOLDER.format(
                tool=result.call.name or result.call.kind,
                target=f" {_one_line(target)}" if target else "",
                reason=reason,
            )
    output: list[Message] = []
    notes: list[str] = []
    for index, message in enumerate(messages):
        if index in replaced:
            output.append({**message, "content": replaced[index]})
            notes.append(f"tool result {message.get('tool_call_id')}: {replaced[index]}")
        else:
            output.append(message)
    return output, StageReport(
        stage=STAGE,
        tokens_before=conversation_tokens(messages, counter),
        tokens_after=conversation_tokens(output, counter),
        changed=len(replaced),
        notes=tuple(notes),
    )


def _results(messages: Sequence[Message]) -> list[_Result]:
    calls = calls_by_id(messages)
    found: list[_Result] = []
    for index, message in enumerate(messages):
        if message.get("role") != "tool":
            continue
        call = calls.get(str(message.get("tool_call_id")))
        if call is not None:
            found.append(_Result(index, call, result_text(message)))
    return found


def _identical(result: _Result, later: Sequence[_Result]) -> str | None:
    if result.call.kind not in _REPEATABLE:
        return None
    key = _arguments_key(result.call)
    for other in later:
        if (
            other.call.kind == result.call.kind
            and other.text == result.text
            and _arguments_key(other.call) == key
        ):
            return IDENTICAL
    return None


def _stale(result: _Result, later: Sequence[_Result]) -> str | None:
    path = result.call.path()
    if result.call.kind != "file_read" or not path:
        return None
    changed = False
    for other in later:
        if other.call.kind in EDITS and any(same_file(path, p) for p in other.call.paths()):
            changed = True
        elif (
            changed and other.call.kind == "file_read" and same_file(path, other.call.path() or "")
        ):
            return STALE
    return None


def _subsumed(result: _Result, later: Sequence[_Result]) -> str | None:
    if result.call.kind != "grep":
        return None
    path = matched_file(result.text, result.call.path())
    if path is None:
        return None
    for other in later:
        read = other.call.path()
        if (
            other.call.kind == "file_read"
            and read
            and same_file(path, read)
            and not other.call.partial()
            and not truncated(other.text)
            and not placeholder(other.text)
        ):
            return SUBSUMED.format(path=_one_line(read))
    return None


def matched_file(output: str, searched: str | None) -> str | None:
    """The one file every match of a grep's ``output`` lies in, or None (no match, several
    files, or lines that name no file). ``searched`` is the path the grep searched: a
    file's, when the lines carry only line numbers."""
    lines = [line for line in output.splitlines() if line.strip() and line.strip() != "--"]
    if not lines or output.strip().lower().startswith(_NO_MATCHES):
        return None
    files: set[str] = set()
    for line in lines:
        match = _MATCH_LINE.match(line)
        if match is not None:
            files.add(match.group("path"))
        elif _NUMBERED_LINE.match(line) and searched:
            files.add(searched)
        elif ":" not in line and " " not in line.strip():
            files.add(line.strip())  # a list of files
        else:
            return None
    if len(files) != 1:
        return None
    (found,) = files
    return found


def _arguments_key(call: ToolCall) -> str:
    return json.dumps(call.arguments, sort_keys=True, ensure_ascii=False, default=str)


def _one_line(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= 200 else flat[:199] + "…"
