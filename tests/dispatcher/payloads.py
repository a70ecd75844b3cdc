"""Turn events for the dispatcher's stateful test: good ones, and hostile ones that must be
refused, each with the form its messages must be stored in and the reasons that name its
real cause.

A good event's text stays free of secrets (a fixed vocabulary), so its stored form is its
content flattened to text with NUL and lone surrogates replaced (``prepare.storable``); a
tool output over the spill limits is stored as a preview naming a truncation file that holds
the whole text.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from daemon.base.text import storable
from daemon.dispatcher.prepare import flatten
from daemon.events.codec import EVENT_FIELD

#: A tool output over the spill limits (2,000 lines): spilled to a truncation file.
SPILL_LINES = 2_100
#: Content over the 1 MiB event limit.
HUGE_CHARS = 2_100_000
#: Deeper than any JSON parser recursion limit.
DEEP = 10_000

WORDS = (
    "parser",
    "rewrite",
    "ship",
    "friday",
    "héllo",
    "naïve",
    "日本語",
    "emoji 🎉",
    "tab\there",
    "line\nbreak",
    'quote " and \\ backslash',
    "",
)
ROLES = ("user", "assistant", "tool", "system", "developer")
SCOPES: tuple[dict[str, str], ...] = (
    {"project": "p1"},
    {"project": "p1", "user": "u1"},
    {"project": "p1", "user": "u2"},
    {"project": "p2", "tenant": "t1"},
    {"project": "p3", "tenant": "t1"},
)
LAST_TURN = 2**31 - 1

#: A reason the dispatcher gives for a whole batch it gave up on, never an event's own.
POISON = re.compile(r"delivered \d+ times")

#: Per defect: what its dead letter's reason must mention (case-insensitive).
REASONS: dict[str, str] = {
    "not_json": r"not JSON",
    "not_utf8": r"UTF-8",
    "no_event_field": r"no 'event' field",
    "unknown_version": r"schema version",
    "nul_in_id": r"pattern|id|project",
    "surrogate_in_id": r"unicode|id|surrogate",
    "deep_nesting": r"nest|deep|depth|recursion",
    "late_date": r"\bat\b|date|time|year|range|overflow",
    "early_date": r"\bat\b|date|time|year|range|overflow",
    "far_compaction": r"\bat\b|date|time|year|range|overflow|expir|summary",
    "huge": r"over the limit|too large|bytes",
    "wrong_scope": r"scope",
    "reused_turn": r"\bturn\b",
    "reused_message_id": r"message",
    "reused_event_id": r"event.?id",
    "turn_jump": r"turns ahead of turn",
}


def names_cause(reason: str, defects: tuple[str, ...]) -> bool:
    """Whether ``reason`` names one of ``defects`` (and is not a batch's poison verdict)."""
    if POISON.search(reason):
        return False
    return any(re.search(REASONS[d], reason, re.IGNORECASE) for d in defects)


@dataclass(frozen=True, slots=True)
class Stored:
    """A message as it must be stored: its place, role and full text (``None``: no content);
    ``spilled`` when the text is in a truncation file and the row holds a preview."""

    message_id: str
    turn: int
    seq: int
    role: str
    text: str | None
    spilled: bool


@dataclass(slots=True)
class Event:
    """A well-formed turn event as a dict (its wire JSON), with the hostile touches that
    make it unstorable kept apart (``defects``) and the payload's raw bytes."""

    body: dict[str, Any]
    defects: tuple[str, ...] = ()
    either: bool = False  # refused or stored whole: both are right (a far-future compaction)
    deep: bool = False
    raw: bytes | None = None

    @property
    def event_id(self) -> str:
        return str(self.body["event_id"])

    @property
    def session_id(self) -> str:
        return str(self.body["session_id"])

    @property
    def turn(self) -> int:
        return int(self.body["turn"])

    @property
    def message_ids(self) -> list[str]:
        return [str(m["id"]) for m in self.body.get("messages", [])]

    def fields(self) -> dict[str, bytes]:
        """The stream entry's fields, as an agent host would XADD them."""
        if "no_event_field" in self.defects:
            return {"nothing": b"here"}
        return {EVENT_FIELD: self.payload()}

    def payload(self) -> bytes:
        if self.raw is not None:
            return self.raw
        text = json.dumps(self.body)  # ensure_ascii: lone surrogates travel as \\ud800
        if self.deep:
            text = text.replace('"__deep__"', "[" * DEEP + "]" * DEEP, 1)
        return text.encode()

    def stored(self) -> list[Stored]:
        return [
            Stored(
                message_id=str(m["id"]),
                turn=self.turn,
                seq=seq,
                role=str(m["role"]),
                text=_stored_text(m.get("content")),
                spilled=m["role"] == "tool" and _over_spill_limits(m.get("content")),
            )
            for seq, m in enumerate(self.body.get("messages", []))
        ]


def scope_key(scope: dict[str, str]) -> tuple[str, str, str]:
    return (scope["project"], scope.get("user", ""), scope.get("tenant", ""))


def _stored_text(content: Any) -> str | None:
    text = flatten(content)
    return None if text is None else storable(text)


def _over_spill_limits(content: Any) -> bool:
    return isinstance(content, str) and content.count("\n") + 1 > 2_000


def text_content(words: list[str]) -> str:
    return " ".join(words)


def parts_content(words: list[str]) -> list[dict[str, Any]]:
    return [
        {"type": "text", "text": " ".join(words)},
        {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}},
        {"type": "file", "file": {"filename": "notes.txt"}},
    ]


def spill_content(tag: str) -> str:
    """A tool output over the line limit, unique to ``tag``."""
    return "\n".join(f"{tag} output line {i}" for i in range(SPILL_LINES))


def event_body(
    event_id: str,
    session_id: str,
    turn: int,
    scope: dict[str, str],
    messages: list[dict[str, Any]],
    *,
    at: str = "2026-03-01T12:00:00+00:00",
    kind: str = "turn",
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "v": 1,
        "event_id": event_id,
        "session_id": session_id,
        "turn": turn,
        "at": at,
        "scope": dict(scope),
        "kind": kind,
        "messages": messages,
    }
    if kind == "compaction":
        body["summary"] = f"We agreed to ship the parser rewrite ({event_id})."
    return body


def malformed(kind: str, n: int) -> Event:
    """A payload no schema accepts, as raw bytes (``no_event_field``: a wrong field)."""
    raw = {
        "not_json": b"{not json " + str(n).encode(),
        "not_utf8": b"\xff\xfe\x00binary " + str(n).encode(),
        "unknown_version": b'{"v": 2, "event_id": "x%d"}' % n,
        "no_event_field": b"",  # see Event.fields
    }[kind]
    return Event(body={}, defects=(kind,), raw=raw)
