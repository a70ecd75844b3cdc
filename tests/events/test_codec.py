"""The wire format is strict: what its schema refuses, ``decode_event`` refuses, with a reason.

Every refusal is an ``EventError``; no payload makes ``decode_event`` raise anything else.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from daemon.base.errors import EventDecodeError, EventError, EventValidationError
from daemon.events.codec import (
    Duplicated,
    Unreadable,
    array_elements,
    decode_event,
    encode_event,
    parse_json,
    validate_all,
    validate_event,
)
from daemon.events.models import TurnEvent

LIMIT = 1 << 24
MAX_DEPTH = 64


def good(**changes: Any) -> dict[str, Any]:
    event: dict[str, Any] = {
        "v": 1,
        "event_id": "s1:1",
        "session_id": "s1",
        "turn": 1,
        "at": "2026-11-17T09:00:00Z",
        "scope": {"project": "github.com/acme/billing", "user": "dana"},
        "messages": [
            {"id": "t1m0", "role": "user", "content": "we always use half-even rounding"},
            {
                "id": "t1m1",
                "role": "assistant",
                "content": None,
                "tool_calls": [{"id": "call_1", "function": {"name": "read", "arguments": "{}"}}],
            },
            {
                "id": "t1m2",
                "role": "tool",
                "tool_call_id": "call_1",
                "name": "read",
                "content": "ok",
            },
        ],
        "memory_writes": [{"tool": "memory_save", "call_id": "call_1", "ok": True}],
    }
    event.update(changes)
    return event


def encoded(event: dict[str, Any]) -> bytes:
    return json.dumps(event).encode()


def refused(payload: bytes) -> str:
    with pytest.raises(EventError) as caught:
        decode_event(payload, max_bytes=LIMIT)
    return str(caught.value)


def test_a_good_event_decodes_and_round_trips() -> None:
    event = decode_event(encoded(good()), max_bytes=LIMIT)
    assert isinstance(event, TurnEvent)
    assert decode_event(encode_event(event, max_bytes=LIMIT), max_bytes=LIMIT) == event


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("v", True, "v must be the integer 1, not true or false"),
        ("v", 1.0, "v must be the integer 1, not a number with a fraction part"),
        ("v", "1", "v must be the integer 1, not a string"),
        ("turn", "3", "turn"),
        ("turn", 3.0, "turn"),
        ("turn", True, "turn"),
        ("at", 1763370000, "at"),
        ("at", "1763370000", "at"),
        ("at", "2026-11-17T09:00:00", "offset"),
        ("at", "2026-11-17 09:00:00Z", "at"),
        ("at", "2026-11-17", "at"),
        ("at", "2026-11-17T09:00:00Z\n", "ISO-8601"),
        ("at", "2026-11-17t09:00:00z", "ISO-8601"),
        ("at", "2026-02-30T09:00:00Z", "not a valid date-time"),
        ("timezone", "Pacific/Atlantis", "timezone: unknown time zone 'Pacific/Atlantis'"),
        ("timezone", "+9", "timezone: unknown time zone"),
        ("timezone", -8, "timezone"),
    ],
)
def test_loose_types_are_refused(field: str, value: Any, says: str) -> None:
    reason = refused(encoded(good(**{field: value})))
    assert says in reason


def test_a_memory_write_ok_must_be_a_boolean() -> None:
    reason = refused(encoded(good(memory_writes=[{"tool": "memory_save", "ok": 1}])))
    assert "memory_writes.0.ok" in reason


@pytest.mark.parametrize(
    "at",
    ["9999-12-31T23:00:00-05:00", "0001-01-01T00:30:00+01:00", "9999-12-30T00:00:00Z"],
)
def test_a_date_out_of_range_is_refused_not_overflowed(at: str) -> None:
    reason = refused(encoded(good(at=at, kind="compaction", summary="s")))
    assert "between 1970-01-01" in reason


def test_the_edges_of_the_date_range() -> None:
    assert decode_event(encoded(good(at="1970-01-01T00:00:00Z")), max_bytes=LIMIT)
    assert decode_event(encoded(good(at="8999-12-31T23:59:59.999999999Z")), max_bytes=LIMIT)
    refused(encoded(good(at="1970-01-01T00:30:00+01:00")))  # 1969 in UTC
    refused(encoded(good(at="9000-01-01T00:00:00Z")))


def test_an_offset_and_nanoseconds_are_read() -> None:
    event = decode_event(encoded(good(at="2026-11-17T10:00:00.123456789+01:00")), max_bytes=LIMIT)
    assert event.at.utcoffset() is not None
    assert event.at.isoformat().startswith("2026-11-17T10:00:00.123456")


def test_duplicate_keys_are_refused() -> None:
    payload = encoded(good())[:-1] + b', "turn": 2}'
    assert "duplicate key 'turn'" in refused(payload)
    nested = encoded(good(scope={"project": "p"})).replace(b'"p"}', b'"p", "project": "q"}')
    assert "duplicate key 'project'" in refused(nested)


@pytest.mark.parametrize("literal", [b"NaN", b"Infinity", b"-Infinity", b"1e999"])
def test_non_json_numbers_are_refused(literal: bytes) -> None:
    payload = encoded(good(host={"tools": [{"default": "x"}]})).replace(b'"x"', literal)
    assert "number" in refused(payload)


def test_a_huge_integer_is_refused() -> None:
    assert "digits" in refused(encoded(good())[:-1] + b', "turnx": ' + b"9" * 5000 + b"}")


def test_a_byte_order_mark_is_refused() -> None:
    assert "BOM" in refused(b"\xef\xbb\xbf" + encoded(good()))


IDENTIFIER_FIELDS: list[tuple[str, Any]] = [
    ("event_id", lambda e, v: e.update(event_id=v)),
    ("session_id", lambda e, v: e.update(session_id=v)),
    ("messages.0.id", lambda e, v: e["messages"][0].update(id=v)),
    ("scope.project", lambda e, v: e["scope"].update(project=v)),
    ("scope.user", lambda e, v: e["scope"].update(user=v)),
    ("scope.tenant", lambda e, v: e["scope"].update(tenant=v)),
    ("messages.1.tool_calls.0.id", lambda e, v: e["messages"][1]["tool_calls"][0].update(id=v)),
    (
        "messages.1.tool_calls.0.function.name",
        lambda e, v: e["messages"][1]["tool_calls"][0]["function"].update(name=v),
    ),
    ("messages.2.tool_call_id", lambda e, v: e["messages"][2].update(tool_call_id=v)),
    ("messages.2.name", lambda e, v: e["messages"][2].update(name=v)),
    ("memory_writes.0.tool", lambda e, v: e["memory_writes"][0].update(tool=v)),
    ("memory_writes.0.call_id", lambda e, v: e["memory_writes"][0].update(call_id=v)),
]


@pytest.mark.parametrize(
    ("where", "setter"), IDENTIFIER_FIELDS, ids=[f for f, _ in IDENTIFIER_FIELDS]
)
@pytest.mark.parametrize(
    "bad", ["a\x00b", "a\x1fb", "a\x7fb", "a\x85b", "a\x9bb", "a\u202eb", "a\u200bb", "a\ud800b"]
)
def test_identifiers_refuse_control_and_invisible_characters(
    where: str, setter: Any, bad: str
) -> None:
    event = good()
    setter(event, bad)
    reason = refused(encoded(event))
    assert reason.startswith(where), reason
    assert f"U+{ord(bad[1]):04X}" in reason


@pytest.mark.parametrize(
    ("where", "setter"), IDENTIFIER_FIELDS, ids=[f for f, _ in IDENTIFIER_FIELDS]
)
def test_a_megabyte_identifier_is_refused_briefly(where: str, setter: Any) -> None:
    event = good()
    setter(event, "x" * 1_000_000)
    reason = refused(encoded(event))
    assert reason.startswith(where) and len(reason) < 200, reason[:300]


def test_look_alike_identifiers_are_other_identifiers() -> None:
    latin = decode_event(encoded(good(session_id="dana")), max_bytes=LIMIT)
    cyrillic = decode_event(encoded(good(session_id="d\u0430na")), max_bytes=LIMIT)
    assert latin.session_id != cyrillic.session_id


def test_free_text_keeps_nul_and_lone_surrogates_as_replacement_characters() -> None:
    event = good(
        summary="a\x00b",
        kind="compaction",
        agent={"cwd": "/x\ud800"},
        host={"system_prompt": "p\x00", "tools": [{"name": "t\udfff", "k\x00": ["\x00"]}]},
    )
    event["messages"][0]["content"] = [{"type": "text", "text": "hi\x00\ud83d"}]
    event["messages"][1]["tool_calls"][0]["function"]["arguments"] = "{\ud800}"
    decoded = decode_event(encoded(event), max_bytes=LIMIT)
    assert decoded.summary == "a\ufffdb"
    assert decoded.agent is not None and decoded.agent.cwd == "/x\ufffd"
    assert decoded.host is not None and decoded.host.system_prompt == "p\ufffd"
    assert decoded.host.tools == [{"name": "t\ufffd", "k\ufffd": ["\ufffd"]}]
    assert decoded.messages[0].content == [{"type": "text", "text": "hi\ufffd\ufffd"}]
    tool_calls = decoded.messages[1].tool_calls
    assert tool_calls is not None and tool_calls[0].function.arguments == "{\ufffd}"
    encode_event(decoded, max_bytes=LIMIT).decode("utf-8")  # storable, encodable


def test_an_escaped_surrogate_pair_is_one_character() -> None:
    payload = encoded(good(session_id="s\U0001f600"))
    assert b"\\ud83d\\ude00" in payload
    assert decode_event(payload, max_bytes=LIMIT).session_id == "s\U0001f600"


def nested(depth: int) -> bytes:
    part = '{"type": "text", "text": ' * depth + '"x"' + "}" * depth
    payload = encoded(good()).decode()
    return payload.replace('"we always use half-even rounding"', f"[{part}]").encode()


def test_a_content_part_nested_100000_deep_is_refused_with_its_reason() -> None:
    assert f"nested deeper than {MAX_DEPTH} levels" in refused(nested(100_000))


def test_an_array_nested_100000_deep_is_refused() -> None:
    assert "nested deeper" in refused(b"[" * 100_000 + b"]" * 100_000)


def test_brackets_inside_strings_do_not_count() -> None:
    text = "[{" * 1000 + '\\"' + "]}"
    assert decode_event(encoded(good(summary=text)), max_bytes=LIMIT).summary == text


def test_depth_up_to_the_limit_is_accepted() -> None:
    # the event object, messages, a message, its content list: four levels before the parts
    assert decode_event(nested(MAX_DEPTH - 4), max_bytes=LIMIT)
    refused(nested(MAX_DEPTH - 3))


@pytest.mark.parametrize(
    "payload",
    [b"", b"\xff\xfe", b"{", b"[]", b"null", b'"x"', b"{}", b'{"v": 1}', b"1" * 10],
)
def test_garbage_is_an_event_error(payload: bytes) -> None:
    refused(payload)


def test_none_and_oversized_are_event_errors() -> None:
    with pytest.raises(EventDecodeError):
        decode_event(None, max_bytes=LIMIT)
    with pytest.raises(EventError):
        decode_event(encoded(good()), max_bytes=10)


def test_the_reason_names_the_field_without_a_prefix() -> None:
    reason = refused(encoded(good(at=12)))
    assert reason.startswith("at: ") and "Value error" not in reason


def test_publishing_a_dict_applies_the_same_rules() -> None:
    from daemon.events.publisher import to_event

    with pytest.raises(EventValidationError):
        to_event(good(turn="3"))
    with pytest.raises(EventValidationError):
        to_event(good(v=True))
    assert to_event(good()).turn == 1


# -- array_elements: a JSON array split into its elements' raw text in one pass, without
# recursion, so that a batch too deep for the parser can still be judged event by event.

TRICKY = [
    '"a ] } [ { , b"',
    '"\\" ], [ \\\\"',
    '"\\\\"',
    '"\\u005d\\u002c"',
    '{"k": [1, {"x": "]"}], "y": {}}',
    "[[], [[]], {}]",
    "-1.5e+3",
    "null",
    '"\u2028 \x85 \ufeff"',
]


@pytest.mark.parametrize(
    ("text", "elements"),
    [
        ("[]", []),
        (" \t\r\n[ \n ]\r\n ", []),
        ("[1]", ["1"]),
        ("[1,2 , 3]", ["1", "2 ", " 3"]),
        ("[" + ",".join(TRICKY) + "]", TRICKY),
        ("[" + ",".join(f"\n {t} " for t in TRICKY) + "\n]",
         [f"\n {t} " for t in TRICKY[:-1]] + [f"\n {TRICKY[-1]} \n"]),
        ("[1 2, x]", ["1 2", " x"]),  # what lies between brackets is left to the parser
    ],
)  # fmt: skip
def test_each_element_is_its_raw_text(text: str, elements: list[str]) -> None:
    assert array_elements(text) == elements


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "1",
        '"[1]"',
        '{"a": [1]}',
        "x[1]",
        "\xa0[1]",  # not JSON whitespace
        "[1] x",
        "[1]]",
        "[1][2]",
        "[1]\xa0",
        "[1",
        "[[1]",
        "[1}",
        "[{]}",
        "[,]",
        "[,1]",
        "[1,]",
        "[1,,2]",
        '["open',
        '["open\\"]',
        '["ends in a backslash\\',
    ],
)
def test_anything_but_one_well_formed_array_is_none(text: str) -> None:
    assert array_elements(text) is None


def test_elements_nested_100000_deep_are_split_without_recursion() -> None:
    deep = "[" * 100_000 + '"]"' + "]" * 100_000
    deep_object = '{"k":' * 100_000 + "1" + "}" * 100_000
    assert array_elements(f'[{{"a": 1}},{deep}, {deep_object} ,"x"]') == [
        '{"a": 1}',
        deep,
        f" {deep_object} ",
        '"x"',
    ]
    assert array_elements("[" + deep + "}") is None


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    values=st.lists(json_values, max_size=6),
    indent=st.none() | st.integers(0, 2),
    ascii=st.booleans(),
)
def test_any_array_splits_into_its_elements(
    values: list[Any], indent: int | None, ascii: bool
) -> None:
    text = json.dumps(values, indent=indent, ensure_ascii=ascii)
    elements = array_elements(text)
    assert elements is not None
    assert [json.loads(element) for element in elements] == values


@settings(max_examples=300, deadline=None, derandomize=True)
@given(values=st.lists(json_values, min_size=1, max_size=4), cut=st.integers(1, 10_000))
def test_a_cut_array_is_none_or_splits_where_the_parser_agrees(values: list[Any], cut: int) -> None:
    """A prefix of an array is never taken for the whole array."""
    text = json.dumps(values)
    prefix = text[: len(text) - 1 - cut % (len(text) - 1)]
    assert array_elements(prefix) is None


def test_a_number_too_long_to_read_is_marked_once_and_earlier_flaws_are_kept() -> None:
    earlier = Unreadable("found before")
    flaws: list[Duplicated | Unreadable] = [earlier]
    text = '[{"a": 1, "a": 2}, {"n": ' + "9" * 5000 + '}, {"ok": 3}]'
    value = parse_json(text, max_depth=10, flaws=flaws)
    assert flaws[0] is earlier and len(flaws) == 3  # the duplicate counted once, not twice
    assert isinstance(value[0], Duplicated) and isinstance(value[1]["n"], Unreadable)
    assert value[2] == {"ok": 3}


def _standard(text: str) -> Any:
    """The standard library's strict reading (no duplicate key, no NaN), or ``None`` for a
    refusal: what ``parse_json`` must read, whichever parser reads the text first."""

    def pairs(found: list[tuple[str, Any]]) -> dict[str, Any]:
        value = dict(found)
        if len(value) != len(found):
            raise ValueError("duplicate")
        return value

    def constant(name: str) -> Any:
        raise ValueError(name)

    try:
        return ("read", json.loads(text, object_pairs_hook=pairs, parse_constant=constant))
    except (ValueError, RecursionError):
        return None


#: Raw JSON pieces jiter and the standard parser could read apart: lone and paired surrogate
#: escapes, NUL, separators JSON holds raw, duplicate keys, numbers at and past the digit
#: limit, negative zero, overflowing floats, and what is no JSON at all.
_PIECES = [
    '"\\ud800"',
    '"x\\udc00"',
    '"\\ud83d\\ude00"',
    '"\\u0000"',
    '"\u2028\u0085"',
    '{"a": 1, "a": 2}',
    '{"a": 1, "\\u0061": 2}',
    "9" * 4300,
    "-" + "9" * 4301,
    "-0",
    "-0.0",
    "1e400",
    "NaN",
    "-Infinity",
    "01",
    "1.",
    '"\t"',
    "[" * 300 + "]" * 300,
]
_texts = st.recursive(
    st.sampled_from(_PIECES) | json_values.map(json.dumps),
    lambda inner: (
        st.lists(inner, max_size=4).map(lambda items: "[" + ",".join(items) + "]")
        | st.lists(st.tuples(st.sampled_from(['"a"', '"b"', '"\\ud800"']), inner), max_size=3).map(
            lambda pairs: "{" + ",".join(f"{key}:{value}" for key, value in pairs) + "}"
        )
    ),
    max_leaves=8,
)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(text=_texts)
def test_parse_json_reads_what_the_standard_parser_reads(text: str) -> None:
    """Read by jiter or handed to the standard parser, a text is read as the standard parser
    reads it strictly: the same values of the same types (or refused by both)."""
    expected = _standard(text)
    try:
        got = ("read", parse_json(text, max_depth=1_000_000))
    except EventError:
        got = None
    assert repr(got) == repr(expected)  # repr: -0.0 is not 0.0, 1 is not 1.0 nor True


@settings(max_examples=200, deadline=None, derandomize=True)
@given(text=_texts)
def test_a_batch_marks_the_same_flaws_whoever_reads_it(text: str) -> None:
    """With a list of flaws, what the standard parser alone would mark is marked."""
    flaws: list[Duplicated | Unreadable] = []
    try:
        value = parse_json("[" + text + "]", max_depth=1_000_000, flaws=flaws)
    except EventError:
        assert _standard(text) is None
        return
    if _standard(text) is not None:
        assert flaws == [] and repr(value) == repr([_standard(text)[1]])
    else:
        assert flaws  # a duplicate key, NaN or a long number, each marked


def test_a_lone_surrogate_escape_is_read_and_made_storable() -> None:
    """jiter refuses a lone surrogate escape, which JSON allows: the standard parser reads it."""
    assert parse_json('{"content": "a\\ud800b"}') == {"content": "a\ud800b"}
    event = decode_event(encoded(good(summary="a\ud800b")), max_bytes=LIMIT)
    assert event.summary == "a\ufffdb"


def test_an_interpreter_reading_fewer_digits_refuses_as_before() -> None:
    """jiter reads 4,300 digits; an interpreter set to read fewer refuses a longer integer."""
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(1000)
    try:
        with pytest.raises(EventDecodeError, match="digits"):
            parse_json("[" + "9" * 2000 + "]")
    finally:
        sys.set_int_max_str_digits(before)


_versions = st.sampled_from([1, True, 1.0, "1", 2, None, 0])


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    versions=st.lists(_versions, min_size=1, max_size=6),
    summaries=st.lists(st.text(max_size=8), min_size=6, max_size=6),
)
def test_a_batch_validated_together_is_each_event_validated_alone(
    versions: list[Any], summaries: list[str]
) -> None:
    """validate_all takes a batch only when validate_event takes each of its events, and
    reads each the same (a version of true, 1.0 or "1" is refused by both)."""
    raws = [
        good(event_id=f"s1:{i}", v=version, summary=summaries[i])
        for i, version in enumerate(versions)
    ]
    alone: list[TurnEvent] = []
    for raw in raws:
        try:
            alone.append(validate_event(raw))
        except EventValidationError:
            break
    together = validate_all(raws)
    if len(alone) == len(raws):
        assert together == alone
    else:
        assert together is None


def test_an_event_is_encoded_as_its_json_without_none() -> None:
    event = validate_event(good(summary="é \u2028 \ud800"))
    payload = encode_event(event, max_bytes=LIMIT)
    assert payload == event.model_dump_json(exclude_none=True).encode()
    assert decode_event(payload, max_bytes=LIMIT) == event
