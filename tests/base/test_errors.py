"""The exception tree: one root, the docstring as the default message, the tree drawn in
the module's docstring is the real one."""

from __future__ import annotations

import re

import pytest

from daemon.base import errors
from daemon.base.errors import (
    ConfigError,
    EventError,
    ExtractionError,
    MemorydError,
    SchemaOutOfDate,
    ToolRefused,
    TransientExtractionError,
    describe,
)


def _classes() -> dict[str, type[MemorydError]]:
    return {
        name: value
        for name, value in vars(errors).items()
        if isinstance(value, type) and issubclass(value, MemorydError)
    }


def test_the_docstring_is_the_default_message() -> None:
    assert str(SchemaOutOfDate()) == (
        "The database schema is out of date: run `memoryd db upgrade`."
    )
    assert str(ConfigError("MEMORYD_X is not a number")) == "MEMORYD_X is not a number"


def test_the_drawn_tree_is_the_class_tree() -> None:
    """Each class appears in the docstring's tree, under its parent."""
    doc = errors.__doc__ or ""
    drawn: dict[str, int] = {}  # class name -> its column in the drawing
    parents: dict[str, str] = {}
    stack: list[tuple[int, str]] = []
    for line in doc.splitlines():
        match = re.search(r"\b([A-Z]\w+)\b", line)
        if match is None or match.group(1) not in _classes():
            continue
        column, name = match.start(1), match.group(1)
        while stack and stack[-1][0] >= column:
            stack.pop()
        if stack:
            parents[name] = stack[-1][1]
        stack.append((column, name))
        drawn[name] = column
    assert set(drawn) == set(_classes())
    for name, cls in _classes().items():
        if cls is not MemorydError:
            assert cls.__bases__[0].__name__ == parents[name], name


def test_every_error_has_its_own_sentence() -> None:
    for cls in _classes().values():
        assert cls.__doc__ and cls.__doc__.strip().endswith(".")


def test_extraction_errors_carry_what_the_runner_needs() -> None:
    plain = ExtractionError("boom")
    assert (plain.usage, plain.blames_session) == (None, True)
    throttled = TransientExtractionError(retry_after_s=30, blames_session=False)
    assert (throttled.retry_after_s, throttled.blames_session) == (30, False)
    assert str(throttled).startswith("An extraction run failed for a reason that may pass")
    assert ExtractionError.blames_session is True  # the instance's choice is its own


def test_a_refused_tool_call_says_why_in_its_code() -> None:
    refused = ToolRefused("not_found", "no memory 7")
    assert (refused.code, str(refused)) == ("not_found", "no memory 7")
    assert str(ToolRefused("scope")) == "The memory tool call was refused."


def test_describe_is_one_capped_line_and_prefers_the_driver_error() -> None:
    assert describe(ValueError("first line\nsecond")) == "ValueError: first line"
    assert describe(KeyError()) == "KeyError"
    assert describe(RuntimeError("x" * 1000), limit=10) == "RuntimeError: " + "x" * 10

    class Wrapped(Exception):
        orig = ConnectionRefusedError("connection refused")

    assert describe(Wrapped("SQLAlchemy's long text")) == (
        "ConnectionRefusedError: connection refused"
    )


def test_the_cause_is_chained_by_the_raiser() -> None:
    with pytest.raises(EventError) as caught:
        try:
            b"\xff".decode()
        except UnicodeDecodeError as exc:
            raise EventError("not UTF-8") from exc
    assert isinstance(caught.value.__cause__, UnicodeDecodeError)
    assert isinstance(caught.value, MemorydError)
