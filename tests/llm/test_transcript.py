"""What goes to the model: sanitized messages, the fork's exact host prefix, reductions."""

from __future__ import annotations

from daemon.base.scope import ScopeKey
from daemon.extraction.base import ExtractionBatch, StoredPrefix
from daemon.extraction.llm.delta import delta_messages
from daemon.extraction.llm.fork import fork_request
from daemon.extraction.llm.reduce import reduce
from daemon.extraction.llm.transcript import chat_messages, entries, render
from daemon.testing.fakellm import canonical_prompt
from tests.bench.extract import sessions_load
from tests.llm.helpers import call, msg, turn

SCOPE = ScopeKey("github.com/acme/billing", "dana")


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


def test_fork_request_begins_with_exactly_the_host_prefix() -> None:
    """The fork replays what the host sent, byte for byte in the provider's canonical form:
    its system prompt, its tools unchanged, every message of the session; then one
    instruction message of ours."""
    events = sessions_load(1, 3, host=True)[0]
    host = events[0].host
    assert host is not None
    host_messages = [{"role": "system", "content": host.system_prompt}] + [
        m.model_dump(mode="json", exclude_none=True, exclude={"id"})
        for e in events
        for m in e.messages
    ]
    stored = [
        turn(e.turn, *[m.model_dump(mode="json", exclude={"id"}) for m in e.messages])
        for e in events
    ]
    batch = ExtractionBatch(
        session_id="s",
        scope=SCOPE,
        from_turn=3,
        to_turn=3,
        turns=(stored[2],),
        context=tuple(stored[:2]),
        host=StoredPrefix(host.system_prompt, host.tools),
        history=True,
    )
    messages, tokens = fork_request(batch, batch.host, [])  # type: ignore[arg-type]
    ours = canonical_prompt({"tools": host.tools, "messages": messages})
    theirs = canonical_prompt({"tools": host.tools, "messages": host_messages})
    assert ours.startswith(theirs)
    assert messages[-1]["role"] == "user" and messages[-1]["content"].startswith("[memoryd]")
    assert "the last 5 messages above" in messages[-1]["content"]
    assert tokens > len(theirs) // 4


def test_delta_request_marks_context_and_says_which_turns_to_extract() -> None:
    batch = ExtractionBatch(
        session_id="s",
        scope=SCOPE,
        from_turn=3,
        to_turn=4,
        turns=(turn(3, msg("user", "third")), turn(4, msg("user", "fourth"))),
        context=(turn(2, msg("user", "second")),),
    )
    system, user = delta_messages(
        batch, ["m1 [project/durable] A: b"], max_calls=5, budget_tokens=9
    )
    assert "at most 5 model calls" in system["content"]
    body = user["content"]
    assert '<turn n="2" at="2026-11-17T09:02:00Z" note=' in body
    assert '<turn n="3" at="2026-11-17T09:03:00Z">\n[user] third' in body
    assert "extract from turns 3-4" in body
    assert "m1 [project/durable] A: b" in body
    assert "this session has a user" in body


def _tool_turn(number: int, name: str, output: str, **arguments: str) -> list[dict[str, object]]:
    cid = f"c{number}{name}"
    return [
        msg("assistant", "", tool_calls=[call(cid, name, **arguments)]),
        msg("tool", output, tool_call_id=cid, name=name),
    ]


def test_identical_results_and_reads_made_stale_by_an_edit_collapse() -> None:
    big = "line of output\n" * 20
    turns = [
        turn(1, *_tool_turn(1, "file_read", "old content of app.py\n" * 5, path="src/app.py")),
        turn(2, *_tool_turn(2, "grep", big, pattern="x"), *_tool_turn(3, "grep", big, pattern="x")),
        turn(3, *_tool_turn(4, "file_edit", "edited src/app.py", path="src/app.py")),
    ]
    items = entries(turns)
    overrides = reduce(items, context=set(), budget_tokens=100_000)
    text = render(turns, items, overrides)
    assert "[file_read src/app.py: not shown, the file was edited later]" in text
    assert "old content" not in text
    assert text.count("line of output") == 20  # the first grep result stays, the repeat goes
    assert "identical to an earlier grep result" in text
    assert "edited src/app.py" in text


def test_over_budget_bulky_outputs_shrink_shell_first_then_grep_then_reads_edits_last() -> None:
    bulky = "x" * 3000
    turns = [
        turn(1, *_tool_turn(1, "file_edit", bulky + "e", path="a.py")),
        turn(2, *_tool_turn(2, "file_read", bulky + "r", path="b.py")),
        turn(3, *_tool_turn(3, "grep", bulky + "g", pattern="needle")),
        turn(4, *_tool_turn(4, "bash", bulky + "s", command="pytest -q")),
    ]
    items = entries(turns)
    tool_index = {items[i].tool: i for i in range(len(items)) if items[i].message.role == "tool"}

    def shrunk(budget: int) -> set[str | None]:
        overrides = reduce(items, context=set(), budget_tokens=budget)
        return {items[i].tool for i in overrides}

    assert shrunk(100_000) == set()
    assert shrunk(3500) == {"bash"}  # about 940 tokens each, 4,000 in all
    assert shrunk(2500) == {"bash", "grep"}
    assert shrunk(1500) == {"bash", "grep", "file_read"}
    assert shrunk(10) == {"bash", "grep", "file_read", "file_edit"}
    placeholder = reduce(items, context=set(), budget_tokens=3500)[tool_index["bash"]]
    assert placeholder.startswith("[bash output not shown") and "pytest -q" in placeholder


def test_bulky_outputs_of_the_earlier_context_always_shrink() -> None:
    turns = [
        turn(1, *_tool_turn(1, "bash", "y" * 2000, command="make")),
        turn(2, msg("user", "hi")),
    ]
    items = entries(turns)
    overrides = reduce(items, context={0, 1}, budget_tokens=100_000)
    assert list(overrides.values()) == [
        "[bash output not shown: earlier context; 1 lines, 2,000 chars: make]"
    ]
