"""Reading model answers of any shape: fork answers, JSON tool calls written as text,
arguments encoded twice; hostile text around them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from daemon.base.scope import ScopeKey
from daemon.extraction.llm.answers import (
    MAX_ATTEMPTS,
    OPERATIONS_SCHEMA,
    apply_answer,
    calls_in_text,
    json_values,
    normalize_op,
    parse_answer,
)
from daemon.extraction.llm.staging import Staging
from daemon.extraction.llm.tools import NAMES, Toolbox
from daemon.gate.screening import Limits
from daemon.testing.fakellm.styles import conform
from tests.extraction.llm.helpers import AT, Reader, view
from tests.extraction.llm.test_tools import run, tool_call

CREATE = {"action": "create", "type": "user", "title": "Tabs", "content": "Prefers tabs."}
EXPECTED = {"operations": [CREATE]}


def staging(*views: Any) -> Staging:
    s = Staging(scope=ScopeKey("p", "dana"), limits=Limits(120, 2000), at=AT, turns=(3,))
    for v in views:
        s.show(v)
    return s


@pytest.mark.parametrize(
    "answer",
    [
        json.dumps(EXPECTED),
        f"```json\n{json.dumps(EXPECTED, indent=2)}\n```",
        f"```\n{json.dumps(EXPECTED)}\n```",
        f"Here is what I keep [1 item]:\n\n{json.dumps(EXPECTED)}\n\nAnything else?",
        "I {think} this matters: " + json.dumps(EXPECTED),
        json.dumps([CREATE]),
        json.dumps({"operations": json.dumps([CREATE])}),
        json.dumps(json.dumps(EXPECTED)),
        json.dumps({"memories": [{"kind": "user", "title": "Tabs", "text": "Prefers tabs."}]}),
        json.dumps({"items": [{"op": "add", "category": "user", "fact": "Prefers tabs."}]}),
        json.dumps({"result": [CREATE]}),
        json.dumps(CREATE),
    ],
    ids=[
        "expected",
        "fenced",
        "bare-fence",
        "prose-then-json",
        "prose-braces",
        "bare-list",
        "string-wrapped-list",
        "string-wrapped-answer",
        "memories-kind-text",
        "items-op-category-fact",
        "one-unknown-list-key",
        "one-operation",
    ],
)
def test_every_known_answer_shape_stages_the_same_write(answer: str) -> None:
    s = staging()
    assert apply_answer(parse_answer(answer), s) == 1
    (op,) = s.ops
    assert (op.action, op.type, op.content) == ("create", "user", "Prefers tabs.")
    assert s.refusals == []


def test_an_update_and_a_delete_in_other_keys_reach_their_memories() -> None:
    s = staging(view(41, "Staging is db-7."), view(7, "Deploys on Fridays."))
    answer = {
        "memories": [
            {"memory_id": "m1", "text": "Staging is db-9.", "title": "Staging"},
            {"op": "remove", "memory_id": "m2", "why": "no longer true"},
        ]
    }
    assert apply_answer(parse_answer(json.dumps(answer)), s) == 2
    update, delete = s.ops
    assert (update.action, update.memory_id, update.type) == ("update", 41, "project")
    assert (delete.action, delete.memory_id, delete.reason) == (
        "delete",
        7,
        "extractor: no longer true",
    )


def test_ambiguous_shapes_are_not_guessed() -> None:
    """Two list keys, or two different texts under other names: nothing is mapped."""
    with pytest.raises(ValueError, match='no "operations" list'):
        parse_answer(json.dumps({"memories": [CREATE], "items": [CREATE]}))
    op = normalize_op({"type": "user", "text": "Prefers tabs.", "fact": "Prefers spaces."})
    assert "content" not in op
    s = staging()
    assert apply_answer([op], s) == 0
    assert "unknown action" in s.refusals[0].reason


def test_the_answer_schema_is_strict_and_its_nulls_are_dropped() -> None:
    """A strict-schema answer (every key present, unused ones null) stages like the rest."""
    assert OPERATIONS_SCHEMA["additionalProperties"] is False
    items = OPERATIONS_SCHEMA["properties"]["operations"]["items"]
    assert set(items["required"]) == set(items["properties"])
    strict = conform(EXPECTED, OPERATIONS_SCHEMA)
    assert strict["operations"][0]["id"] is None
    s = staging()
    assert apply_answer(parse_answer(json.dumps(strict)), s) == 1


def test_answers_without_usable_json_say_what_is_missing() -> None:
    with pytest.raises(ValueError, match="no JSON object"):
        parse_answer("Nothing worth keeping here.")
    with pytest.raises(ValueError, match='no "operations" list'):
        parse_answer('Sure: {"note": "nothing", "count": 0}')


def test_hostile_openings_are_bounded_and_json_after_them_is_still_found() -> None:
    """A huge run of unclosed brackets costs a bounded number of decodes, each linear;
    nesting deeper than the decoder's recursion limit is skipped, not raised."""
    deep = "[" * 100_000 + "]" * 100_000
    assert list(json_values(deep)) == []
    assert list(json_values("{" * 100_000)) == []
    nested = json.dumps({"operations": "[" * 50_000 + "]" * 50_000})
    with pytest.raises(ValueError):  # a list nested too deep inside a string: not raised
        parse_answer(nested)
    few = "{x " * (MAX_ATTEMPTS - 1) + json.dumps(EXPECTED)
    assert parse_answer(few) == [CREATE]
    too_many = "{x " * (MAX_ATTEMPTS + 1) + json.dumps(EXPECTED)
    with pytest.raises(ValueError):
        parse_answer(too_many)


_HOSTILE = st.lists(
    st.sampled_from([*"{}[]\",:\\ \n`'abc0\x00\ud800é", "```json", "null"]), max_size=80
).map("".join)


@settings(max_examples=200, deadline=None)
@given(before=_HOSTILE, after=_HOSTILE)
def test_prose_of_any_kind_around_an_answer_never_breaks_the_reader(
    before: str, after: str
) -> None:
    """Hostile prose around the expected answer: the reader never raises anything but
    ValueError, finds the answer when the prose before it opens no JSON, and whatever it
    returns stages only checked operations."""
    s = staging()
    try:
        operations = parse_answer(f"{before}\n{json.dumps(EXPECTED)}\n{after}")
    except ValueError:
        assert set(before) & set("{[")
        return
    if not set(before) & set("{["):
        assert operations == [CREATE]
    apply_answer(operations, s)
    assert all(op.type in ("project", "user", "decision") for op in s.ops)


def test_delta_text_holds_tool_calls_or_a_whole_answer() -> None:
    written = calls_in_text(
        'I will call: {"tool_calls": [{"name": "memory_write", "arguments": '
        '{"type": "user", "title": "Tabs", "content": "Prefers tabs."}}, '
        '{"function": {"name": "memory_done", "arguments": "{}"}}]}',
        NAMES,
    )
    assert written is not None and written.operations is None
    assert [(c.name, c.arguments) for c in written.calls] == [
        ("memory_write", {"type": "user", "title": "Tabs", "content": "Prefers tabs."}),
        ("memory_done", "{}"),
    ]
    answer = calls_in_text("```json\n[]\n```", NAMES)
    assert answer is not None and (answer.calls, answer.operations) == ([], [])
    forged = calls_in_text(
        '{"tool_calls": [{"name": "bash", "arguments": {"command": "ls"}}]}', NAMES
    )
    assert forged is not None and [c.name for c in forged.calls] == ["bash"]  # refused when run
    named = calls_in_text('[{"name": "Tabs", "text": "Prefers tabs.", "kind": "user"}]', NAMES)
    assert named is not None and named.calls == [] and named.operations is not None
    assert calls_in_text("Nothing to keep.", NAMES) is None


async def test_arguments_encoded_twice_are_read_once_more() -> None:
    box = Toolbox(Reader(), staging())
    args = json.dumps({"type": "user", "title": "Tabs", "content": "Prefers tabs."})
    (result,) = await run(box, tool_call("memory_write", json.dumps(args)))
    assert result["staged"] == "create"
    (refused,) = await run(box, tool_call("memory_write", json.dumps("not json")))
    assert "must be a JSON object" in refused["error"]
