"""Builders of coding-session conversations in the OpenAI chat format, with realistic tool
outputs (a pytest run, a grep over a repository, reads of Python files, a git diff), for the
host kit's tests.

Everything is deterministic: the same calls build the same messages, tool call ids
included (``call_1``, ``call_2``, … in order).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

Message = dict[str, Any]

MODULES = (
    "daemon/app.py",
    "daemon/store/db.py",
    "daemon/recall/reader.py",
    "daemon/extraction/agent.py",
    "daemon/dispatcher/loop.py",
    "daemon/api/routes.py",
)


@dataclass
class Session:
    """A conversation being written, message by message."""

    system: str | None = None
    messages: list[Message] = field(default_factory=list)
    calls: int = 0

    def __post_init__(self) -> None:
        if self.system is not None:
            self.messages.append({"role": "system", "content": self.system})

    def user(self, text: str) -> Session:
        self.messages.append({"role": "user", "content": text})
        return self

    def say(self, text: str) -> Session:
        self.messages.append({"role": "assistant", "content": text})
        return self

    def think(self, text: str) -> Session:
        """A thinking block on its own, before the tool call it belongs to."""
        self.messages.append(
            {"role": "assistant", "content": [{"type": "thinking", "thinking": text}]}
        )
        return self

    def tool(self, name: str, arguments: dict[str, Any], output: str) -> str:
        """One tool call and its result; the call's id."""
        return self.parallel((name, arguments, output))[0]

    def parallel(self, *calls: tuple[str, dict[str, Any], str]) -> list[str]:
        """Several tool calls in one assistant message, then their results; their ids."""
        ids: list[str] = []
        for _ in calls:
            self.calls += 1
            ids.append(f"call_{self.calls}")
        self.messages.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": call_id,
                        "type": "function",
                        "function": {"name": name, "arguments": json.dumps(arguments)},
                    }
                    for call_id, (name, arguments, _) in zip(ids, calls, strict=True)
                ],
            }
        )
        for call_id, (_, _, output) in zip(ids, calls, strict=True):
            self.messages.append({"role": "tool", "tool_call_id": call_id, "content": output})
        return ids

    def read(self, path: str, lines: int = 120, version: int = 0) -> str:
        return self.tool("read_file", {"path": path}, python_file(path, lines, version))

    def grep(self, pattern: str, output: str, path: str = ".") -> str:
        return self.tool("grep", {"pattern": pattern, "path": path}, output)

    def edit(self, path: str, old: str, new: str) -> str:
        return self.tool(
            "edit_file",
            {"path": path, "old_string": old, "new_string": new},
            f"The file {path} has been updated. 1 replacement made.",
        )

    def bash(self, command: str, output: str) -> str:
        return self.tool("bash", {"command": command}, output)


def python_file(path: str, lines: int = 120, version: int = 0) -> str:
    """A read of a Python module as a host shows it: numbered lines (``cat -n``)."""
    module = path.rsplit("/", 1)[-1].removesuffix(".py")
    body = [
        f'"""The {module} module: what it owns and why (version {version})."""',
        "",
        "from __future__ import annotations",
        "",
        "import asyncio",
        "from dataclasses import dataclass",
        "",
    ]
    number = 0
    while len(body) < lines:
        number += 1
        body.extend(
            [
                "",
                "@dataclass(frozen=True, slots=True)",
                f"class {module.title()}Record{number}:",
                f'    """One record of {module}, number {number}."""',
                "",
                "    key: str",
                "    value: int = 0",
                "",
                f"    def weight_{number}(self, factor: float) -> float:",
                f"        return self.value * factor + {number + version}",
            ]
        )
    return "\n".join(f"{i:6}\t{line}" for i, line in enumerate(body[:lines], start=1))


def grep_output(pattern: str, files: tuple[str, ...], per_file: int) -> str:
    """A grep's ``path:line:text`` output for matches of ``pattern`` in each file."""
    return "\n".join(
        f"{path}:{10 * n + 3}:    result = {pattern}(session, limit={n})  # call site {n}"
        for path in files
        for n in range(1, per_file + 1)
    )


def pytest_output(failures: int, passed: int = 240) -> str:
    """A failing pytest run: the tracebacks of ``failures`` tests and the summary."""
    parts = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.11.7, pytest-8.3.2, pluggy-1.5.0",
        "rootdir: /repo",
        f"collected {passed + failures} items",
        "",
        "tests/recall/test_reader.py ....F..F......................................  [ 20%]",
        "",
        "=================================== FAILURES ===================================",
    ]
    for n in range(failures):
        parts.extend(
            [
                f"_________________ test_search_ranks_recent_memories_first[{n}] _________________",
                "",
                "    def test_search_ranks_recent_memories_first(reader, clock):",
                "        reader.add('older', at=clock.now() - timedelta(days=3))",
                "        reader.add('newer', at=clock.now())",
                ">       assert [m.text for m in reader.search('memories')] == ['newer', 'older']",
                f"E       AssertionError: assert ['older', 'newer'] == ['newer', 'older'] ({n})",
                "E         At index 0 diff: 'older' != 'newer'",
                "",
                f"tests/recall/test_reader.py:{40 + n}: AssertionError",
            ]
        )
    parts.append(
        f"========================= {failures} failed, {passed} passed in 12.31s "
        "========================="
    )
    return "\n".join(parts)


def git_diff(path: str, hunks: int = 3) -> str:
    """A ``git diff`` of ``path`` with ``hunks`` hunks."""
    parts = [
        f"diff --git a/{path} b/{path}",
        "index 3f2a1c4..9b8e7d2 100644",
        f"--- a/{path}",
        f"+++ b/{path}",
    ]
    for n in range(hunks):
        parts.extend(
            [
                f"@@ -{20 * n + 1},6 +{20 * n + 1},7 @@ class Reader:",
                "     def search(self, query: str) -> list[Memory]:",
                "-        found = self._rank(query)",
                "+        found = self._rank(query, recent_first=True)",
                "+        found = found[: self.limit]",
                "         return found",
            ]
        )
    return "\n".join(parts)


def log_lines(count: int, width: int = 80) -> str:
    """A long command output: ``count`` numbered log lines of about ``width`` characters."""
    return "\n".join(
        f"2026-11-27T10:{n // 60 % 60:02}:{n % 60:02}Z INFO worker.step n={n} ".ljust(width, ".")
        for n in range(count)
    )


def coding_session() -> Session:
    """A session of a few turns: a failing test investigated, fixed and checked."""
    session = Session(system="You are a coding agent working in the memoryd repository.")
    session.user("The recall tests fail since this morning. Find out why and fix it.")
    session.think("Run the failing tests first to see the error.")
    session.bash("pytest -q tests/recall", pytest_output(2))
    session.say("Two tests fail in tests/recall/test_reader.py: the ranking is reversed.")
    session.grep("rank", grep_output("rank", MODULES[:3], 4))
    session.read("daemon/recall/reader.py")
    session.say("Based on the read, the issue is that _rank ignores recency.")
    session.user("Go ahead and fix it.")
    session.edit("daemon/recall/reader.py", "self._rank(query)", "self._rank(query, True)")
    session.bash("git diff", git_diff("daemon/recall/reader.py"))
    session.bash("pytest -q tests/recall", "240 passed in 11.02s")
    session.say("Fixed: the reader ranks recent memories first; the tests pass.")
    return session
