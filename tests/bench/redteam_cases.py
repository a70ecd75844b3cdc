"""The attack sets of :mod:`tests.redteam.sets` as what a host sends: one item per case, its
turn events (docs/events.md wire format) and the memory a careless writer would propose.

Each case gets a project of its own, so everything stored under that project (and every
block read for it) belongs to that case alone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from daemon.base.timezones import offset_name
from daemon.events.models import TurnEvent
from tests.redteam.sets.model import (
    AttackSet,
    DateCase,
    Field,
    JunkCase,
    LegitCase,
    PlantedCase,
    Said,
    SecretCase,
    user,
)

Kind = Literal["secret", "planted", "legit", "junk", "date"]
Case = SecretCase | PlantedCase | LegitCase | JunkCase | DateCase

AT = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)
_HOST_FIELDS = (Field.SYSTEM_PROMPT, Field.TOOL_SCHEMA)
TENANT, AUTHOR, READER = "acme", "alice", "bob"


@dataclass(frozen=True, slots=True)
class Item:
    """One case of a set, ready to be said or saved."""

    number: int
    kind: Kind
    case: Case
    said: tuple[Said, ...]
    memory: str
    type: str
    at: datetime

    @property
    def tag(self) -> str:
        """What the harness adds to the last turn so the fake model knows the case."""
        return f"RTCASE{self.number:04d}"

    def project(self, label: str) -> str:
        return f"redteam/{label}/{self.case.id}"

    @property
    def title(self) -> str:
        """What a careless writer titles the memory: its first words."""
        return " ".join(self.memory.split()[:8])[:80] or "Note"


def _limited(cases: tuple[Any, ...], limit: int | None) -> tuple[Any, ...]:
    return cases if limit is None else cases[:limit]


def items(attack: AttackSet, limit: int | None = None) -> list[Item]:
    """Every case of ``attack`` (the first ``limit`` of each kind when given)."""
    made: list[Item] = []

    def add(kind: Kind, case: Case, said: tuple[Said, ...], memory: str, type_: str) -> None:
        at = datetime.fromisoformat(case.at) if isinstance(case, DateCase) else AT
        made.append(Item(len(made), kind, case, said, memory, type_, at))

    for s in _limited(attack.secrets, limit):
        add("secret", s, s.said, s.memory, "project")
    for p in _limited(attack.planted, limit):
        add("planted", p, p.said, p.memory, "project")
    for g in _limited(attack.legit, limit):
        add("legit", g, g.said, g.memory, g.type.value)
    for j in _limited(attack.junk, limit):
        add("junk", j, (*j.said, user(j.memory)), j.memory, j.type.value)
    for d in _limited(attack.dates, limit):
        add("date", d, (user(d.text),), d.text, "project")
    return made


def needles(case: SecretCase) -> tuple[str, ...]:
    """Every text of a secret case that must be stored nowhere."""
    found = (case.secret, *case.also, *((case.plain,) if case.plain else ()))
    return tuple(dict.fromkeys(n for n in found if n))


def _timezone(item: Item) -> str | None:
    """The host's calendar a date case names, sent as the event's ``timezone`` only when the
    case has one and the wire format knows the field (until it does, the case is sent with the
    offset of ``at`` alone)."""
    if not isinstance(item.case, DateCase) or item.case.timezone is None:
        return None
    return item.case.timezone if "timezone" in TurnEvent.model_fields else None


def host_zone(item: Item) -> str:
    """The zone a host in the case's place names on the main agent's own save: the case's
    ``timezone`` when it has one, else the offset its ``at`` was said with."""
    if isinstance(item.case, DateCase) and item.case.timezone is not None:
        return item.case.timezone
    return offset_name(item.at)


def _stamp(at: datetime) -> str:
    return at.isoformat().replace("+00:00", "Z")


def events(item: Item, session: str, scope: dict[str, str], *, tag: bool) -> list[dict[str, Any]]:
    """The case's turn events: one turn per said text (a tool call and its output in one),
    the host's system prompt and tool schemas with the first turn, a summary as a compaction
    event, a save of the main agent as its ``memory_save`` call, a date case's ``timezone``
    (see :func:`_timezone`); ``tag`` adds the case's tag to the last turn."""
    turns: list[dict[str, Any]] = []
    prompts = [s.text for s in item.said if s.field is Field.SYSTEM_PROMPT]
    schemas = [t for s in item.said if s.field is Field.TOOL_SCHEMA for t in json.loads(s.text)]
    said = [s for s in item.said if s.field not in _HOST_FIELDS]
    calls = 0

    def call_message(name: str, arguments: str) -> tuple[dict[str, Any], str]:
        nonlocal calls
        calls += 1
        call_id = f"call{calls}"
        function = {"name": name, "arguments": arguments}
        message = {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": call_id, "type": "function", "function": function}],
        }
        return message, call_id

    index = 0
    while index < len(said):
        s = said[index]
        event: dict[str, Any] = {"kind": "turn", "messages": []}
        if s.field is Field.SUMMARY:
            event = {"kind": "compaction", "summary": s.text, "messages": []}
        elif s.field in (Field.USER, Field.ASSISTANT):
            event["messages"].append({"role": s.field.value, "content": s.text})
        elif s.field is Field.AGENT_SAVE:
            arguments = json.dumps({"type": item.type, "title": item.title, "content": s.text})
            message, call_id = call_message("memory_save", arguments)
            event["messages"] += [
                message,
                {"role": "tool", "tool_call_id": call_id, "name": "memory_save", "content": "ok"},
            ]
        else:
            name = s.tool or "tool"
            arguments = s.text if s.field is Field.TOOL_ARGUMENTS else "{}"
            message, call_id = call_message(name, arguments)
            event["messages"].append(message)
            output = None
            if s.field is Field.TOOL_OUTPUT:
                output = s.text
            elif index + 1 < len(said) and said[index + 1].field is Field.TOOL_OUTPUT:
                index += 1
                output = said[index].text
            if output is not None:
                event["messages"].append(
                    {"role": "tool", "tool_call_id": call_id, "name": name, "content": output}
                )
        turns.append(event)
        index += 1
    if not turns:
        turns.append({"kind": "turn", "messages": []})
    if tag:
        turns[-1]["messages"].append({"role": "user", "content": f"(ref {item.tag})"})
    timezone = _timezone(item)
    out: list[dict[str, Any]] = []
    for number, event in enumerate(turns, start=1):
        messages = [{"id": f"m{number}-{i}", **m} for i, m in enumerate(event.pop("messages"))]
        full: dict[str, Any] = {
            "v": 1,
            "event_id": f"{session}:{number}",
            "session_id": session,
            "turn": number,
            "at": _stamp(item.at + timedelta(seconds=number - 1)),
            "scope": scope,
            "messages": messages,
            **event,
        }
        if number == 1 and (prompts or schemas):
            host: dict[str, Any] = {"system_prompt": "\n\n".join(prompts)} if prompts else {}
            full["host"] = {**host, **({"tools": schemas} if schemas else {})}
        if timezone is not None:
            full["timezone"] = timezone
        out.append(full)
    return out
