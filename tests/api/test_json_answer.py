""":class:`daemon.api.json_answer.JsonAnswer`: the same JSON as Starlette's encoder, read
back, for every value an answer holds; what pydantic's encoder refuses is Starlette's."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from fastapi.responses import JSONResponse
from hypothesis import given
from hypothesis import strategies as st

from daemon.api.json_answer import JsonAnswer

#: Text as answers hold it: any character but a lone surrogate (which no UTF-8 answer holds).
TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=40)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False, allow_infinity=False)
    | TEXT
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(TEXT, inner, max_size=5),
    max_leaves=30,
)


@given(VALUES)
def test_reads_back_as_starlettes_own_answer(value: Any) -> None:
    ours = JsonAnswer(value).body
    theirs = JSONResponse(value).body
    assert json.loads(ours) == json.loads(theirs)


def test_an_answer_is_compact_utf8_in_the_given_key_order() -> None:
    body = {"z": "é “quoted” \u2028", "a": [1, 2**70, 0.5, None, True], "m": {"b": 1, "a": 2}}
    assert JsonAnswer(body).body == JSONResponse(body).body
    assert JsonAnswer(body).headers["content-type"] == "application/json"


def test_what_pydantic_cannot_encode_is_left_to_starlette() -> None:
    with pytest.raises(TypeError, match="not JSON serializable"):  # Starlette's own error
        JsonAnswer({"x": object()})
    for number in (math.inf, -math.inf, math.nan):  # refused as before, never written
        with pytest.raises(ValueError, match="Out of range float"):
            JsonAnswer({"x": [1, {"y": number}]})
    # A text naming them is the same JSON either way.
    text = {"t": "NaN and Infinity are words here"}
    assert JsonAnswer(text).body == JSONResponse(text).body
