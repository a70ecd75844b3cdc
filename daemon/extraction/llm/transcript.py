"""What of a session goes to the model: sanitized chat messages, or a text rendering.

Stored messages are already text (images and files became markers at ingestion, secrets
were redacted). Here a window of them becomes valid input for a provider: a tool call is
never separated from its result, so calls without a result and results without a call are
dropped. :func:`chat_messages` keeps each message as the host sent it (a fork replays the
host's prefix byte for byte); :func:`render` writes turns as tagged text for delta mode.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from daemon.base.clock import as_utc
from daemon.base.turns import StoredMessage, TurnRecord

__all__ = ["Entry", "chat_messages", "entries", "render", "stamp"]


@dataclass(frozen=True, slots=True)
class Entry:
    """One sanitized message of a turn, with what a tool result answered."""

    turn: int
    message: StoredMessage
    calls: tuple[dict[str, Any], ...] = ()  # the tool calls kept on an assistant message
    tool: str | None = None  # for a tool result: the called tool's name
    arguments: str = ""  # for a tool result: the call's arguments


def stamp(turn: TurnRecord) -> str:
    """The turn's time as the model reads it: in the zone it was said in (its local date is
    the one relative dates mean), ``Z`` for UTC."""
    offset = turn.at.utcoffset()
    if turn.at.tzinfo is None or not offset:
        return as_utc(turn.at).strftime("%Y-%m-%dT%H:%M:%SZ")
    return turn.at.isoformat(timespec="seconds")


def _call_id(call: Mapping[str, Any]) -> str | None:
    value = call.get("id")
    return str(value) if value else None


def entries(turns: Iterable[TurnRecord]) -> list[Entry]:
    """The turns' messages in order, orphaned tool calls and results dropped."""
    ordered = [(t.turn, m) for t in turns for m in t.messages]
    issued: set[str] = set()
    answered: set[str] = set()  # calls with a result after them
    for _, m in ordered:
        if m.role == "tool" and m.tool_call_id in issued:
            answered.add(m.tool_call_id)
        issued.update(i for i in map(_call_id, m.tool_calls or ()) if i)
    called: dict[str, dict[str, Any]] = {}
    kept: list[Entry] = []
    for turn, message in ordered:
        if message.role == "tool":
            call = called.pop(message.tool_call_id or "", None)
            if call is None:
                continue  # a result without its call
            function = call.get("function") or {}
            kept.append(
                Entry(
                    turn,
                    message,
                    tool=str(function.get("name") or message.name or "tool"),
                    arguments=str(function.get("arguments") or ""),
                )
            )
            continue
        calls = tuple(c for c in message.tool_calls or () if _call_id(c) in answered)
        for call in calls:
            called[str(_call_id(call))] = call
        if message.role == "assistant" and not calls and not (message.content or "").strip():
            continue  # only calls, none answered: nothing left
        kept.append(Entry(turn, message, calls=calls))
    return kept


def chat_messages(items: Sequence[Entry]) -> list[dict[str, Any]]:
    """Chat messages as the host sent them: role, content, tool_calls, tool_call_id, name."""
    out: list[dict[str, Any]] = []
    for item in items:
        m = item.message
        message: dict[str, Any] = {"role": m.role}
        if m.content is not None:
            message["content"] = m.content
        if item.calls:
            message["tool_calls"] = [dict(c) for c in item.calls]
        if m.tool_call_id is not None:
            message["tool_call_id"] = m.tool_call_id
        if m.name is not None:
            message["name"] = m.name
        out.append(message)
    return out


def _one_line(text: str, limit: int = 300) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _line(item: Entry, content: str | None) -> str:
    m = item.message
    if m.role == "tool":
        return f"[tool result: {item.tool}]\n{content or ''}"
    text = content or ""
    calls = [
        f"[{m.role} called {(c.get('function') or {}).get('name')} "
        f"{_one_line(str((c.get('function') or {}).get('arguments') or ''), 200)}]"
        for c in item.calls
    ]
    body = f"[{m.role}] {text}".rstrip() if text.strip() or not calls else ""
    return "\n".join(part for part in (body, *calls) if part)


def render(
    turns: Sequence[TurnRecord],
    items: Sequence[Entry],
    overrides: Mapping[int, str] | None = None,
    notes: Mapping[int, str] | None = None,
) -> str:
    """``<turn n=… at=…>`` blocks; ``overrides`` replaces the content of entries by index,
    ``notes`` adds a note to turns by number."""
    overrides = overrides or {}
    notes = notes or {}
    by_turn: dict[int, list[str]] = {t.turn: [] for t in turns}
    for index, item in enumerate(items):
        content = overrides.get(index, item.message.content)
        by_turn.setdefault(item.turn, []).append(_line(item, content))
    blocks: list[str] = []
    for turn in turns:
        attrs = f'n="{turn.turn}" at="{stamp(turn)}"'
        if turn.turn in notes:
            attrs += f' note="{notes[turn.turn]}"'
        lines = by_turn.get(turn.turn, [])
        if turn.summary:
            lines = [f"[compaction summary] {turn.summary}", *lines]
        blocks.append(f"<turn {attrs}>\n" + "\n".join(lines) + "\n</turn>")
    return "\n".join(blocks)


def arguments_of(text: str) -> dict[str, Any]:
    """A tool call's arguments as a dict ({} when they are not a JSON object)."""
    try:
        value = json.loads(text) if text else {}
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
