"""What goes to the model: the stored turns as chat messages, orphaned tool calls dropped."""

from __future__ import annotations

from daemon.extraction.llm.transcript import chat_messages, entries
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
