"""What goes to the model: the stored turns as chat messages, orphaned tool calls dropped."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from daemon.base.turns import TurnRecord
from daemon.extraction.llm.transcript import chat_messages, entries, stamp
from tests.extraction.llm.helpers import call, msg, turn


def test_orphaned_tool_calls_and_results_are_dropped() -> None:
    """A result whose call is outside the window, and a call whose result never came, are
    both dropped (providers reject either); an answered call keeps its result."""
    turns = [
        turn(
            1,
            msg("tool", "orphan result", tool_call_id="gone", name="grep"),
            msg("user", "go"),
            msg("assistant", "", tool_calls=[call("c1", "grep", pattern="x"), call("c2", "bash")]),
            msg("tool", "found x", tool_call_id="c1", name="grep"),
            msg("tool", "early result", tool_call_id="c3", name="bash"),
            msg("assistant", "", tool_calls=[call("c3", "bash", command="ls")]),
        )
    ]
    messages = chat_messages(entries(turns))
    assert [m["role"] for m in messages] == ["user", "assistant", "tool"]
    assert [c["id"] for c in messages[1]["tool_calls"]] == ["c1"]
    assert messages[2] == {
        "role": "tool",
        "content": "found x",
        "tool_call_id": "c1",
        "name": "grep",
    }


def test_a_turns_time_is_shown_in_the_zone_it_was_said_in() -> None:
    """The model reads the same local date the gate resolves relative dates in."""
    at = datetime(2026, 11, 18, 7, 30, tzinfo=UTC)
    assert stamp(TurnRecord(1, at, "turn", False, ())) == "2026-11-18T07:30:00Z"
    local = at.astimezone(ZoneInfo("America/Los_Angeles"))
    assert stamp(TurnRecord(1, local, "turn", False, ())) == "2026-11-17T23:30:00-08:00"
    assert stamp(TurnRecord(1, datetime(2026, 11, 18, 7, 30), "turn", False, ())) == (
        "2026-11-18T07:30:00Z"
    )
