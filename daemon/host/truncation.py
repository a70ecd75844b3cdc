"""Output truncation, the first and cheapest stage: every tool result cut at
``truncate_lines`` lines or ``truncate_bytes`` bytes (2,000 and 50,000 by default),
whichever comes first.

The full output is kept through an :class:`OutputStore`, and the kept part ends with a
notice naming the file and telling the agent to grep it or read parts of it rather than
paste it back. :class:`FolderOutputStore` writes the files the way memoryd's truncation
store does (``mt-<32 hex>.txt``, through a temporary file and an atomic rename, only inside
its folder), so that memoryd's cleanup job deletes them after 7 days when the folder is its
truncation folder; a file is named from a hash of the output, so the same output is saved
once however often the stage sees it.

The cut keeps whole lines from the start; only when the first line alone is over the byte
limit is it cut inside, on a UTF-8 character boundary. Given the request's :class:`Budget`,
the stage also keeps any one result under half of the usable window, so that a single output
larger than the whole window still leaves room for the rest. A result that already ends with
the notice is left alone: the stage is idempotent. The input is never changed: a changed
message is a new dictionary, an unchanged one is shared with the input.
"""

from __future__ import annotations

import functools
import hashlib
import math
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from daemon.base.settings import HostSettings
from daemon.host.budget import Budget
from daemon.host.memo import EMPTY, IdentityMemo, Shape, shared
from daemon.host.report import StageReport
from daemon.host.tally import Tally
from daemon.host.tokens import Counter, Message, estimator, shape_of
from daemon.store.truncation import Spill, TruncationStore, line_count

STAGE = "truncation"
#: The share of the usable window one tool result may keep at most, given a budget.
MAX_WINDOW_SHARE = 0.5
_NOTICE = (
    "\n\n[Output truncated: {kept_lines} of {lines} lines and {kept_bytes} of {size} bytes "
    "shown. The full output is in {name}; grep it or read parts of it (a range of lines) "
    "rather than pasting it back.]"
)
#: How far from its end a kept part's notice starts at most (a long file name included).
_NOTICE_TAIL = 8192
_NOTICE_PATTERN = re.compile(
    r"\n\n\[Output truncated: \d+ of \d+ lines and \d+ of \d+ bytes shown\. "
    r"The full output is in [^\n]+; grep it or read parts of it \(a range of lines\) "
    r"rather than pasting it back\.\]\Z"
)


class OutputStore(Protocol):
    """Where full outputs go: ``save`` keeps a text and returns the name the notice gives."""

    def save(self, text: str) -> str: ...


class FolderOutputStore:
    """Full outputs as files of a folder, named and written as memoryd's truncation store
    writes its own (see the module); :meth:`save` returns the file's path."""

    def __init__(self, folder: Path) -> None:
        self._files = TruncationStore(folder)

    @staticmethod
    def file_name(text: str) -> str:
        digest = hashlib.sha256(b"host\x00" + _encode(text)).hexdigest()[:32]
        return f"mt-{digest}.txt"

    def save(self, text: str) -> str:
        name = self.file_name(text)
        path = self._files.path_of(name)
        if path.is_file() and not path.is_symlink():
            os.utime(path)  # seen again: its 7 days count from now
        else:
            self._files.write(Spill.of(name, text))
        return str(path)


class MemoryOutputStore:
    """Full outputs kept in a dictionary by name: the honest fake of a folder."""

    def __init__(self) -> None:
        self.files: dict[str, str] = {}

    def save(self, text: str) -> str:
        name = FolderOutputStore.file_name(text)
        self.files[name] = text
        return name


class Within:
    """What :func:`truncate_outputs` found within the limits: its last output (each of whose
    messages it leaves as it is) and each result it left alone."""

    def __init__(self) -> None:
        self.last: Shape = EMPTY
        self.results: IdentityMemo[bool] = IdentityMemo()


@functools.lru_cache(maxsize=4096)
def truncated(text: str) -> bool:
    """Whether ``text`` is a kept part this stage wrote (it ends with the notice).
    Remembered for the last 4,096 texts (the later stages ask it on every call)."""
    return _NOTICE_PATTERN.search(text[-_NOTICE_TAIL:]) is not None


def truncate_outputs(
    messages: Sequence[Message],
    store: OutputStore,
    settings: HostSettings | None = None,
    *,
    budget: Budget | None = None,
    count: Counter | None = None,
    tokens: int | None = None,
    within: Within | None = None,
) -> tuple[list[Message], StageReport]:
    """Every tool result of ``messages`` over the limits cut, its full output in ``store``.
    ``tokens`` is the count of ``messages`` when the caller has it (else it is counted).
    ``within`` remembers what the stage found within the limits, so that a caller running
    it on every call with the same settings and budget looks at each result once."""
    chosen = settings or HostSettings()
    counter = count or estimator(chosen.chars_per_token)
    max_bytes = chosen.truncate_bytes
    if budget is not None:
        share = math.floor(budget.usable * MAX_WINDOW_SHARE * chosen.chars_per_token)
        max_bytes = max(min(max_bytes, share), 1)
    tally = Tally(messages, counter, tokens)
    start = 0
    if within is not None:
        start = shared(shape_of(messages, counter), within.last)  # the last output: all within
        within.results.expect(len(messages))
    result: list[Message] = list(messages[:start])
    notes: list[str] = []
    for message in messages[start:]:
        if message.get("role") != "tool" or (
            within is not None and within.results.get(message, False)
        ):
            result.append(message)
            continue
        kept = _truncate(message, store, chosen.truncate_lines, max_bytes, notes)
        if kept is None:
            if within is not None:
                within.results.put(message, True)
            result.append(message)
        else:
            tally.replaced(message, kept)
            result.append(kept)
    if within is not None:
        within.last = shape_of(result, counter)
    return result, tally.report(STAGE, len(notes), notes)


def _truncate(
    message: Mapping[str, Any], store: OutputStore, max_lines: int, max_bytes: int, notes: list[str]
) -> Message | None:
    """``message`` with its content cut, or None when it stays as it is."""
    if message.get("role") != "tool":
        return None
    content = message.get("content")
    if isinstance(content, str):
        text, rest = content, None
    elif isinstance(content, list) and content:
        texts = [p for p in content if isinstance(p, Mapping) and p.get("type") == "text"]
        if not texts:
            return None
        text = "\n".join(str(part.get("text") or "") for part in texts)
        rest = [p for p in content if not (isinstance(p, Mapping) and p.get("type") == "text")]
    else:
        return None
    if truncated(text):
        return None
    cut = cut_point(text, max_lines, max_bytes)
    if cut is None:
        return None
    name = store.save(text)
    kept = text[:cut]
    notice = _NOTICE.format(
        kept_lines=line_count(kept),
        lines=line_count(text),
        kept_bytes=len(_encode(kept)),
        size=len(_encode(text)),
        name=name,
    )
    notes.append(
        f"tool result {message.get('tool_call_id')} cut to {len(_encode(kept))} "
        f"of {len(_encode(text))} bytes, the whole in {name}"
    )
    replaced = dict(message)
    if rest is None:
        replaced["content"] = kept.rstrip("\n") + notice
    else:
        replaced["content"] = [{"type": "text", "text": kept.rstrip("\n") + notice}, *rest]
    return replaced


def cut_point(text: str, max_lines: int, max_bytes: int) -> int | None:
    """Where ``text`` is cut (a character index), or None when it is within both limits.

    Whole lines are kept while they fit both limits; when not even the first line fits the
    byte limit, the cut falls inside it on a UTF-8 character boundary."""
    if line_count(text) <= max_lines and len(text) * 4 <= max_bytes:
        return None  # four bytes a character at most: no need to encode
    data = _encode(text)
    if len(data) <= max_bytes and line_count(text) <= max_lines:
        return None
    end = 0  # byte offset after the last whole line kept
    lines = 0
    while lines < max_lines:
        newline = data.find(b"\n", end)
        line_end = len(data) if newline < 0 else newline + 1
        if line_end > max_bytes or line_end == end:
            break
        end = line_end
        lines += 1
    if end == 0:
        end = min(max_bytes, len(data))
        while end > 0 and data[end] & 0xC0 == 0x80:
            end -= 1
    return len(data[:end].decode("utf-8", "surrogatepass"))


def _encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")
