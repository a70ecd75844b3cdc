"""Splitting a publish body whose array is nested past the JSON parser's recursion guard:
each event comes out as it would alone, and only the deep ones are refused."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from daemon.access.grant import Grant, Role
from daemon.access.refusals import ApiError
from daemon.api import event_intake as publish
from daemon.api.event_intake import split
from daemon.base.redis_keys import Keys

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


_ids = st.from_regex(r"[A-Za-z0-9_.~-]{1,20}", fullmatch=True) | st.text(min_size=1, max_size=20)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(ids=st.lists(st.tuples(_ids, st.text(max_size=10)), max_size=5))
def test_any_ids_answer_as_a_json_response_renders_them(ids: list[tuple[str, str]]) -> None:
    """An event id of only unreserved characters is written as it is; any other escaped and
    its status URL quoted: the bytes are ``JSONResponse``'s either way."""
    from fastapi.responses import JSONResponse

    accepted = [
        publish.Appended(i, event_id, session_id, f"1-{i}")
        for i, (event_id, session_id) in enumerate(ids)
    ]
    outcome = publish.Outcome(accepted, [])
    assert outcome.all_accepted_body() == JSONResponse(outcome.all_accepted_json()).body


class _Appending:
    """Stands in for the publisher: appends whatever it is given, each at the next id."""

    def __init__(self) -> None:
        self.keys = Keys("intake")
        self.payloads: list[bytes] = []

    async def send_recorded(
        self, entries: list[tuple[bytes, str, tuple[str, str]]], *, ttl_s: int
    ) -> tuple[list[str], int]:
        first = len(self.payloads)
        self.payloads += [payload for payload, _, _ in entries]
        return [f"1-{first + i}" for i in range(len(entries))], 0


def _nested(levels: int) -> object:
    value: object = "core"
    for _ in range(levels):
        value = [value]
    return value


def _event(turn: int, **extra: object) -> dict[str, object]:
    return {
        "v": 1,
        "event_id": f"s:{turn}",
        "session_id": "s",
        "turn": turn,
        "at": "2026-11-24T09:00:00Z",
        "scope": {"project": "billing"},
        "messages": [{"id": "m0", "role": "user", "content": "hello"}],
        **extra,
    }


def _parts(levels: int) -> list[dict[str, object]]:
    """Content parts that put the event ``5 + levels`` deep (event, messages, message,
    content, part), well within what the content's own limit allows."""
    return [{"id": "m0", "role": "user", "content": [{"type": "text", "x": _nested(levels)}]}]


async def test_each_object_of_a_batch_is_held_to_the_depth_limit_alone() -> None:
    """In an array body, an event nesting deeper than 64 levels is refused as malformed
    whether or not it is otherwise valid, an event exactly 64 deep is accepted, and its
    neighbours are judged as they would be alone."""
    grant = Grant("k", "acme", ("billing",), None, Role.HOST)
    batch = [
        _event(1),
        _event(2, messages=_parts(59)),  # 64 deep: accepted
        _event(3, messages=_parts(60)),  # 65 deep, valid otherwise
        _event(4, host={"tools": [{"x": _nested(61)}]}),  # 65 deep through the host's tools
        _event(5, nope=_nested(70)),  # deep and invalid
        _event(6, nope=1),  # invalid, shallow
        _event(7),
    ]
    body = json.dumps(batch).encode()
    publisher = _Appending()
    items = split(body, "application/json", 1 << 20)
    outcome = await publish.publish(
        items, grant, publisher, 1 << 20, at="2026-11-24T09:00:01+00:00", record_ttl_s=60
    )  # type: ignore[arg-type]
    assert [a.index for a in outcome.accepted] == [0, 1, 6]
    assert [(r.index, r.event_id, r.code, r.reason) for r in outcome.refused] == [
        (2, None, *REASON),
        (3, None, *REASON),
        (4, None, *REASON),
        (5, "s:6", "invalid_event", "nope: Extra inputs are not permitted"),
    ]
    assert len(publisher.payloads) == 3


@pytest.mark.parametrize("array", [True, False], ids=["in an array", "alone"])
def test_an_object_too_deep_is_refused_for_its_depth_before_its_duplicate_key(
    array: bool,
) -> None:
    deep = '{"v": 1, "x": ' + "[" * 70 + '{"k": 1, "k": 2}' + "]" * 70 + "}"
    body = f"[{deep}]" if array else deep
    (item,) = split(body.encode(), "application/json", 1 << 20)
    assert item.problem == REASON
