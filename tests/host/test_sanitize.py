"""Sanitizing: orphaned tool calls and results dropped, attachments as markers, a user
message first; tool descriptions stripped at 60% of the window, tools withheld at 90%."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from daemon.base.settings import HostSettings
from daemon.host.messages import units
from daemon.host.report import StageReport
from daemon.host.sanitize import Checked, ToolsReport, fit_tools, marker, sanitize
from daemon.host.tokens import Message
from tests.host.conversation import Session, coding_session, pytest_output

TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": "read_file",
            "description": "Read a file of the repository.",
            "parameters": {
                "type": "object",
                "properties": {
                    "path": {"type": "string", "description": "The file's path."},
                    "description": {"type": "string", "description": "A property so named."},
                    "range": {
                        "type": "object",
                        "description": "Lines to read.",
                        "properties": {"start": {"type": "integer", "description": "First."}},
                    },
                },
                "required": ["path"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "bash",
            "description": "Run a shell command.",
            "parameters": {
                "type": "object",
                "properties": {"command": {"type": "string", "description": "The command."}},
            },
        },
    },
]


def _roles(messages: list[dict[str, Any]]) -> list[str]:
    return [m["role"] for m in messages]


def test_a_sound_conversation_is_left_alone() -> None:
    messages = coding_session().messages
    output, report = sanitize(messages)
    assert output == messages
    assert report.changed == 0
    assert report.notes == ()


def test_a_tool_call_without_a_result_is_dropped_from_its_message() -> None:
    session = Session().user("Run both.")
    answered, unanswered = session.parallel(
        ("bash", {"command": "pytest -q"}, pytest_output(1)),
        ("bash", {"command": "ruff check ."}, "All checks passed!"),
    )
    session.messages.pop()  # the result of the second call is lost
    session.say("The tests fail once.")
    output, report = sanitize(session.messages)
    assert [call["id"] for call in output[1]["tool_calls"]] == [answered]
    assert _roles(output) == ["user", "assistant", "tool", "assistant"]
    assert f"tool call {unanswered} with no result dropped" in report.notes
    assert report.changed == 1


def test_a_message_of_only_unanswered_calls_goes_with_its_thinking_block() -> None:
    session = Session().user("Check the build.")
    session.think("Run make first.")
    session.bash("make", "ok")
    session.messages.pop()  # interrupted before the result
    session.user("Stop, answer me instead.")
    output, report = sanitize(session.messages)
    assert output == [session.messages[0], session.messages[3]]
    assert "the thinking block of the dropped tool calls dropped" in report.notes
    assert all(message["role"] == "user" for message in output)


def test_orphaned_and_repeated_results_are_dropped() -> None:
    session = Session().user("Look.")
    call = session.bash("ls", "daemon\ntests")
    session.messages.append({"role": "tool", "tool_call_id": call, "content": "again"})
    session.messages.append({"role": "tool", "tool_call_id": "call_zz", "content": "stray"})
    session.say("Two folders.")
    session.messages.insert(1, {"role": "tool", "tool_call_id": "call_0", "content": "before"})
    output, report = sanitize(session.messages)
    assert _roles(output) == ["user", "assistant", "tool", "assistant"]
    assert output[2]["content"] == "daemon\ntests"
    assert report.changed == 3
    assert len(report.notes) == 3


def test_a_result_after_another_message_is_an_orphan() -> None:
    session = Session().user("Look.")
    session.bash("ls", "daemon")
    result = session.messages.pop()
    session.say("Waiting.")
    session.messages.append(result)
    output, _ = sanitize(session.messages)
    assert _roles(output) == ["user", "assistant"]
    assert output[1]["content"] == "Waiting."


def test_attachments_become_text_markers() -> None:
    image = {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}}
    linked = {"type": "image_url", "image_url": {"url": "https://example.com/plot.png"}}
    document = {"type": "file", "file": {"filename": "spec.pdf", "file_data": "JVBERi0x"}}
    session = Session()
    session.messages.append(
        {
            "role": "user",
            "content": [{"type": "text", "text": "See these."}, image, linked, document],
        }
    )
    session.say("Seen.")
    output, report = sanitize(session.messages)
    assert output[0]["content"] == [
        {"type": "text", "text": "See these."},
        {"type": "text", "text": "[image attached here, not shown]"},
        {"type": "text", "text": "[image: https://example.com/plot.png attached here, not shown]"},
        {"type": "text", "text": "[file: spec.pdf attached here, not shown]"},
    ]
    assert report.changed == 1
    assert marker({"type": "input_audio", "input_audio": {"data": "AAA"}}) == (
        "[audio attached here, not shown]"
    )


def test_a_conversation_cut_before_its_first_user_message_is_repaired() -> None:
    session = Session(system="You are a coding agent.")
    session.think("Continue the previous work.")
    session.bash("pytest -q", pytest_output(1))
    session.say("One failure left.")
    session.user("Fix it.")
    session.say("On it.")
    output, report = sanitize(session.messages)
    assert _roles(output) == ["system", "user", "assistant"]
    assert "4 messages before the first user message dropped" in report.notes
    assert report.changed == 4


def test_a_conversation_without_a_user_message_is_not_emptied() -> None:
    session = Session(system="You are a coding agent.").say("Hello.")
    output, _ = sanitize(session.messages)
    assert output == session.messages


def test_sanitizing_is_idempotent_deterministic_and_leaves_its_input() -> None:
    session = Session(system="s")
    session.bash("ls", "x")
    session.user("Go.")
    session.parallel(("bash", {"command": "a"}, "1"), ("bash", {"command": "b"}, "2"))
    session.messages.pop()
    session.messages.append(
        {"role": "user", "content": [{"type": "image_url", "image_url": {"url": "data:,"}}]}
    )
    messages = session.messages
    before = copy.deepcopy(messages)
    once, first = sanitize(messages)
    again, same = sanitize(messages)
    twice, second = sanitize(once)
    assert messages == before
    assert (once, first) == (again, same)
    assert twice == once
    assert second.changed == 0
    assert first.changed > 0


def test_tools_are_sent_as_they_are_under_60_percent() -> None:
    tools, report = fit_tools(TOOLS, 0.59)
    assert tools == TOOLS
    assert isinstance(report, StageReport)
    assert report.changed == 0
    assert not report.force_answer


def test_parameter_descriptions_are_stripped_at_60_percent() -> None:
    before = copy.deepcopy(TOOLS)
    tools, report = fit_tools(TOOLS, 0.6)
    assert before == TOOLS
    read = tools[0]["function"]
    assert read["description"] == "Read a file of the repository."
    assert read["parameters"]["properties"] == {
        "path": {"type": "string"},
        "description": {"type": "string"},
        "range": {"type": "object", "properties": {"start": {"type": "integer"}}},
    }
    assert read["parameters"]["required"] == ["path"]
    assert report.changed == 2
    assert report.saved > 0
    assert not report.force_answer
    again, _ = fit_tools(tools, 0.7)
    assert again == tools


def test_tools_are_withheld_at_90_percent_and_an_answer_forced() -> None:
    tools, report = fit_tools(TOOLS, 0.9)
    assert tools == []
    assert isinstance(report, ToolsReport)
    assert report.force_answer
    assert report.tokens_after == 0
    assert report.saved == report.tokens_before


@pytest.mark.parametrize("share", [0.0, 0.5, 0.95, 1.2])
def test_a_measure_at_0_is_off(share: float) -> None:
    settings = HostSettings(strip_descriptions_at=0, withhold_tools_at=0)
    tools, report = fit_tools(TOOLS, share, settings)
    assert tools == TOOLS
    assert not report.force_answer


def test_a_thinking_block_stays_with_the_calls_left_of_its_message() -> None:
    session = Session().user("Check both.")
    session.think("Run the tests and the linter together.")
    answered, _ = session.parallel(
        ("bash", {"command": "pytest -q"}, "3 passed"),
        ("bash", {"command": "ruff check ."}, "All checks passed!"),
    )
    session.messages.pop()
    session.say("Both fine.")
    output, _ = sanitize(session.messages)
    assert output[1] == session.messages[1]  # the thinking block
    assert [call["id"] for call in output[2]["tool_calls"]] == [answered]
    assert [(u.start, u.end) for u in units(output)] == [(0, 1), (1, 4), (4, 5)]


_IDS = st.sampled_from(["call_1", "call_2", "call_3", "\x00", "\ud800"])
_TEXT = st.text(alphabet=st.sampled_from("a é\x00\ud800\n"), max_size=8)
_PART = st.one_of(
    st.fixed_dictionaries({"type": st.just("text"), "text": _TEXT}),
    st.fixed_dictionaries(
        {"type": st.just("image_url"), "image_url": st.fixed_dictionaries({"url": _TEXT})}
    ),
    st.fixed_dictionaries({"type": st.sampled_from(["file", "document", "thinking", "?"])}),
)
_CONTENT = st.one_of(st.none(), _TEXT, st.lists(_PART, max_size=3))
_CALL = st.fixed_dictionaries(
    {"id": _IDS, "type": st.just("function"), "function": st.just({"name": "bash"})}
)
_MESSAGE = st.one_of(
    st.fixed_dictionaries({"role": st.sampled_from(["system", "user"]), "content": _CONTENT}),
    st.fixed_dictionaries({"role": st.just("assistant"), "content": _CONTENT}),
    st.fixed_dictionaries(
        {
            "role": st.just("assistant"),
            "content": _CONTENT,
            "tool_calls": st.lists(_CALL, min_size=1, max_size=3),
        }
    ),
    st.fixed_dictionaries({"role": st.just("tool"), "tool_call_id": _IDS, "content": _CONTENT}),
)


@given(st.lists(_MESSAGE, max_size=12))
def test_any_conversation_comes_out_paired_marked_and_stable(messages: list[Message]) -> None:
    before = copy.deepcopy(messages)
    output, report = sanitize(messages)
    assert messages == before
    expected: list[str] = []
    for message in output:
        if message["role"] == "tool":
            expected.remove(message["tool_call_id"])  # answers a call of the message before
        else:
            assert expected == []  # every call answered before the next message
            expected = [str(call["id"]) for call in message.get("tool_calls") or ()]
        if isinstance(message.get("content"), list):
            kinds = {part.get("type") for part in message["content"]}
            assert not kinds & {"image_url", "file", "document"}
    assert expected == []
    assert sanitize(output)[0] == output
    assert report.changed <= len(messages)


def test_results_keep_their_order_and_a_repeated_call_id_is_dropped() -> None:
    session = Session().user("Run both.")
    first, second = session.parallel(
        ("bash", {"command": "pytest -q"}, "3 passed"),
        ("bash", {"command": "ruff check ."}, "All checks passed!"),
    )
    session.messages[2], session.messages[3] = session.messages[3], session.messages[2]
    output, report = sanitize(session.messages)
    assert output == session.messages
    assert report.changed == 0
    session.messages[1]["tool_calls"].append({**session.messages[1]["tool_calls"][0]})
    output, report = sanitize(session.messages)
    assert [call["id"] for call in output[1]["tool_calls"]] == [first, second]
    assert [m["tool_call_id"] for m in output[2:]] == [second, first]
    assert report.changed == 1


@given(st.lists(_MESSAGE, max_size=10), st.integers(0, 10), st.lists(_MESSAGE, max_size=6))
def test_a_list_checked_against_the_last_sound_one_is_sanitized_as_a_cold_one(
    first: list[Message], kept: int, added: list[Message]
) -> None:
    """The remembered sound list (``checked``) must not change the answer: a list sharing
    any part of it, followed by anything, comes out as a first run would give it."""
    checked = Checked()
    sound, _ = sanitize(first, checked=checked)
    sanitize(sound, checked=checked)  # remembered as needing no repair
    following = [*sound[:kept], *added]

    output, report = sanitize(following, checked=checked)

    assert (output, report) == sanitize(copy.deepcopy(following))


def test_a_unit_cut_after_a_sound_list_is_still_repaired() -> None:
    calls = [
        {"id": f"c{n}", "type": "function", "function": {"name": "grep", "arguments": "{}"}}
        for n in (1, 2)
    ]
    sound: list[Message] = [
        {"role": "user", "content": "find it"},
        {"role": "assistant", "content": "", "tool_calls": calls},
        {"role": "tool", "tool_call_id": "c1", "content": "one"},
        {"role": "tool", "tool_call_id": "c2", "content": "two"},
    ]
    checked = Checked()
    sanitize(sound, checked=checked)
    cut = [*sound[:3], {"role": "user", "content": "go on"}]

    output, report = sanitize(cut, checked=checked)

    assert [c["id"] for c in output[1]["tool_calls"]] == ["c1"] and report.changed == 1
    assert (output, report) == sanitize(cut)
