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

import functools
import json
import posixpath
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from daemon.base.settings import HostSettings
from daemon.host.calls import (
    EDITS,
    ToolCall,
    calls_by_id,
    normal_path,
    result_text,
    same_normal_file,
)
from daemon.host.memo import EMPTY, IdentityMemo, Shape, shared
from daemon.host.report import StageReport
from daemon.host.tally import Tally
from daemon.host.tokens import Counter, Message, estimator, shape_of
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


class _Path(NamedTuple):
    """A path as a call gave it, normalized (:func:`normal_path`), and its file's name."""

    given: str
    normal: str
    name: str

    @classmethod
    def of(cls, path: str) -> _Path:
        normal = normal_path(path)
        return cls(path, normal, posixpath.basename(normal))


@dataclass(frozen=True, slots=True)
class _Result:
    """A tool result with what the tiers read of it, worked out once for its message."""

    index: int
    call: ToolCall
    text: str
    held: bool  # a placeholder already: never replaced again
    repeat: tuple[str, str, str] | None  # kind, arguments and text, for the repeatable tools
    read: _Path | None  # the file a file_read read
    full_read: bool  # that read is whole: no range of lines, not truncated, no placeholder
    grep_file: _Path | None  # the one file a grep matched in
    edited: tuple[_Path, ...]  # the files an edit, write or patch changed

    @classmethod
    def of(cls, index: int, call: ToolCall, text: str) -> _Result:
        held = placeholder(text)
        path = call.path()
        read = _Path.of(path) if call.kind == "file_read" and path else None
        matched = matched_file(text, path) if call.kind == "grep" else None
        return cls(
            index,
            call,
            text,
            held,
            (call.kind, _key(call), text) if call.kind in _REPEATABLE else None,
            read,
            read is not None and not call.partial() and not truncated(text) and not held,
            _Path.of(matched) if matched else None,
            tuple(map(_Path.of, call.paths())) if call.kind in EDITS else (),
        )


#: Each tool result as read for its call, remembered (:mod:`daemon.host.memo`).
_READ: IdentityMemo[_Result | None] = IdentityMemo()


def placeholder(result: str) -> bool:
    """Whether a tool result's text is a placeholder this stage wrote."""
    return _PLACEHOLDER_PATTERN.match(result) is not None


def deduplicate(
    messages: Sequence[Message],
    settings: HostSettings | None = None,
    *,
    count: Counter | None = None,
    tokens: int | None = None,
    seen: Seen | None = None,
) -> tuple[list[Message], StageReport]:
    """``messages`` with each redundant tool result replaced by its placeholder. ``tokens``
    is the count of ``messages`` when the caller has it (else it is counted). ``seen`` keeps
    the stage's last output, so that a caller running it on every call reads only the
    results after the part its next list shares with that output."""
    counter = count or estimator((settings or HostSettings()).chars_per_token)
    gathered = (seen or Seen()).gather(messages, counter)
    replaced: dict[int, str] = {}
    later = _Later()
    for result in reversed(gathered.results):  # each result against those after it
        reason = None if result.held else later.reason(result)
        if reason is not None:
            target = result.call.target()
            replaced[result.index] = _PLACEHOLDER.format(
                tool=result.call.name or result.call.kind,
                target=f" {_one_line(target)}" if target else "",
                reason=reason,
            )
        later.add(result)
    tally = Tally(messages, counter, tokens)
    output = list(messages)
    notes: list[str] = []
    fresh: dict[int, _Result] = {}
    for index in sorted(replaced):
        message = messages[index]
        new = {**message, "content": replaced[index]}
        tally.replaced(message, new)
        output[index] = new
        now = _read(new, index, gathered.calls)
        if now is not None:  # always: the result it replaces answered that call
            fresh[index] = now
        notes.append(f"tool result {message.get('tool_call_id')}: {replaced[index]}")
    if seen is not None:
        seen.found(output, counter, gathered.replaced(fresh))
    return output, tally.report(STAGE, len(replaced), notes)


@dataclass(frozen=True, slots=True)
class _Gathered:
    """The tool results of a list that answer a call (in order), the calls by id, and how
    many results answer none."""

    results: list[_Result]
    calls: dict[str, ToolCall]
    unanswered: int

    def replaced(self, fresh: Mapping[int, _Result]) -> _Gathered:
        """These results with those at the indexes of ``fresh`` replaced."""
        if not fresh:
            return self
        results = [fresh.get(result.index, result) for result in self.results]
        return _Gathered(results, self.calls, self.unanswered)


_NOTHING = _Gathered([], {}, 0)


class Seen:
    """The stage's last output and its results (see :func:`deduplicate`).

    A list that starts with the whole of that output has its results, each answering the
    same call (the first call of an id lies in that part when the result does, and no
    result of that part answered none), and those of the messages after it."""

    def __init__(self) -> None:
        self._shape: Shape = EMPTY
        self._gathered = _NOTHING

    def gather(self, messages: Sequence[Message], count: Counter) -> _Gathered:
        """The results of ``messages``, read from where they part from the last output."""
        last = self._gathered
        start = len(self._shape.messages)
        if not start or last.unanswered or shared(shape_of(messages, count), self._shape) < start:
            return _gather(messages, {}, 0)
        return _gather(messages, last.calls, start, last.results)

    def found(self, output: Sequence[Message], count: Counter, gathered: _Gathered) -> None:
        """Remember the stage's ``output`` and its results."""
        self._shape, self._gathered = shape_of(output, count), gathered


def _gather(
    messages: Sequence[Message],
    calls: Mapping[str, ToolCall],
    start: int,
    results: Sequence[_Result] = (),
) -> _Gathered:
    """The results of ``messages``: ``results`` and ``calls`` those of its first ``start``
    messages (see :class:`Seen`), the rest read."""
    tail = messages[start:]
    found = {**calls}
    for call_id, call in calls_by_id(tail).items():
        found.setdefault(call_id, call)
    gathered = list(results)
    unanswered = 0
    _READ.expect(len(messages))
    for index, message in enumerate(tail, start):
        if message.get("role") != "tool":
            continue
        result = _read(message, index, found)
        if result is None:
            unanswered += 1
        else:
            gathered.append(result)
    return _Gathered(gathered, found, unanswered)


def _read(message: Message, index: int, calls: Mapping[str, ToolCall]) -> _Result | None:
    """The tool result ``message`` at ``index``, or None when it answers no call."""
    call = calls.get(str(message.get("tool_call_id")))
    if call is None:
        return None
    known = _READ.get(message, None)
    if known is None or known.call is not call:
        known = _Result.of(index, call, result_text(message))
        _READ.put(message, known)
    return known if known.index == index else replace(known, index=index)


class _Files:
    """Paths, found again under another spelling of the same file (:func:`same_file`)."""

    def __init__(self) -> None:
        self._by_name: dict[str, list[_Path]] = {}

    def add(self, path: _Path) -> None:
        self._by_name.setdefault(path.name, []).append(path)

    def find(self, path: _Path) -> str | None:
        """The spelling of ``path`` added last, or None."""
        for known in reversed(self._by_name.get(path.name, ())):
            if same_normal_file(known.normal, path.normal):
                return known.given
        return None


class _Later:
    """What the results after the one being looked at hold (see the module's tiers)."""

    def __init__(self) -> None:
        self.identical: set[tuple[str, str, str]] = set()
        self.reads = _Files()
        self.changed_then_read = _Files()
        self.full_reads = _Files()

    def reason(self, result: _Result) -> str | None:
        if result.repeat is not None and result.repeat in self.identical:
            return IDENTICAL
        if result.read is not None and self.changed_then_read.find(result.read):
            return STALE
        if result.grep_file is not None:
            read = self.full_reads.find(result.grep_file)
            if read is not None:
                return SUBSUMED.format(path=_one_line(read))
        return None

    def add(self, result: _Result) -> None:
        if result.repeat is not None:
            self.identical.add(result.repeat)
        if result.read is not None:
            self.reads.add(result.read)
            if result.full_read:
                self.full_reads.add(result.read)
        for changed in result.edited:
            if self.reads.find(changed):
                self.changed_then_read.add(changed)


@functools.lru_cache(maxsize=4096)
def matched_file(output: str, searched: str | None) -> str | None:
    """The one file every match of a grep's ``output`` lies in, or None (no match, several
    files, or lines that name no file). ``searched`` is the path the grep searched: a
    file's, when the lines carry only line numbers.

    Remembered for the last 4,096 outputs: the stage runs on mostly the same results before
    every model call."""
    lines = [line for line in output.splitlines() if line.strip() and line.strip() != "--"]
    if not lines or output.strip().lower().startswith(_NO_MATCHES):
        return None
    first = _MATCH_LINE.match(lines[0])
    if first is not None:  # the usual case, checked at C speed: every line of one file
        prefixes = (first.group("path") + ":", first.group("path") + "-")
        if all(line.startswith(prefixes) for line in lines):
            return first.group("path")
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
        if len(files) > 1:
            return None
    if len(files) != 1:
        return None
    (found,) = files
    return found


def _key(call: ToolCall) -> str:
    return json.dumps(call.arguments, sort_keys=True, ensure_ascii=False, default=str)


def _one_line(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= 200 else flat[:199] + "…"
