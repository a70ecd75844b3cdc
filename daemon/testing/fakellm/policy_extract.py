"""The extraction policy: a fake model that acts like a reasonable memory extractor.

It reads the request the way a model would (memoryd's delta transcript, a fork's chat
messages and final instruction, or the naive baseline's prompt), finds what is worth
keeping with the rules extractor's heuristics on user messages plus facts stated in
assistant text and tool outputs ("payments go through Adyen"), ignores instructions and
HTML comments planted in tool outputs, and answers as the protocol asks:

- delta (the request offers ``memory_done``): one turn of parallel ``memory_read`` for the
  manifest entries a new fact updates (if any), then one turn of writes with
  ``memory_done``; just ``memory_done`` when nothing is new;
- fork and naive (an instruction asking for ``{"operations": [...]}``): that JSON object;
- anything else is the host's own call (the bench simulates those): a short text.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Coroutine
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from daemon.base.redaction import find_secrets
from daemon.base.scope import ScopeKey
from daemon.extraction.base import ExtractionBatch, StoredMessage, TurnRecord
from daemon.extraction.rules import RulesExtractor
from daemon.gate.hashing import normalize
from daemon.gate.prompt_injection import looks_like_injection

from .protocol import memory_done, memory_read, memory_write
from .replies import JSONBody, Reply, Text, ToolCall, tool_calls

__all__ = ["ExtractionPolicy", "Fact", "facts_of"]

_TURN = re.compile(
    r'<turn n="(?P<n>-?\d+)" at="(?P<at>[^"]+)"(?P<note> note="[^"]*")?>\n(?P<body>.*?)\n</turn>',
    re.S,
)
_LINE = re.compile(
    r"^(?:\[(?P<role>user|assistant|system|developer)\] ?(?P<text>.*)"
    r"|\[(?P<caller>assistant) called .*\]"
    r"|\[tool result: (?P<tool>[^\]\s]+)[^\]]*\])$"
)
_MANIFEST = re.compile(r"^(?P<alias>m\d+) \[(?P<type>\w+)/\w+(?: pinned)?\] (?P<rest>.*)$", re.M)
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_FACT = re.compile(
    r"\b(?P<subject>[A-Za-z][\w-]*) (?P<verb>go(?:es)? through|runs? on|(?:is|are) hosted on"
    r"|(?:is|are) deployed to) (?P<object>[A-Z][\w.-]*[\w])"
)
_ASKS_JSON = '{"operations": ['
_EPOCH = datetime(2026, 1, 1, tzinfo=UTC)
_LAST = re.compile(r"the last (\d+) messages above")
_INSTRUCTS = re.compile(r"the last \d+ messages above|<transcript>")
_TIMES = re.compile(r"turn (-?\d+) at (\d{4}-\d\d-\d\dT[\d:]+(?:Z|[+-]\d\d:\d\d))")


@dataclass(frozen=True, slots=True)
class Fact:
    type: str
    title: str
    content: str


def _parse_time(text: str) -> datetime:
    """A turn's time as the prompt shows it, in the zone it was said in (``Z``: UTC)."""
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _run(coro: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine that never suspends (the rules extractor with an in-memory reader)."""
    try:
        coro.send(None)
    except StopIteration as stop:
        return stop.value
    coro.close()
    raise RuntimeError("the coroutine suspended")


class _NoMemories:
    async def manifest(self) -> list[Any]:
        return []

    async def search(self, query: str, *, limit: int = 10) -> list[Any]:
        return []

    async def read(self, memory_id: int) -> Any:
        return None


def _stated(text: str) -> list[str]:
    """Facts stated in assistant text or a tool output (planted comments ignored)."""
    found: list[str] = []
    if _FACT.search(text) is None:  # most outputs state none: skip the sentence work
        return found
    for sentence in _SENTENCE.split(_COMMENT.sub(" ", text)):
        if looks_like_injection(sentence) or find_secrets(sentence):
            continue
        for m in _FACT.finditer(sentence):
            found.append(f"{m['subject'].capitalize()} {m['verb']} {m['object']}.")
    return found


def facts_of(turns: list[TurnRecord], has_user: bool) -> list[Fact]:
    """What a reasonable extractor keeps from ``turns``, without duplicates."""
    if not turns:
        return []
    spoken = tuple(  # tool outputs are data: the rules mine what users say
        replace(t, messages=tuple(m for m in t.messages if m.role != "tool")) for t in turns
    )
    batch = ExtractionBatch(
        session_id="policy",
        scope=ScopeKey("policy", "user" if has_user else ""),
        from_turn=turns[0].turn,
        to_turn=turns[-1].turn,
        turns=spoken,
    )
    proposal = _run(RulesExtractor().extract(batch, _NoMemories()))
    facts = [Fact(str(op.type), op.title, op.content) for op in proposal.ops]
    for turn in turns:
        for message in turn.messages:
            if message.role in ("assistant", "tool") and message.content:
                facts.extend(Fact("project", c.rstrip("."), c) for c in _stated(message.content))
    unique: dict[str, Fact] = {}
    for fact in facts:
        unique.setdefault(normalize(fact.content), fact)
    return list(unique.values())


def _turns_from_text(text: str) -> tuple[list[TurnRecord], list[TurnRecord]]:
    """(new turns, context turns) of a rendered transcript."""
    new: list[TurnRecord] = []
    context: list[TurnRecord] = []
    for block in _TURN.finditer(text):
        messages: list[StoredMessage] = []
        for line in block["body"].split("\n"):
            m = _LINE.match(line)
            if m and m["role"]:
                messages.append(_message(len(messages), m["role"], m["text"]))
            elif m and m["tool"]:
                messages.append(_message(len(messages), "tool", ""))
            elif m and m["caller"]:
                continue
            elif messages:
                last = messages[-1]
                content = f"{last.content}\n{line}" if last.content else line
                messages[-1] = _message(last.seq, last.role, content)
        record = TurnRecord(
            int(block["n"]), _parse_time(block["at"]), "turn", False, tuple(messages)
        )
        (context if block["note"] else new).append(record)
    return new, context


def _content(message: JSONBody) -> str:
    return str(message.get("content") or "")


def _message(seq: int, role: str, content: str) -> StoredMessage:
    return StoredMessage(f"p{seq}", 0, seq, role, content)


def _manifest(text: str) -> dict[str, tuple[str, str]]:
    block = text.split("<manifest>", 1)[-1].split("</manifest>", 1)[0]
    return {m["alias"]: (m["type"], m["rest"]) for m in _MANIFEST.finditer(block)}


def _key(content: str) -> str:
    return " ".join(normalize(content).split()[:4])


def _fresh(
    facts: list[Fact], manifest: dict[str, tuple[str, str]]
) -> list[tuple[Fact, str | None]]:
    """Facts not yet saved, each with the alias of the memory it updates (same subject)."""
    saved = {normalize(rest) for _, rest in manifest.values()}
    out: list[tuple[Fact, str | None]] = []
    for fact in facts:
        if any(normalize(fact.content) in entry for entry in saved):
            continue
        related = next(
            (
                alias
                for alias, (kind, rest) in manifest.items()
                if kind == fact.type and _key(rest.split(": ", 1)[-1]) == _key(fact.content)
            ),
            None,
        )
        out.append((fact, related))
    return out


class ExtractionPolicy:
    """``policy(request_body) -> Reply``; stateless, so safe under concurrency."""

    def __call__(self, body: JSONBody) -> Reply:
        messages = body.get("messages") or []
        names = {(t.get("function") or {}).get("name") for t in body.get("tools") or ()}
        if "memory_done" in names:
            return self._delta(messages)
        asks = [  # the instruction, maybe followed by a refused call or a corrective nudge
            i
            for i, m in enumerate(messages)
            if m.get("role") == "user" and _ASKS_JSON in str(m.get("content") or "")
        ]
        if asks:  # a nudge repeats the format, the instruction says which turns are new
            first = next((i for i in asks if _INSTRUCTS.search(_content(messages[i]))), asks[0])
            return self._json(messages[: first + 1], _content(messages[first]))
        return Text("Done.")

    def _delta(self, messages: list[JSONBody]) -> Reply:
        data = str(messages[1].get("content") or "") if len(messages) > 1 else ""
        new, _ = _turns_from_text(data)
        plan = _fresh(facts_of(new, "this session has a user" in data), _manifest(data))
        assistant_turns = sum(1 for m in messages if m.get("role") == "assistant")
        if not plan or assistant_turns >= 2:
            return tool_calls([memory_done()])
        reads = [memory_read(alias) for _, alias in plan if alias]
        if assistant_turns == 0 and reads:
            return tool_calls(reads)
        return tool_calls([*self._writes(plan), memory_done()])

    def _writes(self, plan: list[tuple[Fact, str | None]]) -> list[ToolCall]:
        return [
            memory_write(fact.type, fact.title, fact.content, memory_id=alias)  # type: ignore[arg-type]
            for fact, alias in plan
        ]

    def _json(self, messages: list[JSONBody], instruction: str) -> Reply:
        has_user = "this session has a user" in instruction
        if "<transcript>" in instruction:  # the naive baseline: extract from the last turn
            turns, _ = _turns_from_text(instruction.split("<transcript>", 1)[1])
            new = turns[-1:]
        else:
            new = self._forked_turns(messages, instruction)
        plan = _fresh(facts_of(new, has_user), _manifest(instruction))
        operations = [
            {
                "action": "update",
                "id": alias,
                "type": f.type,
                "title": f.title,
                "content": f.content,
            }
            if alias
            else {"action": "create", "type": f.type, "title": f.title, "content": f.content}
            for f, alias in plan
        ]
        return Text(json.dumps({"operations": operations}))

    def _forked_turns(self, messages: list[JSONBody], instruction: str) -> list[TurnRecord]:
        found = _LAST.search(instruction)
        count = int(found.group(1)) if found else 0
        times = [(int(n), _parse_time(at)) for n, at in _TIMES.findall(instruction)]
        fresh = messages[-1 - count : -1] if count else []
        turns: list[TurnRecord] = []
        current: list[StoredMessage] = []
        for message in fresh:
            if message.get("role") == "user" and current:
                turns.append(self._turn(len(turns), times, current))
                current = []
            content = message.get("content")
            current.append(_message(len(current), str(message.get("role")), str(content or "")))
        if current:
            turns.append(self._turn(len(turns), times, current))
        return turns

    def _turn(
        self, index: int, times: list[tuple[int, datetime]], messages: list[StoredMessage]
    ) -> TurnRecord:
        number, at = times[min(index, len(times) - 1)] if times else (index, _EPOCH)
        return TurnRecord(number, at, "turn", False, tuple(messages))


def serve(latency_s: float) -> None:
    """Serve this policy until standard input closes, after printing the base URL (for
    ``./dev bench extract``, which runs the fake model in a process of its own)."""
    from .server import FakeLLM

    with FakeLLM(ExtractionPolicy(), latency_s=latency_s, cache_window=1_000_000) as fake:
        sys.stdout.write(f"{fake.base_url}\n")
        sys.stdout.flush()
        sys.stdin.read()


if __name__ == "__main__":
    serve(float(sys.argv[1]))
