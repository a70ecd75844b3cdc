"""Pruning, the third stage: old tool results replaced by a placeholder that keeps the tool
and its target, the most disposable first, and only when that saves enough.

**Protected.** The last ``protected_user_turns`` user turns (2) and everything after them;
then, walking back from there, the most recent ``protected_tool_tokens`` tokens (40,000) of
tool output (the result that crosses that line is no longer protected). Edit and patch
outputs (``file_edit``, ``apply_patch``) are never pruned, nor is a result already pruned or
replaced by deduplication.

**Priority.** The issue gives each tool a weight (bash 70, shell_read 65, web_fetch 55, grep
50, web_search 40, file_read 30, file_edit and file_write 20, glob 10) and raises a result's
score by 15 for each later assistant message that refers to it and by 10 for decision
language in the assistant message after it. The source systems prune noisy tools like the
shell first and file edits and globs last, and keep longer what later reasoning refers to.
So the weight is read as how disposable a tool's output is (pruned first when highest),
and a reference or a decision is read as worth that counts *against* pruning: a result's
priority to be pruned is ``weight - 15 * references - 10 * (decision language)``, highest
pruned first, the oldest first among equals. A tool of an unknown kind weighs
:data:`UNKNOWN_WEIGHT` (50, grep's: an unknown tool's output is taken as moderately noisy).

A *reference* is a later assistant message (its text or its tool calls' arguments) naming
the result's file (its path, or the file's name when it has an extension) or quoting it:
holding, as one of its lines or one of its backquoted spans, a whole line of the result
(without the line number a read or a grep put before it) of at least
:data:`QUOTE_MIN_CHARS` characters. *Decision language* is one of
:data:`DECISION_PHRASES` in the text of the first assistant message after the result.

**When.** The candidates are pruned only when together they save at least
``prune_min_saving_tokens`` (20,000); otherwise the messages come back unchanged. Given
``need`` (the tokens the caller must free), pruning stops once it has saved both ``need`` and
that minimum; without it, every candidate is pruned. Only results' contents change, so no
unit is split; the stage is idempotent (what it pruned is no candidate again) and never
changes its input (a changed message is a new dictionary, an unchanged one is shared).
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from daemon.base.settings import HostSettings
from daemon.host.calls import ToolCall, calls_by_id, result_text
from daemon.host.dedup import placeholder as deduplicated
from daemon.host.memo import IdentityMemo
from daemon.host.messages import last_turns_start
from daemon.host.report import StageReport
from daemon.host.tally import Tally
from daemon.host.tokens import Counter, Message, estimator, message_tokens

STAGE = "pruning"
#: How disposable each kind of tool's output is: the higher, the sooner pruned.
WEIGHTS: Mapping[str, int] = {
    "bash": 70,
    "shell_read": 65,
    "web_fetch": 55,
    "grep": 50,
    "web_search": 40,
    "file_read": 30,
    "file_edit": 20,
    "file_write": 20,
    "glob": 10,
}
UNKNOWN_WEIGHT = 50
REFERENCE_WORTH = 15
DECISION_WORTH = 10
#: Kinds whose outputs are never pruned.
NEVER_PRUNED = frozenset({"file_edit", "apply_patch"})
DECISION_PHRASES = (
    "based on",
    "i'll use",
    "i will use",
    "the issue is",
    "the problem is",
    "the cause is",
    "root cause",
    "the fix is",
)
QUOTE_MIN_CHARS = 12
_PLACEHOLDER = "[Old tool result pruned: {tool}{target} ({tokens} tokens). Run it again if needed.]"
_PLACEHOLDER_PATTERN = re.compile(r"\A\[Old tool result pruned: [^\n]*\]\Z")
_BACKQUOTED = re.compile(r"`([^`\n]+)`")


@dataclass(frozen=True, slots=True)
class Candidate:
    """A tool result that may be pruned, with what decides when."""

    index: int
    call: ToolCall
    priority: int
    saving: int
    placeholder: str


def pruned(text: str) -> bool:
    """Whether a tool result's text is a placeholder this stage wrote."""
    return _PLACEHOLDER_PATTERN.match(text) is not None


def prune(
    messages: Sequence[Message],
    settings: HostSettings | None = None,
    *,
    need: int | None = None,
    count: Counter | None = None,
    tokens: int | None = None,
) -> tuple[list[Message], StageReport]:
    """``messages`` with old tool results pruned (see the module for which and when).
    ``tokens`` is the count of ``messages`` when the caller has it (else it is counted)."""
    chosen = settings or HostSettings()
    counter = count or estimator(chosen.chars_per_token)
    tally = Tally(messages, counter, tokens)
    disposable = _disposable(messages, chosen, counter)
    if sum(result.saving for result in disposable) < chosen.prune_min_saving_tokens:
        return list(messages), tally.report(STAGE, 0)  # no priority needed: nothing pruned
    found = _ranked(messages, disposable)
    goal = max(need, chosen.prune_min_saving_tokens) if need is not None else None
    chosen_ones: dict[int, Candidate] = {}
    saved = 0
    for candidate in sorted(found, key=lambda c: (-c.priority, c.index)):
        if goal is not None and saved >= goal:
            break
        chosen_ones[candidate.index] = candidate
        saved += candidate.saving
    output: list[Message] = []
    notes: list[str] = []
    for index, message in enumerate(messages):
        pruning = chosen_ones.get(index)
        if pruning is None:
            output.append(message)
            continue
        new = {**message, "content": pruning.placeholder}
        tally.replaced(message, new)
        output.append(new)
        notes.append(
            f"tool result {pruning.call.id} ({pruning.call.kind}, priority "
            f"{pruning.priority}) pruned, {pruning.saving} tokens saved"
        )
    return output, tally.report(STAGE, len(chosen_ones), notes)


def candidates(
    messages: Sequence[Message], settings: HostSettings, count: Counter
) -> list[Candidate]:
    """The tool results that may be pruned, oldest first, with their priority and saving."""
    return _ranked(messages, _disposable(messages, settings, count))


@dataclass(frozen=True, slots=True)
class _Disposable:
    """A result that may be pruned, before its priority is known."""

    index: int
    call: ToolCall
    text: str
    saving: int
    placeholder: str
    count: Counter  # what counted the tokens
    tokens: int


#: What each tool result would save, for its call, remembered (:mod:`daemon.host.memo`).
_SAVINGS: IdentityMemo[_Disposable | None] = IdentityMemo()


def _disposable(
    messages: Sequence[Message], settings: HostSettings, count: Counter
) -> list[_Disposable]:
    """The candidates without their priority, oldest first."""
    calls = calls_by_id(messages)
    protected_from = last_turns_start(messages, settings.protected_user_turns)
    recent = 0
    found: list[_Disposable] = []
    _SAVINGS.expect(len(messages))
    for index in range(protected_from - 1, -1, -1):
        message = messages[index]
        if message.get("role") != "tool":
            continue
        tokens = message_tokens(message, count)
        recent += tokens
        if recent <= settings.protected_tool_tokens:
            continue
        call = calls.get(str(message.get("tool_call_id")))
        if call is None or call.kind in NEVER_PRUNED:
            continue
        known = _SAVINGS.get(message, None)
        if known is None or (known.call, known.count, known.tokens) != (call, count, tokens):
            known = _saving(message, index, call, tokens, count)
            _SAVINGS.put(message, known)
        if known.saving > 0:
            found.append(known if known.index == index else replace(known, index=index))
    found.reverse()
    return found


def _saving(
    message: Message, index: int, call: ToolCall, tokens: int, count: Counter
) -> _Disposable:
    """What pruning ``message`` would save (nothing when it is a placeholder already)."""
    text = result_text(message)
    if pruned(text) or deduplicated(text):
        return _Disposable(index, call, text, 0, "", count, tokens)
    target = call.target()
    replacement = _PLACEHOLDER.format(
        tool=call.name or call.kind,
        target=f" {_one_line(target)}" if target else "",
        tokens=tokens,
    )
    saving = tokens - message_tokens({**message, "content": replacement}, count)
    return _Disposable(index, call, text, saving, replacement, count, tokens)


def _ranked(messages: Sequence[Message], disposable: Sequence[_Disposable]) -> list[Candidate]:
    """``disposable`` with each result's priority."""
    if not disposable:
        return []
    discourse = Discourse.of(messages)
    return [
        Candidate(
            index=result.index,
            call=result.call,
            priority=priority(result.call, result.text, result.index, discourse),
            saving=result.saving,
            placeholder=result.placeholder,
        )
        for result in disposable
    ]


@dataclass(frozen=True, slots=True)
class Said:
    """What an assistant message says, as pruning reads it: its text and tool calls'
    arguments lowered, whether it holds text, and the fragments that may quote a result."""

    index: int
    lower: str
    has_text: bool
    fragments: frozenset[str]


class Discourse:
    """The assistant messages of a conversation, indexed for :func:`priority`: which of
    them name a file, which quote a line, which is the first with text after a point."""

    def __init__(self, said: Sequence[Said]) -> None:
        self.said = sorted(said, key=lambda message: message.index)
        self._indexes = [message.index for message in self.said]
        self._quotes: dict[str, list[int]] = {}
        for position, message in enumerate(self.said):
            for fragment in message.fragments:
                self._quotes.setdefault(fragment, []).append(position)
        self._last_quote = max((p[-1] for p in self._quotes.values()), default=-1)
        self._mentions: dict[str, list[int]] = {}
        self._next_text = [len(self.said)] * (len(self.said) + 1)
        for position in range(len(self.said) - 1, -1, -1):
            following = self._next_text[position + 1]
            self._next_text[position] = position if self.said[position].has_text else following

    @classmethod
    def of(cls, messages: Sequence[Message]) -> Discourse:
        found: list[Said] = []
        _SAID.expect(len(messages))
        for index, message in enumerate(messages):
            if message.get("role") != "assistant":
                continue
            known = _SAID.get(message, None)
            if known is None:
                said = result_text(message)
                parts = [said]
                for call in message.get("tool_calls") or ():
                    parts.append(str((call.get("function") or {}).get("arguments") or ""))
                text = "\n".join(parts)
                known = Said(index, text.lower(), bool(said.strip()), _fragments(said))
                _SAID.put(message, known)
            found.append(known if known.index == index else replace(known, index=index))
        return cls(found)

    def after(self, index: int) -> int:
        """The position of the first assistant message after message ``index``."""
        return bisect.bisect_right(self._indexes, index)

    def mentions(self, name: str) -> list[int]:
        """The positions of the messages that name ``name`` (lowercase)."""
        if name not in self._mentions:
            self._mentions[name] = [p for p, m in enumerate(self.said) if name in m.lower]
        return self._mentions[name]

    def quotes(self, text: str, start: int) -> set[int]:
        """The positions from ``start`` on of the messages quoting a line of ``text``."""
        if start > self._last_quote:
            return set()
        return {
            position
            for line in quotable_lines(text).intersection(self._quotes)
            for position in self._quotes[line]
            if position >= start
        }

    def first_text_from(self, start: int) -> Said | None:
        position = self._next_text[start]
        return self.said[position] if position < len(self.said) else None


#: What each assistant message says, remembered (:mod:`daemon.host.memo`).
_SAID: IdentityMemo[Said | None] = IdentityMemo()


def priority(call: ToolCall, text: str, index: int, discourse: Discourse) -> int:
    """How soon a result (the text ``text`` at ``index``) is pruned: its tool's weight, less
    the worth of later references to it and of decision language after it."""
    value = WEIGHTS.get(call.kind, UNKNOWN_WEIGHT)
    start = discourse.after(index)
    referring = discourse.quotes(text, start)
    for name in _file_names(call):
        referring.update(p for p in discourse.mentions(name) if p >= start)
    value -= REFERENCE_WORTH * len(referring)
    after = discourse.first_text_from(start)
    if after is not None and any(phrase in after.lower for phrase in DECISION_PHRASES):
        value -= DECISION_WORTH
    return value


@functools.lru_cache(maxsize=4096)
def quotable_lines(text: str) -> frozenset[str]:
    """The lines of a result an assistant may quote: each line, and each line without the
    file and line number a read or a grep put before it (``  12\tcode``, ``path:12:code``).

    Remembered for the last 4,096 texts: a host runs the stage before every model call on
    mostly the same results, and a string's hash is computed once."""
    found: set[str] = set()
    for line in text.splitlines():
        stripped = line.strip()
        if len(stripped) < QUOTE_MIN_CHARS:
            continue
        found.add(stripped)
        number, tab, code = stripped.partition("\t")
        if tab and number.isdigit():
            found.add(code.strip())
        elif ":" in stripped:
            parts = stripped.split(":", 2)
            if len(parts) == 3 and parts[1].isdigit():
                found.add(parts[2].strip())
            elif parts[0].isdigit():
                found.add(stripped.partition(":")[2].strip())
    return frozenset(line for line in found if len(line) >= QUOTE_MIN_CHARS)


def _file_names(call: ToolCall) -> list[str]:
    names: list[str] = []
    for path in call.paths():
        names.append(path.lower())
        base = path.rsplit("/", 1)[-1].lower()
        if "." in base.strip(".") and len(base) >= 4:
            names.append(base)
    return list(dict.fromkeys(names))


def _fragments(text: str) -> frozenset[str]:
    """What of an assistant's text may quote a result: its lines and backquoted spans."""
    found = {line.strip() for line in text.splitlines()}
    found.update(span.strip() for span in _BACKQUOTED.findall(text))
    return frozenset(fragment for fragment in found if len(fragment) >= QUOTE_MIN_CHARS)


def _one_line(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= 200 else flat[:199] + "…"
