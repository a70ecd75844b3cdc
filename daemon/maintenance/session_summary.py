"""The rolling structured summary of a session, built at no model cost, in a worker.

After a session's extraction job (whether the model ran, was skipped by the guard, or
failed: the summary never needs it), :func:`update` reads the turns stored after the ones the
summary covers and folds them into it, then stores it through its owner
(:mod:`daemon.store.transcripts.summaries`). The fold is deterministic and goes turn by turn,
so that updating a summary with new turns gives what building it from all the turns gives;
what it needs beyond the summary itself (how often each file was touched, the tool calls
whose results are still to come) is kept with it as its *progress*. A turn stored after the
summary had gone past its number (a late one, after a gap) is not folded in: the summary
reads on from the last turn it covers.

The five parts (DESIGN section 9, the host kit's compaction):

- **Goal**: the first substantive user request, replaced when the user states a new goal.
- **Key Decisions**: the decisions saved as memories from this session, then the sentences
  of the user and the assistant that say one ("we'll use", "decided", "let's go with",
  "instead of"...), deduplicated.
- **Accomplished**: the files edited or written (with their paths) and the commands that
  succeeded, by the tool calls and their results.
- **In Progress**: the latest user request and the assistant's latest stated plan.
- **Relevant Files**: the paths read or edited, the most recently touched first, the most
  often touched first among those.

Every list is capped and the rendered text kept under :data:`MAX_CHARS` (about 2,000 tokens
at 3.2 characters a token). Every text taken from a message is redacted of secrets, its
sentences that held one left out (as a compaction summary's memory is:
:func:`daemon.store.compaction.without_secrets`), and left out whole when the gate holds it
as a directive planted for agents (:func:`daemon.gate.directives.planted`): the summary
stands in for the conversation in a host's context and must not carry an instruction
someone planted there.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import structlog

from daemon.base.redaction import redact
from daemon.base.turns import StoredMessage, TurnRecord
from daemon.gate.directives import planted
from daemon.store import memory
from daemon.store.compaction import without_secrets
from daemon.store.db import Store
from daemon.store.transcripts import summaries
from daemon.store.transcripts.cursors import load_turns
from daemon.store.transcripts.session_listing import get_session
from daemon.store.transcripts.summaries import SessionSummary

log = structlog.get_logger("memoryd.session_summary")

#: The rendered summary stays under this many characters (2,000 tokens at 3.2 a token).
MAX_CHARS = 6_400
GOAL_CHARS = 400
ITEM_CHARS = 220
REQUEST_CHARS = 400
PLAN_CHARS = 400
PATH_CHARS = 160
#: Caps of each list shown, and of what the progress keeps.
MAX_DECISIONS = 10
MAX_SAVED_DECISIONS = 5
MAX_TEXT_DECISIONS = 10
MAX_ACCOMPLISHED = 12
MAX_FILES = 20
KEPT_FILES = 200
KEPT_CALLS = 64
#: Turns folded per read of the store.
TURNS_PER_READ = 500
#: The version of the progress's form: a summary whose progress has another one (or cannot
#: be read) is built again from the session's stored turns.
PROGRESS_VERSION = 1

_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_DECISION = re.compile(
    r"(?i)\b(?:we(?:'ll| will) use|we(?:'ll| will) go with|let'?s go with|let'?s use|decided|"
    r"decision:|instead of|we(?:'re| are) going with|settled on|opted for|we chose|"
    r"i(?:'ll| will) use)\b"
)
_PLAN = re.compile(
    r"(?i)^(?:i'll|i will|i'm going to|i am going to|let me|next,? i|now i|then i|plan:|"
    r"my plan is|the plan is|first,? i)\b"
)
_NEW_GOAL = re.compile(
    r"(?i)\b(?:new (?:task|goal)|next task|different task|change of plans?|switch(?:ing)? to|"
    r"moving on|forget (?:that|about)|now (?:let'?s|i (?:want|need))|let'?s now|"
    r"instead,? (?:let'?s|please|can you)|(?:the|my|our) goal (?:is|now))\b"
)
_ACKNOWLEDGEMENT = re.compile(
    r"(?i)^(?:ok(?:ay)?|thanks?(?: you)?|ty|yes|yep|no|nope|sure|great|good|cool|perfect|"
    r"continue|go on|go ahead|proceed|done|lgtm|looks good|nice)[\s.!]*$"
)
_FAILED = re.compile(
    r"(?i)(?:\btraceback\b|\berror\b|\bexception\b|\bfailed\b|\bfatal:|command not found|"
    r"no such file|permission denied|exit (?:code|status)[:= ]*[1-9])"
)
_SUCCEEDED = re.compile(r"(?i)exit (?:code|status)[:= ]*0\b")
_PATCH_PATH = re.compile(r"(?m)^(?:\*\*\* (?:Update|Add) File: |\+\+\+ b/)(\S[^\n]*)$")
_PATH_KEYS = ("path", "file_path", "filepath", "filePath", "file", "filename", "target_file")
_COMMAND_KEYS = ("command", "cmd", "script")

_EDIT_WORDS = ("edit", "patch", "str_replace", "replace", "multiedit")
_WRITE_WORDS = ("write", "create_file", "create")
_READ_WORDS = ("read", "view", "cat", "open", "grep", "glob", "search", "ls", "list")
_SHELL_WORDS = ("bash", "shell", "exec", "run", "terminal", "command")


def _kind_of(name: str) -> str | None:
    """What a tool call does, by its name: ``edit``, ``write``, ``read``, ``shell``."""
    lowered = name.lower()
    for kind, words in (
        ("edit", _EDIT_WORDS),
        ("write", _WRITE_WORDS),
        ("shell", _SHELL_WORDS),
        ("read", _READ_WORDS),
    ):
        if any(word in lowered for word in words):
            return kind
    return None


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def safe(text: str, limit: int) -> str | None:
    """``text`` as the summary may hold it: on one line, redacted, without the sentences that
    held a secret, cut at ``limit``; None when nothing is left or the gate holds it as a
    directive planted for agents."""
    line = _one_line(text)
    if not line:
        return None
    if len(line) > limit * 4:
        # Only what can be shown is read, cut between words so that no secret is cut in two
        # (half a token may no longer read as a secret).
        line = line[: limit * 4].rsplit(" ", 1)[0]
    clean = without_secrets(redact(line)[0])
    if clean is None:
        return None
    kept = _cut(clean.split("\n(", 1)[0], limit)  # the note on left-out sentences goes
    kept = kept.lstrip("#").strip()  # never a heading of its own in the rendered summary
    if not kept or planted("", kept) is not None:
        return None
    return kept


def _sentences(text: str) -> list[str]:
    return [part.strip() for part in _SENTENCE.split(text) if part.strip()]


def _arguments(call: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    function = call.get("function") if isinstance(call.get("function"), dict) else call
    name = str(function.get("name") or "") if isinstance(function, dict) else ""
    raw = function.get("arguments") if isinstance(function, dict) else None
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except ValueError:
            raw = {}
    return name, raw if isinstance(raw, dict) else {}


def _paths(arguments: dict[str, Any]) -> list[str]:
    found: list[str] = []
    for key in _PATH_KEYS:
        value = arguments.get(key)
        if isinstance(value, str):
            found.append(value)
    for key in ("paths", "files"):
        values = arguments.get(key)
        if isinstance(values, list):
            found.extend(v for v in values if isinstance(v, str))
    for key in ("patch", "input", "diff"):
        value = arguments.get(key)
        if isinstance(value, str):
            found.extend(_PATCH_PATH.findall(value))
    cleaned = []
    for path in found:
        path = path.strip()
        if not path or len(path) > PATH_CHARS or "\n" in path or "://" in path:
            continue
        if redact(path)[1] or path in cleaned or planted("", path) is not None:
            continue
        cleaned.append(path)
    return cleaned


def _command(arguments: dict[str, Any]) -> str | None:
    for key in _COMMAND_KEYS:
        value = arguments.get(key)
        if isinstance(value, list):
            value = " ".join(str(v) for v in value)
        if isinstance(value, str) and value.strip():
            return value
    return None


def _succeeded(result: str) -> bool:
    if _SUCCEEDED.search(result):
        return True
    return _FAILED.search(result[:4_000]) is None and _FAILED.search(result[-1_000:]) is None


@dataclass(slots=True)
class Progress:
    """What the fold carries from one turn to the next (stored with the summary)."""

    goal: str = ""
    decisions: list[str] = field(default_factory=list)
    accomplished: list[str] = field(default_factory=list)
    request: str = ""
    plan: str = ""
    #: path -> [times touched, last turn touched, order of the last touch]
    files: dict[str, list[int]] = field(default_factory=dict)
    #: tool call id -> {"kind", "paths", "command"}: calls whose result is still to come
    calls: dict[str, dict[str, Any]] = field(default_factory=dict)
    touches: int = 0

    def as_json(self) -> dict[str, Any]:
        return {
            "v": PROGRESS_VERSION,
            "goal": self.goal,
            "decisions": list(self.decisions),
            "accomplished": list(self.accomplished),
            "request": self.request,
            "plan": self.plan,
            "files": {path: list(marks) for path, marks in self.files.items()},
            "calls": {key: dict(value) for key, value in self.calls.items()},
            "touches": self.touches,
        }

    @classmethod
    def of_json(cls, data: dict[str, Any]) -> Progress:
        """The progress stored as ``data``; ValueError when it is of another version."""
        if data.get("v") != PROGRESS_VERSION:
            raise ValueError(f"progress of version {data.get('v')!r}")
        return cls(
            goal=str(data.get("goal") or ""),
            decisions=[str(v) for v in data.get("decisions") or ()],
            accomplished=[str(v) for v in data.get("accomplished") or ()],
            request=str(data.get("request") or ""),
            plan=str(data.get("plan") or ""),
            files={str(k): [int(x) for x in v] for k, v in (data.get("files") or {}).items()},
            calls={str(k): dict(v) for k, v in (data.get("calls") or {}).items()},
            touches=int(data.get("touches") or 0),
        )

    # --- the fold ----------------------------------------------------------------------------

    def fold(self, turns: Iterable[TurnRecord]) -> None:
        """Take ``turns`` (in turn order) into the summary."""
        for turn in turns:
            for message in turn.messages:
                self._message(turn.turn, message)

    def _message(self, turn: int, message: StoredMessage) -> None:
        text = message.content or ""
        if message.role == "user":
            self._user(text)
        elif message.role == "assistant":
            self._assistant(text)
            for call in message.tool_calls or ():
                if isinstance(call, dict):
                    self._call(turn, call)
        elif message.role == "tool" and message.tool_call_id:
            self._result(message.tool_call_id, text)

    def _user(self, text: str) -> None:
        line = _one_line(text)
        if len(line) < 12 or _ACKNOWLEDGEMENT.match(line):
            return
        request = safe(line, REQUEST_CHARS)
        if request is None:
            return
        self.request = request
        if not self.goal or _NEW_GOAL.search(line):
            goal = safe(line, GOAL_CHARS)
            if goal is not None:
                self.goal = goal
        self._decisions(line)

    def _assistant(self, text: str) -> None:
        if not text.strip():
            return
        sentences = _sentences(text)
        plan = [s for s in sentences if _PLAN.match(s)]
        if plan:
            stated = safe(" ".join(plan[-2:]), PLAN_CHARS)
            if stated is not None:
                self.plan = stated
        self._decisions(text)

    def _decisions(self, text: str) -> None:
        for sentence in _sentences(text):
            if not _DECISION.search(sentence):
                continue
            kept = safe(sentence, ITEM_CHARS)
            if kept is not None:
                _push(self.decisions, kept, MAX_TEXT_DECISIONS)

    def _touch(self, turn: int, path: str) -> None:
        self.touches += 1
        marks = self.files.get(path, [0, 0, 0])
        self.files[path] = [marks[0] + 1, turn, self.touches]
        if len(self.files) > KEPT_FILES:
            del self.files[min(self.files, key=lambda p: _rank(p, self.files[p]))]

    def _call(self, turn: int, call: dict[str, Any]) -> None:
        name, arguments = _arguments(call)
        kind = _kind_of(name)
        if kind is None:
            return
        paths = _paths(arguments)
        for path in paths:
            self._touch(turn, path)
        command = _command(arguments) if kind == "shell" else None
        if kind == "read" or (kind == "shell" and command is None):
            return
        pending = {"kind": kind, "paths": paths, "command": command}
        call_id = call.get("id")
        if not isinstance(call_id, str) or not call_id:
            self._done(pending)  # no result can name it: taken as done
            return
        self.calls.pop(call_id, None)
        self.calls[call_id] = pending
        while len(self.calls) > KEPT_CALLS:
            del self.calls[next(iter(self.calls))]

    def _result(self, call_id: str, text: str) -> None:
        pending = self.calls.pop(call_id, None)
        if pending is not None and _succeeded(text):
            self._done(pending)

    def _done(self, pending: dict[str, Any]) -> None:
        kind = pending["kind"]
        if kind in ("edit", "write"):
            verb = "Edited" if kind == "edit" else "Wrote"
            for path in pending["paths"]:
                _push(self.accomplished, f"{verb} `{path}`", MAX_ACCOMPLISHED)
        elif kind == "shell" and pending["command"]:
            command = safe(pending["command"], ITEM_CHARS - 8)
            if command is not None and "`" not in command:
                _push(self.accomplished, f"Ran `{command}`", MAX_ACCOMPLISHED)

    # --- what is shown -----------------------------------------------------------------------

    def files_ranked(self) -> list[str]:
        ordered = sorted(self.files, key=lambda p: _rank(p, self.files[p]), reverse=True)
        return ordered[:MAX_FILES]

    def in_progress(self) -> str:
        parts = []
        if self.request:
            parts.append(f"Latest request: {self.request}")
        if self.plan:
            parts.append(f"Plan: {self.plan}")
        return "\n".join(parts)

    def summary(
        self, session_id: str, saved: Sequence[str], through_turn: int, now: datetime
    ) -> SessionSummary:
        """The summary this progress shows, with the decisions ``saved`` as memories first,
        every list capped and the whole cut to :data:`MAX_CHARS` when rendered."""
        decisions: list[str] = []
        for text in [*saved[-MAX_SAVED_DECISIONS:], *self.decisions]:
            if text.casefold() not in {d.casefold() for d in decisions}:
                decisions.append(text)
        lists = [
            decisions[-MAX_DECISIONS:],
            self.accomplished[-MAX_ACCOMPLISHED:],
            self.files_ranked(),
        ]
        in_progress = self.in_progress()
        while True:
            text = summaries.render(self.goal, lists[0], lists[1], in_progress, lists[2])
            if len(text) <= MAX_CHARS or not any(lists):
                break
            longest = max(range(3), key=lambda i: (len(lists[i]), -i))
            # the oldest decision or accomplishment goes; the least relevant file
            lists[longest] = lists[longest][:-1] if longest == 2 else lists[longest][1:]
        return SessionSummary(
            session_id=session_id,
            goal=self.goal,
            key_decisions=tuple(lists[0]),
            accomplished=tuple(lists[1]),
            in_progress=in_progress,
            relevant_files=tuple(lists[2]),
            through_turn=through_turn,
            updated_at=now,
        )


def _rank(path: str, marks: list[int]) -> tuple[int, int, int, str]:
    """The most recently touched first, then the most often, then the latest touch."""
    count, turn, order = marks
    return (turn, count, order, path)


def _push(items: list[str], item: str, cap: int) -> None:
    """Append ``item`` (moved to the end if already there) and keep the last ``cap``."""
    folded = item.casefold()
    items[:] = [existing for existing in items if existing.casefold() != folded]
    items.append(item)
    del items[:-cap]


def saved_decisions(titles: Iterable[str]) -> list[str]:
    """The titles of decision memories as the summary shows them."""
    return [kept for title in titles if (kept := safe(title, ITEM_CHARS)) is not None]


def build(
    session_id: str,
    turns: Sequence[TurnRecord],
    *,
    now: datetime,
    saved: Sequence[str] = (),
    progress: Progress | None = None,
    through_turn: int = -1,
) -> tuple[SessionSummary, Progress]:
    """The summary of ``turns`` (those after ``through_turn``, in turn order) folded into
    ``progress`` (None: from nothing); ``saved``: the titles of the decisions saved as
    memories from the session. Pure: the same turns give the same summary."""
    state = Progress.of_json(progress.as_json()) if progress is not None else Progress()
    newer = [turn for turn in turns if turn.turn > through_turn]
    state.fold(newer)
    last = newer[-1].turn if newer else through_turn
    return state.summary(session_id, saved_decisions(saved), last, now), state


@dataclass(frozen=True, slots=True)
class Updated:
    """What an update did: the turns it folded and the last turn the summary covers."""

    turns: int
    through_turn: int
    stored: bool


async def update(store: Store, session_id: str, *, tenant: str, now: datetime) -> Updated:
    """Fold ``tenant``'s session's turns stored after its summary's into it and store it
    (nothing for a session that is gone; the saved decisions are read again every time)."""
    async with store.begin() as conn:
        session = await get_session(conn, session_id, now, tenant=tenant)
        if session is None:
            return Updated(0, -1, False)
        stored = await summaries.read_stored(conn, tenant, session_id)
        previous = None if stored is None else stored.summary.through_turn
        progress, through = Progress(), -1
        if stored is not None:
            try:
                progress, through = Progress.of_json(stored.progress), stored.summary.through_turn
            except (ValueError, TypeError, AttributeError):
                log.warning("session_summary.rebuilt", reason="progress unreadable")
        folded = 0
        while (
            last := await summaries.turns_after(conn, tenant, session_id, through, TURNS_PER_READ)
        ) is not None:
            turns = await load_turns(conn, session_id, through + 1, last, tenant=tenant)
            progress.fold(turns)
            folded += len(turns)
            through = last
        decisions = await memory.decisions_of_session(conn, session_id, tenant=tenant)
        summary = progress.summary(
            session_id, saved_decisions(d.title for d in decisions), through, now
        )
        if stored is not None and folded == 0 and summary.fields() == stored.summary.fields():
            return Updated(0, through, False)
        if summary.through_turn < 0:
            return Updated(0, -1, False)
        done = await summaries.write(
            conn,
            tenant=tenant,
            project=session["project"],
            user=session["user"],
            summary=summary,
            progress=progress.as_json(),
            previous_turn=previous,
        )
    if done:
        log.info("session_summary.updated", turns=folded, through_turn=summary.through_turn)
    return Updated(folded, summary.through_turn, done)
