"""Deduplication: identical results, reads made stale by an edit, greps a later read
includes; each replaced by a one-line placeholder saying why."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from daemon.host.dedup import IDENTICAL, STALE, Seen, deduplicate, matched_file, placeholder
from daemon.host.messages import units
from tests.host.conversation import (
    MODULES,
    Session,
    coding_session,
    grep_output,
    python_file,
)

READER = "daemon/recall/reader.py"


def _result(messages: list[dict[str, Any]], call_id: str) -> str:
    (found,) = [m for m in messages if m.get("tool_call_id") == call_id]
    content = found["content"]
    assert isinstance(content, str)
    return content


def test_an_identical_read_replaces_the_earlier_one() -> None:
    session = Session()
    session.user("Look at the reader.")
    first = session.read(READER)
    session.say("Let me check the tests before reading it again.")
    second = session.read(READER)
    output, report = deduplicate(session.messages)
    assert _result(output, first) == (
        f"[Deduplicated read_file {READER}: an identical result was returned by a later call.]"
    )
    assert _result(output, second) == python_file(READER)
    assert report.changed == 1
    assert report.saved > 1000
    assert IDENTICAL in report.notes[0]


@pytest.mark.parametrize(
    ("name", "arguments"),
    [
        ("grep", {"pattern": "rank", "path": "daemon"}),
        ("Grep", {"pattern": "rank", "path": "daemon"}),
        ("glob", {"pattern": "**/*.py"}),
    ],
)
def test_identical_greps_and_globs_keep_only_the_last(name: str, arguments: dict[str, Any]) -> None:
    output_text = grep_output("rank", MODULES, 5)
    session = Session().user("Where is rank used?")
    first = session.tool(name, arguments, output_text)
    second = session.tool(name, arguments, output_text)
    output, report = deduplicate(session.messages)
    assert placeholder(_result(output, first))
    assert IDENTICAL in _result(output, first)
    assert _result(output, second) == output_text
    assert report.changed == 1


def test_the_same_call_with_another_result_or_other_arguments_is_kept() -> None:
    session = Session().user("Read it twice.")
    session.read(READER, version=0)
    session.read(READER, version=1)  # changed between (by someone else)
    session.tool("read_file", {"path": READER, "offset": 10}, python_file(READER, version=1))
    session.bash("pytest -q", "1 passed")
    session.bash("pytest -q", "1 passed")  # bash is not deduplicated: it may have side effects
    output, report = deduplicate(session.messages)
    assert output == session.messages
    assert report.changed == 0


def test_a_read_made_stale_by_an_edit_and_read_again_is_replaced() -> None:
    session = Session().user("Fix the ranking.")
    before = session.read(READER, version=0)
    session.edit(READER, "self._rank(query)", "self._rank(query, True)")
    after = session.read("./" + READER, version=1)
    output, report = deduplicate(session.messages)
    assert _result(output, before) == (
        f"[Deduplicated read_file {READER}: the file was re-read after it changed.]"
    )
    assert _result(output, after) == python_file(READER, version=1)
    assert report.changed == 1
    assert STALE in report.notes[0]


@pytest.mark.parametrize(
    ("name", "arguments"),
    [
        ("write_file", {"file_path": f"/repo/{READER}", "content": "x = 1\n"}),
        ("Write", {"file_path": READER, "content": "x = 1\n"}),
        (
            "apply_patch",
            {"input": f"*** Begin Patch\n*** Update File: {READER}\n@@\n-a\n+b\n*** End Patch"},
        ),
    ],
)
def test_writes_and_patches_make_a_read_stale(name: str, arguments: dict[str, Any]) -> None:
    session = Session().user("Rewrite it.")
    before = session.read(READER, version=0)
    session.tool(name, arguments, "Done.")
    session.read(READER, version=1)
    output, _ = deduplicate(session.messages)
    assert STALE in _result(output, before)


def test_an_edit_without_a_later_read_keeps_the_earlier_read() -> None:
    session = Session().user("Fix it.")
    session.read(READER)
    session.edit(READER, "a", "b")
    session.read("daemon/app.py")  # another file
    output, report = deduplicate(session.messages)
    assert output == session.messages
    assert report.changed == 0


def test_a_grep_of_one_file_is_replaced_by_a_later_full_read_of_it() -> None:
    session = Session().user("Where does the reader rank?")
    grep = session.grep("_rank", grep_output("_rank", (READER,), 6), path="daemon")
    session.read(f"/repo/{READER}")
    output, report = deduplicate(session.messages)
    assert _result(output, grep) == (
        "[Deduplicated grep _rank in daemon: the content is included in a later read of "
        f"/repo/{READER}.]"
    )
    assert report.changed == 1


def test_a_grep_of_several_files_or_a_partial_read_is_kept() -> None:
    session = Session().user("Where is rank used?")
    session.grep("rank", grep_output("rank", MODULES[:2], 3))
    session.read(MODULES[0])
    session.grep("_rank", grep_output("_rank", (READER,), 3))
    session.tool("read_file", {"path": READER, "offset": 1, "limit": 40}, python_file(READER, 40))
    output, report = deduplicate(session.messages)
    assert output == session.messages
    assert report.changed == 0


def test_the_file_a_grep_matched_in() -> None:
    assert matched_file(grep_output("x", (READER,), 3), ".") == READER
    assert matched_file("12:    def _rank(self):\n40:        self._rank()", READER) == READER
    assert matched_file(f"{READER}\n", ".") == READER  # files-with-matches output
    assert matched_file(grep_output("x", MODULES[:2], 2), ".") is None
    assert matched_file("No matches found", READER) is None
    assert matched_file("", READER) is None


def test_deduplication_is_idempotent() -> None:
    session = Session().user("Look.")
    for version in (0, 0, 1):
        session.read(READER, version=version)
        session.edit(READER, "a", "b")
    session.read(READER, version=2)
    once, first = deduplicate(session.messages)
    twice, second = deduplicate(once)
    assert first.changed == 3
    assert twice == once
    assert second.changed == 0


def test_the_input_is_not_changed_the_output_is_deterministic_and_no_unit_is_split() -> None:
    session = coding_session()
    session.user("Check the reader once more.")
    session.think("Re-read the file after the edit.")
    session.read(READER, version=1)
    messages = session.messages
    before = copy.deepcopy(messages)
    first, report = deduplicate(messages)
    second, again = deduplicate(messages)
    assert messages == before
    assert first == second
    assert report == again
    assert report.changed == 1  # the read before the edit
    assert units(first) == units(messages)
    assert [m.get("role") for m in first] == [m.get("role") for m in messages]


def test_a_list_read_from_the_last_output_is_deduplicated_as_a_cold_one() -> None:
    """``seen`` reads only what follows the stage's last output; the output, the report and
    the next call's work must be what a cold pass gives, also when a result comes before its
    call (it answers none in the part remembered) and when the last output is not a prefix."""
    seen = Seen()
    session = Session().user("Look at the reader.")
    history: list[dict[str, Any]] = []
    for version in (0, 0, 1, 1, 2):
        session.read(READER, version=version)
        session.grep("rank", grep_output("rank", [READER], 3))
        session.edit(READER, "a", "b")
        history = [*history, *session.messages[len(history) :]]
        warm, report = deduplicate(history, seen=seen)
        cold, again = deduplicate(copy.deepcopy(history))
        assert (warm, report) == (cold, again)
        history = warm
    orphan = {"role": "tool", "tool_call_id": "later", "content": python_file(READER)}
    call = {"id": "later", "type": "function"}
    call["function"] = {"name": "read_file", "arguments": json.dumps({"path": READER})}
    for extra in ([orphan], [{"role": "assistant", "content": None, "tool_calls": [call]}]):
        history = [*history, *extra]
        assert deduplicate(history, seen=seen) == deduplicate(copy.deepcopy(history))
    shuffled = [history[0], *history[1:][::-1]]
    assert deduplicate(shuffled, seen=seen) == deduplicate(copy.deepcopy(shuffled))
