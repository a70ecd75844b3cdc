"""Realistic generated load: coding-agent turns of about five messages, seeded."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

from daemon.events.models import TurnEvent

_WORDS = [
    "invoice",
    "rounding",
    "test",
    "fails",
    "pipeline",
    "config",
    "deploy",
    "cache",
    "retry",
    "worker",
    "queue",
    "schema",
    "migration",
    "index",
    "latency",
    "budget",
    "token",
    "session",
    "cursor",
    "memory",
    "extract",
    "store",
    "publish",
    "release",
    "branch",
    "commit",
    "review",
    "refactor",
    "module",
    "function",
    "parser",
    "handler",
    "timeout",
    "error",
]
_TOOLS = ("grep", "file_read", "bash", "file_edit")


def _sentence(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(words)).capitalize() + "."


def _tool_output(rng: random.Random, lines: int) -> str:
    return "\n".join(
        f"src/{rng.choice(_WORDS)}/{rng.choice(_WORDS)}.py:{rng.randint(1, 900)}: "
        + _sentence(rng, 8)
        for _ in range(lines)
    )


def turn_event(session: int, turn: int, rng: random.Random, start: datetime) -> TurnEvent:
    """One turn: user ask, assistant tool call, tool result, assistant follow-up, summary."""
    sid = f"bench-session-{session:06d}"
    tool = rng.choice(_TOOLS)
    call_id = f"call_{turn}"
    messages = [
        {"id": f"t{turn}m0", "role": "user", "content": _sentence(rng, rng.randint(12, 40))},
        {
            "id": f"t{turn}m1",
            "role": "assistant",
            "content": _sentence(rng, 15),
            "tool_calls": [
                {
                    "id": call_id,
                    "type": "function",
                    "function": {"name": tool, "arguments": '{"path": "src/app.py"}'},
                }
            ],
        },
        {
            "id": f"t{turn}m2",
            "role": "tool",
            "tool_call_id": call_id,
            "name": tool,
            "content": _tool_output(rng, rng.randint(5, 40)),
        },
        {"id": f"t{turn}m3", "role": "assistant", "content": _sentence(rng, rng.randint(20, 60))},
        {"id": f"t{turn}m4", "role": "assistant", "content": _sentence(rng, rng.randint(10, 30))},
    ]
    return TurnEvent.model_validate(
        {
            "v": 1,
            "event_id": f"{sid}:{turn}",
            "session_id": sid,
            "turn": turn,
            "at": start + timedelta(seconds=30 * turn),
            "scope": {
                "project": f"github.com/bench/repo-{session % 50}",
                "user": f"u{session % 200}",
            },
            "messages": messages,
        }
    )


def turns(
    sessions: int, turns_per_session: int, *, seed: int = 7, start: datetime | None = None
) -> Iterator[TurnEvent]:
    """Turns interleaved across sessions (turn 1 of every session, then turn 2, ...)."""
    rng = random.Random(seed)
    origin = start or datetime(2026, 11, 1, tzinfo=UTC)
    for turn in range(1, turns_per_session + 1):
        for session in range(sessions):
            yield turn_event(session, turn, rng, origin)
