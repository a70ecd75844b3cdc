"""``array_elements``: a JSON array split into its elements' raw text in one pass, without
recursion, so that a batch too deep for the parser can still be judged event by event."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from daemon.events.codec import array_elements

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
