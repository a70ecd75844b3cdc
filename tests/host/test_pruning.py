"""Pruning: old tool results replaced by placeholders, the most disposable first, only when
that saves 20,000 tokens, the last 2 user turns and 40,000 tokens of recent tool output
protected."""

from __future__ import annotations

import copy
from typing import Any

from daemon.base.settings import HostSettings
from daemon.host.calls import ToolCall
from daemon.host.messages import units
from daemon.host.pruning import (
    UNKNOWN_WEIGHT,
    Discourse,
    Said,
    candidates,
    priority,
    prune,
    pruned,
)
from daemon.host.tokens import estimator, message_tokens
from tests.host.conversation import (
    MODULES,
    Session,
    git_diff,
    grep_output,
    log_lines,
    pytest_output,
    python_file,
)

COUNT = estimator()


def _long_session() -> Session:
    """Six turns of work, each with a big shell output, a big grep and a big read (about
    8,000 + 6,000 + 4,000 tokens), an edit and a short summary."""
    session = Session(system="You are a coding agent working in the memoryd repository.")
    for turn in range(6):
        module = MODULES[turn]
        session.user(f"Step {turn}: make {module} rank recent memories first.")
        session.think(f"Look at the state of {module} first.")
        session.bash(f"pytest -q tests -k step{turn}", pytest_output(80))
        session.grep(f"rank{turn}", grep_output(f"rank{turn}", MODULES, 45))
        session.read(module, lines=400, version=turn)
        session.edit(module, "self._rank(query)", "self._rank(query, True)")
        session.say(f"Step {turn} done.")
    return session


def _contents(messages: list[dict[str, Any]]) -> list[Any]:
    return [m.get("content") for m in messages]


def test_old_results_are_pruned_and_the_protected_ones_kept() -> None:
    session = _long_session()
    messages = session.messages
    output, report = prune(messages)
    protected_from = [i for i, m in enumerate(messages) if m["role"] == "user"][-2]
    assert report.saved >= 20_000
    assert report.changed > 0
    changed = [i for i, (a, b) in enumerate(zip(messages, output, strict=True)) if a != b]
    assert all(i < protected_from for i in changed)
    assert all(messages[i]["role"] == "tool" and pruned(output[i]["content"]) for i in changed)
    # The most recent 40,000 tokens of tool output before the protected turns are kept.
    kept_recent = 0
    for index in range(protected_from - 1, -1, -1):
        if messages[index]["role"] != "tool":
            continue
        kept_recent += message_tokens(messages[index], COUNT)
        if kept_recent > 40_000:
            break
        assert output[index] == messages[index]


def test_a_placeholder_keeps_the_tool_and_its_target() -> None:
    output, _ = prune(_long_session().messages)
    texts = [c for c in _contents(output) if isinstance(c, str) and pruned(c)]
    assert "[Old tool result pruned: bash pytest -q tests -k step0 (" in texts[0]
    assert any(t.startswith("[Old tool result pruned: grep rank0 in . (") for t in texts)
    assert any(t.startswith(f"[Old tool result pruned: read_file {MODULES[0]} (") for t in texts)


def test_edit_and_patch_outputs_are_never_pruned_however_large() -> None:
    snippet = "The file has been updated. Here is a snippet of the edited file:\n"
    session = Session().user("Refactor the reader.")
    edit = session.tool(
        "Edit",
        {"file_path": MODULES[2], "old_string": "a", "new_string": "b"},
        snippet + python_file(MODULES[2], 900),
    )
    patch = session.tool(
        "apply_patch",
        {"input": f"*** Begin Patch\n*** Update File: {MODULES[3]}\n*** End Patch"},
        "Success. Updated the following files:\n" + python_file(MODULES[3], 900),
    )
    write = session.tool(
        "write_file", {"path": MODULES[4], "content": "..."}, snippet + python_file(MODULES[4], 900)
    )
    session.bash("pytest -q", pytest_output(80))
    session.user("ok").say("ok").user("ok")
    messages = session.messages
    output, report = prune(messages, HostSettings(protected_tool_tokens=0))
    by_id = {m.get("tool_call_id"): m for m in output}
    before = {m.get("tool_call_id"): m for m in messages}
    assert by_id[edit] == before[edit]
    assert by_id[patch] == before[patch]
    assert pruned(by_id[write]["content"])  # a write's output is no edit's: weight 20
    assert report.changed == 2


def test_nothing_is_pruned_when_it_would_save_under_20000_tokens() -> None:
    session = Session().user("Run the tests.")
    for n in range(6):
        session.bash(f"pytest -q -k case{n}", pytest_output(10))  # about 2,000 tokens each
    session.user("And now?").say("Fine.").user("Thanks.")
    settings = HostSettings(protected_tool_tokens=0)
    output, report = prune(session.messages, settings)
    assert output == session.messages
    assert report.changed == 0
    assert report.saved == 0
    # With a lower minimum, the same messages are pruned.
    lower = HostSettings(protected_tool_tokens=0, prune_min_saving_tokens=1_000)
    _, pruned_report = prune(session.messages, lower)
    assert pruned_report.changed == 6


def test_the_noisiest_tools_are_pruned_first_when_less_is_needed() -> None:
    messages = _long_session().messages
    output, report = prune(messages, need=20_000)
    kinds = {
        m.get("tool_call_id")
        for a, m in zip(messages, output, strict=True)
        if a != m and m["role"] == "tool"
    }
    bash_ids = {
        call["id"]
        for m in messages
        for call in m.get("tool_calls") or ()
        if call["function"]["name"] == "bash"
    }
    assert kinds
    assert kinds <= bash_ids  # the shell's outputs (weight 70) go first
    assert report.saved >= 20_000
    _, full = prune(messages)
    assert full.saved > report.saved


def test_the_weights_of_the_issue() -> None:
    def weight(name: str) -> int:
        call = ToolCall(id="c", name=name, kind=name, arguments={})
        return priority(call, "", 0, Discourse([]))

    assert [
        weight(name)
        for name in (
            "bash",
            "shell_read",
            "web_fetch",
            "grep",
            "web_search",
            "file_read",
            "file_edit",
            "file_write",
            "glob",
            "some_mcp_tool",
        )
    ] == [70, 65, 55, 50, 40, 30, 20, 20, 10, UNKNOWN_WEIGHT]


def test_references_and_decisions_make_a_result_kept_longer() -> None:
    call = ToolCall("c", "read_file", "file_read", {"path": "daemon/recall/reader.py"})
    text = python_file("daemon/recall/reader.py", 40)
    quote = "return self.value * factor + 1"
    said = [
        Said(1, "i looked at reader.py.", True, frozenset()),  # the file named: 15
        Said(2, "", True, frozenset({quote})),  # a quote of the result: 15
        Said(3, "unrelated.", True, frozenset({"unrelated words here"})),
        Said(0, "reader.py before the result", True, frozenset()),  # earlier: no worth
    ]
    assert priority(call, text, 0, Discourse(said[3:])) == 30
    assert priority(call, text, 0, Discourse(said)) == 30 - 15 - 15
    decided = [Said(1, "based on this, the issue is the ranking.", True, frozenset())]
    assert priority(call, text, 0, Discourse(decided)) == 30 - 10
    # Decision language only counts in the first assistant message with text after it.
    later = [Said(1, "ok.", True, frozenset()), Said(2, "based on this.", True, frozenset())]
    assert priority(call, text, 0, Discourse(later)) == 30


def test_a_referenced_shell_output_is_pruned_after_an_unreferenced_one() -> None:
    session = Session().user("Investigate.")
    quoted = session.bash("pytest -q tests/recall", pytest_output(60))
    session.say(
        "The issue is `E         At index 0 diff: 'older' != 'newer'`; based on this I'll "
        "use recent_first."
    )
    plain = session.bash("pytest -q tests/api", pytest_output(60))
    session.say("Nothing new there.")
    session.user("Go on.").say("Yes.").user("Done?").say("Yes.")
    found = {
        c.call.id: c
        for c in candidates(session.messages, HostSettings(protected_tool_tokens=0), COUNT)
    }
    assert found[plain].priority == 70
    assert found[quoted].priority == 70 - 15 - 10
    settings = HostSettings(protected_tool_tokens=0, prune_min_saving_tokens=1_000)
    output, report = prune(session.messages, settings, need=1)
    assert report.changed == 1
    assert [m["tool_call_id"] for m in output if m["role"] == "tool" and pruned(m["content"])] == [
        plain
    ]


def test_pruning_is_idempotent_deterministic_and_leaves_its_input() -> None:
    messages = _long_session().messages
    before = copy.deepcopy(messages)
    once, first = prune(messages)
    again, same = prune(messages)
    twice, second = prune(once)
    assert messages == before
    assert once == again
    assert first == same
    assert twice == once
    assert second.changed == 0


def test_no_unit_is_split_and_thinking_blocks_stay_before_their_calls() -> None:
    messages = _long_session().messages
    output, _ = prune(messages, HostSettings(protected_tool_tokens=0, protected_user_turns=0))
    assert units(output) == units(messages)
    thinking = [i for i, m in enumerate(messages) if isinstance(m.get("content"), list)]
    assert all(output[i] == messages[i] and output[i + 1] == messages[i + 1] for i in thinking)


def test_a_diff_and_a_long_log_are_pruned_with_their_commands() -> None:
    session = Session().user("Show me.")
    session.bash("git diff", git_diff("daemon/app.py", hunks=400))
    session.bash("journalctl -u memoryd", log_lines(1500))
    session.user("ok").say("ok").user("ok")
    output, report = prune(session.messages, HostSettings(protected_tool_tokens=0))
    assert report.changed == 2
    texts = [m["content"] for m in output if m["role"] == "tool"]
    assert texts[0].startswith("[Old tool result pruned: bash git diff (")
    assert texts[1].startswith("[Old tool result pruned: bash journalctl -u memoryd (")


def test_the_result_that_crosses_40000_recent_tokens_is_no_longer_protected() -> None:
    session = Session().user("Collect the logs.")
    oldest = session.bash("journalctl -u memoryd --since -3h", log_lines(1000, width=79))
    crossing = session.bash("journalctl -u memoryd --since -2h", log_lines(1000, width=79))
    latest = session.bash("journalctl -u memoryd --since -1h", log_lines(1000, width=79))
    session.user("Now?").say("Reading.").user("Well?")
    each = message_tokens(session.messages[6], COUNT)
    assert 20_000 < each < 40_000  # 25,000 tokens each: two are more than 40,000
    found = [c.call.id for c in candidates(session.messages, HostSettings(), COUNT)]
    assert found == [oldest, crossing]
    output, report = prune(session.messages)
    assert report.changed == 2
    assert {m["tool_call_id"] for m in output if m["role"] == "tool" and pruned(m["content"])} == {
        oldest,
        crossing,
    }
    assert latest not in found
