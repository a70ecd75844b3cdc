"""Splitting a publish body whose array is nested past the JSON parser's recursion guard:
each event comes out as it would alone, and only the deep ones are refused."""

from __future__ import annotations

import json

import pytest

from daemon.access.refusals import ApiError
from daemon.api import event_intake as publish
from daemon.api.event_intake import split

DEEP = "[" * 100_000 + "]" * 100_000
GOOD = {"v": 1, "event_id": "s:1", "text": 'a ] } " , [ {'}
TWICE = '{"v": 1, "turn": 1, "turn": 2}'
NESTED_80 = "[" * 80 + "]" * 80
REASON = ("malformed_event", "nested deeper than 64 levels")


def _split(*elements: str) -> list[tuple[object, object]]:
    body = ("[" + " ,\n".join(elements) + "]").encode()
    return [(item.raw, item.problem) for item in split(body, "application/json", 1 << 20)]


def _alone(element: str) -> tuple[object, object]:
    (item,) = split(element.encode(), "application/json", 1 << 20)
    return item.raw, item.problem


@pytest.mark.parametrize("together", [True, False], ids=["shallow together", "each alone"])
def test_only_the_deep_events_are_refused(monkeypatch: pytest.MonkeyPatch, together: bool) -> None:
    """Shallow events are parsed in one array, or (when that too reaches the guard) each
    alone: either way every event is what it is alone, each flaw refused where it is."""
    if not together:
        monkeypatch.setattr(publish, "_SHALLOW", 10**9)
    good = json.dumps(GOOD)
    got = _split(good, DEEP, TWICE, NESTED_80, "[1, 2]", DEEP, good)
    assert got[0] == got[6] == _alone(good) == (GOOD, None)
    assert got[1] == got[5] == (None, REASON)
    assert got[2][1] == ("malformed_event", "duplicate key 'turn' in an object") == _alone(TWICE)[1]
    assert got[3][1] == REASON
    assert got[4] == ([1, 2], None)


@pytest.mark.parametrize(
    "body",
    [
        "[" + DEEP + ", nope]",
        "[" + DEEP + ", {]",
        "[" + DEEP + ",]",
        "[" + DEEP,
        "[" + DEEP + "] []",
        '{"a": ' + DEEP + "}",
    ],
)
def test_a_body_that_is_no_well_formed_array_is_refused_whole(body: str) -> None:
    with pytest.raises(ApiError) as refused:
        split(body.encode(), "application/json", 1 << 20)
    assert (refused.value.status, refused.value.code) == (400, "malformed_body")


@pytest.mark.parametrize(
    ("body", "media"),
    [
        ("[" + ",".join(["1"] * 1_001) + "]", "application/json"),
        ("[" + ",".join(["1"] * 1_000) + "," + DEEP + "]", "application/json"),
        ("\n".join(["1"] * 1_001), "application/x-ndjson"),
    ],
    ids=["array", "array past the guard", "json lines"],
)
def test_a_body_of_more_events_than_one_request_takes_is_refused_whole(
    body: str, media: str
) -> None:
    """Each event costs work on the server's loop: a body of millions of tiny values would
    hold it for seconds. Past the cap the request is refused before any event is judged."""
    with pytest.raises(ApiError) as refused:
        split(body.encode(), media, 1 << 20, max_events=1_000)
    assert (refused.value.status, refused.value.code) == (413, "too_many_events")
    assert "1,000" in refused.value.message
    assert (
        len(
            split(
                ("[" + ",".join(["1"] * 1_000) + "]").encode(),
                "application/json",
                1 << 20,
                max_events=1_000,
            )
        )
        == 1_000
    )


def test_the_all_accepted_answer_is_what_a_json_response_renders() -> None:
    """The answer's bytes, its items encoded once for both lists, are those ``JSONResponse``
    makes of :meth:`Outcome.all_accepted_json` (any event id, quoted or not)."""
    from fastapi.responses import JSONResponse

    outcome = publish.Outcome(
        [
            publish.Appended(0, "s:1", "s", "1-0"),
            publish.Appended(2, 'ünï/cödé "x"', "s\u2028", "1-1"),
            publish.Appended(3, "back\\slash {}", "tab\there \x7f\U0001f600", "1-2"),
        ],
        [],
    )
    assert outcome.all_accepted_body() == JSONResponse(outcome.all_accepted_json()).body
    assert (
        publish.Outcome([], []).all_accepted_body()
        == JSONResponse(publish.Outcome([], []).all_accepted_json()).body
    )
