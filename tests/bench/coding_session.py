"""A generated coding session: hundreds of turns of an agent working on one repository, with
the tool outputs such a session really produces.

The session is deterministic for a seed. Each turn is a user request followed by the
assistant's model calls: sometimes a thinking block, tool calls (file reads of Python
modules, greps with ``path:line:`` matches, test runs with failures and tracebacks, git
diffs, directory globs, web fetches, edits) with their results, and a closing answer that
refers to the files it used. Some outputs are huge (a build log of thousands of lines), files
are read again after they are edited, and the same grep is run twice, so that every stage of
the host kit has something to do. ``Turn.calls`` says where each model call starts: the
messages before it are that call's context.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

Message = dict[str, Any]

_MODULES = (
    "ledger/api/routes.py",
    "ledger/api/schemas.py",
    "ledger/api/auth.py",
    "ledger/core/accounts.py",
    "ledger/core/postings.py",
    "ledger/core/rounding.py",
    "ledger/core/currency.py",
    "ledger/store/db.py",
    "ledger/store/migrations.py",
    "ledger/store/queries.py",
    "ledger/jobs/reconcile.py",
    "ledger/jobs/exports.py",
    "ledger/cli.py",
    "ledger/settings.py",
    "tests/test_routes.py",
    "tests/test_postings.py",
    "tests/test_rounding.py",
    "tests/test_reconcile.py",
    "tests/test_exports.py",
    "tests/conftest.py",
)
_NOUNS = ("account", "posting", "balance", "ledger", "currency", "export", "batch", "entry")
_VERBS = ("load", "apply", "reconcile", "round", "validate", "render", "split", "merge")
_REQUESTS = (
    "The reconcile job double-counts reversed postings; find out why and fix it.",
    "Add a test for rounding half-even on negative amounts in {module}.",
    "Why does test_exports fail on CI but not locally?",
    "Refactor {module} so the query builder is not duplicated.",
    "Rename `{function}` to something clearer and update the callers.",
    "The API returns 500 when the currency is lower-case; make it a 422 instead.",
    "Can you check what {module} does with empty batches?",
    "Speed up the export of large ledgers; it takes minutes for 100k postings.",
    "Add type hints to {module} and make mypy pass.",
    "Look at the failing migration test and tell me what is wrong.",
)
_DECISIONS = (
    "Let's go with banker's rounding everywhere; we decided that in the finance review.",
    "We'll use Decimal for every amount, never float.",
    "Use uv for the dev environment, not pip.",
    "Keep the export format CSV with a header row; the accountants import it into Excel.",
)
_ANSWERS = (
    "Based on the trace in {module}, the issue is that `{function}` runs twice per batch. "
    "I'll use a set of seen posting ids to skip the reversed ones.",
    "I changed {module}: `{function}` now validates its input before it touches the store. "
    "The tests pass again.",
    "The issue is the fixture in tests/conftest.py: it reuses one connection across tests. "
    "I'll use a fresh transaction per test.",
    "Done. {module} no longer duplicates the builder; both callers use `{function}`.",
    "It skips empty batches silently in `{function}`; I added an early return with a log line.",
)


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn: its messages, and the index (within them) of each model call's answer."""

    number: int
    messages: tuple[Message, ...]
    calls: tuple[int, ...]


def coding_session(turns: int = 320, seed: int = 7) -> list[Turn]:
    """A session of ``turns`` turns (see the module)."""
    return _Writer(random.Random(seed)).session(turns)


class _Writer:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.next_id = 0
        self.versions = dict.fromkeys(_MODULES, 0)

    def session(self, turns: int) -> list[Turn]:
        return [self.turn(number) for number in range(turns)]

    def turn(self, number: int) -> Turn:
        rng = self.rng
        module = rng.choice(_MODULES[:14])
        function = self.function_name()
        request = rng.choice(_REQUESTS).format(module=module, function=function)
        if rng.random() < 0.12:
            request = f"{rng.choice(_DECISIONS)} {request}"
        messages: list[Message] = [{"role": "user", "content": request}]
        calls: list[int] = []
        for _round in range(rng.choice((1, 2, 2, 3))):
            calls.append(len(messages))
            if rng.random() < 0.3:
                thought = f"I should look at {module} and the tests around `{function}` first."
                messages.append({"role": "assistant", "content": "", "reasoning_content": thought})
            tool_calls = [self.call(module, function) for _ in range(rng.choice((1, 1, 2, 3)))]
            messages.append({"role": "assistant", "content": None, "tool_calls": tool_calls})
            for call in tool_calls:
                messages.append(self.result(call, module, function))
        calls.append(len(messages))
        answer = rng.choice(_ANSWERS).format(module=module, function=function)
        messages.append({"role": "assistant", "content": answer})
        return Turn(number=number, messages=tuple(messages), calls=tuple(calls))

    def function_name(self) -> str:
        return f"{self.rng.choice(_VERBS)}_{self.rng.choice(_NOUNS)}s"

    def call(self, module: str, function: str) -> dict[str, Any]:
        rng = self.rng
        self.next_id += 1
        kind = rng.choices(
            ("file_read", "grep", "bash", "file_edit", "glob", "web_fetch", "git_diff"),
            weights=(30, 18, 22, 14, 5, 3, 8),
        )[0]
        if kind == "file_read":
            path = module if rng.random() < 0.6 else rng.choice(_MODULES)
            arguments: dict[str, Any] = {"path": path}
        elif kind == "grep":
            arguments = {"pattern": function if rng.random() < 0.7 else "TODO", "path": "ledger/"}
        elif kind == "bash":
            command = rng.choice(
                (
                    "pytest -q tests/",
                    f"pytest -q {module.replace('ledger/', 'tests/test_').replace('/', '_')}",
                    "make build",
                    "ruff check ledger/",
                    "mypy ledger/",
                )
            )
            arguments = {"command": command}
        elif kind == "file_edit":
            arguments = {
                "path": module,
                "old_string": f"def {function}(",
                "new_string": f"def {function}(  # validated\n",
            }
        elif kind == "glob":
            arguments = {"pattern": "ledger/**/*.py"}
        elif kind == "web_fetch":
            arguments = {"url": "https://docs.python.org/3/library/decimal.html"}
        else:
            kind, arguments = "bash", {"command": f"git diff -- {module}"}
        return {
            "id": f"call_{self.next_id:05d}",
            "type": "function",
            "function": {"name": kind, "arguments": json.dumps(arguments)},
        }

    def result(self, call: dict[str, Any], module: str, function: str) -> Message:
        name = call["function"]["name"]
        arguments = json.loads(call["function"]["arguments"])
        if name == "file_read":
            content = self.source(arguments["path"])
        elif name == "grep":
            content = self.grep(arguments["pattern"])
        elif name == "file_edit":
            self.versions[arguments["path"]] += 1
            content = f"Edited {arguments['path']}: 1 replacement."
        elif name == "glob":
            content = "\n".join(path for path in _MODULES if path.startswith("ledger/"))
        elif name == "web_fetch":
            content = self.prose(60)
        else:
            content = self.shell(arguments["command"], module, function)
        return {"role": "tool", "tool_call_id": call["id"], "content": content}

    def source(self, path: str) -> str:
        """A Python module of 80 to 400 lines, the same text until the file is edited."""
        rng = random.Random(f"{path}:{self.versions.get(path, 0)}")
        lines = [
            f'"""{path}: part of the ledger service."""',
            "",
            "from decimal import Decimal",
            "",
        ]
        for index in range(rng.randint(6, 30)):
            verb, noun = rng.choice(_VERBS), rng.choice(_NOUNS)
            lines += [
                f"def {verb}_{noun}s_{index}(batch: list[dict[str, object]]) -> Decimal:",
                f'    """{verb.capitalize()} the {noun}s of one batch."""',
                "    total = Decimal(0)",
                "    for item in batch:",
                f"        if item.get('{noun}_id') is None:",
                "            continue",
                "        total += Decimal(str(item['amount']))",
                "    return total.quantize(Decimal('0.01'))",
                "",
            ]
        return "\n".join(f"{number:>5}\t{line}" for number, line in enumerate(lines, start=1))

    def grep(self, pattern: str) -> str:
        rng = self.rng
        hits = [
            f"{rng.choice(_MODULES)}:{rng.randint(1, 400)}:    result = {pattern}(batch)  # hit"
            for _ in range(rng.randint(3, 60))
        ]
        return "\n".join(sorted(hits))

    def shell(self, command: str, module: str, function: str) -> str:
        rng = self.rng
        if command.startswith("make build") and rng.random() < 0.4:
            return "\n".join(  # a build log of thousands of lines
                f"[{index:05d}] compiling ledger/{rng.choice(_NOUNS)}_{index % 97}.py ... ok"
                for index in range(rng.randint(2500, 6000))
            )
        if command.startswith("git diff"):
            body = [
                f"-    total = {function}(batch)",
                f"+    total = {function}(batch, strict=True)",
            ]
            return "\n".join([f"diff --git a/{module} b/{module}", "@@ -10,7 +10,7 @@", *body] * 4)
        if command.startswith("pytest"):
            passed = rng.randint(40, 400)
            lines = [
                f"tests/test_{rng.choice(_NOUNS)}s.py {'.' * rng.randint(5, 60)}" for _ in range(12)
            ]
            if rng.random() < 0.5:
                lines += [
                    "=" * 30 + " FAILURES " + "=" * 30,
                    f"____ test_{function} ____",
                    "Traceback (most recent call last):",
                    *[
                        f'  File "{module}", line {rng.randint(1, 300)}, in {function}'
                        for _ in range(8)
                    ],
                    "AssertionError: Decimal('10.01') != Decimal('10.00')",
                ]
            lines.append(
                f"{passed} passed, {rng.randint(0, 3)} failed in {rng.uniform(1, 40):.2f}s"
            )
            return "\n".join(lines)
        return "\n".join(
            f"{module}:{rng.randint(1, 300)}:{rng.randint(1, 80)}: E501 Line too long"
            for _ in range(rng.randint(2, 40))
        )

    def prose(self, sentences: int) -> str:
        words = ("the", "context", "decimal", "rounding", "precision", "quantize", "signal", "trap")
        return " ".join(
            " ".join(self.rng.choice(words) for _ in range(12)).capitalize() + "."
            for _ in range(sentences)
        )
