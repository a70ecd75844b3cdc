"""Tool calls as the stages read them: kinds through aliases, arguments, paths, targets."""

from __future__ import annotations

import json

import pytest

from daemon.host.calls import (
    ToolCall,
    calls_by_id,
    normal_path,
    parse_arguments,
    same_file,
    tool_kind,
)
from tests.host.conversation import Session


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("read_file", "file_read"),
        ("Read", "file_read"),
        ("file_read", "file_read"),
        ("mcp__files__read_file", "file_read"),
        ("functions.Grep", "grep"),
        ("Edit", "file_edit"),
        ("MultiEdit", "file_edit"),
        ("Write", "file_write"),
        ("apply_patch", "apply_patch"),
        ("run_shell_command", "bash"),
        ("WebFetch", "web_fetch"),
        ("web-search", "web_search"),
        ("Glob", "glob"),
        ("deploy_preview", "deploy_preview"),
    ],
)
def test_tool_names_are_read_as_their_kind(name: str, kind: str) -> None:
    assert tool_kind(name) == kind


def test_calls_are_found_by_id_with_their_arguments() -> None:
    session = Session().user("Go.")
    first = session.read("daemon/app.py")
    second = session.bash("ls", "daemon")
    session.messages[-2]["tool_calls"].append(
        {"id": "broken", "function": {"name": "grep", "arguments": "{not json"}}
    )
    calls = calls_by_id(session.messages)
    assert calls[first] == ToolCall(first, "read_file", "file_read", {"path": "daemon/app.py"})
    assert calls[second].target() == "ls"
    assert calls["broken"].arguments == {}


def test_arguments_that_are_no_object_read_as_none() -> None:
    assert parse_arguments(json.dumps([1, 2])) == {}
    assert parse_arguments(None) == {}
    assert parse_arguments({"path": "x"}) == {"path": "x"}


def test_paths_of_reads_edits_and_patches() -> None:
    read = ToolCall("a", "Read", "file_read", {"file_path": "./daemon//app.py", "offset": 20})
    assert read.paths() == ["daemon/app.py"]
    assert read.partial()
    assert not ToolCall("b", "Read", "file_read", {"file_path": "daemon/app.py"}).partial()
    patch = ToolCall(
        "c",
        "apply_patch",
        "apply_patch",
        {
            "input": "*** Begin Patch\n*** Update File: daemon/app.py\n@@\n-a\n+b\n"
            "*** Add File: daemon/new.py\n+x\n*** End Patch"
        },
    )
    assert patch.paths() == ["daemon/app.py", "daemon/new.py"]
    diff = ToolCall("d", "patch", "apply_patch", {"patch": "--- a/x.py\n+++ b/x.py\n@@\n"})
    assert diff.paths() == ["x.py"]
    assert ToolCall("e", "grep", "grep", {"pattern": "x", "path": "."}).paths() == []


def test_targets_name_the_command_the_url_the_path_or_the_pattern() -> None:
    assert ToolCall("a", "bash", "bash", {"command": "pytest -q"}).target() == "pytest -q"
    assert ToolCall("b", "f", "web_fetch", {"url": "https://x.org"}).target() == "https://x.org"
    assert ToolCall("c", "g", "grep", {"pattern": "rank", "path": "src"}).target() == "rank in src"
    assert ToolCall("d", "g", "glob", {"pattern": "**/*.py"}).target() == "**/*.py"
    assert ToolCall("e", "r", "file_read", {"path": "a.py"}).target() == "a.py"
    assert ToolCall("f", "s", "web_search", {"query": "pgvector hnsw"}).target() == "pgvector hnsw"
    assert ToolCall("g", "x", "x", {}).target() == ""


def test_the_same_file_under_two_spellings() -> None:
    assert same_file("daemon/app.py", "/repo/daemon/app.py")
    assert same_file("./daemon/app.py", "daemon/app.py")
    assert not same_file("app.py", "daemon/myapp.py")
    assert not same_file("/a/app.py", "/b/app.py")
    assert not same_file("", "app.py")
    assert normal_path("./") == ""
