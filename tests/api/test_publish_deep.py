"""POST /v1/events with an event nested 100,000 deep among good ones: the JSON parser's own
recursion guard (about 1,000 levels) stops it, yet only that event is refused, with the reason
a too-deep event gets alone, and its neighbours land on the stream as they would alone."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.api.conftest import Served, serving, stream_events
from tests.api.test_serve import event

pytestmark = [pytest.mark.redis, pytest.mark.postgres]

DEPTH = 100_000
DEEP_ARRAY = "[" * DEPTH + "]" * DEPTH
DEEP_EVENT = json.dumps(event()).replace(
    '"content": "I prefer tabs over spaces"', '"content": ' + DEEP_ARRAY
)
REASON = "nested deeper than 64 levels"
JSON = {"Content-Type": "application/json"}
LINES = {"Content-Type": "application/x-ndjson"}


@pytest.fixture(scope="module")
def served(stack: tuple[str, str]) -> Iterator[Served]:
    """Limits wide enough for a 100,000-deep event to reach the parser."""
    yield from serving(
        stack,
        MEMORYD_API__MAX_REQUEST_BYTES="2000000",
        MEMORYD_STREAM__MAX_EVENT_BYTES="500000",
        MEMORYD_API__RATE_LIMIT="1000",
    )


def _post(served: Served, key: str, body: str, headers: dict[str, str]) -> tuple[int, Any]:
    with served.client(key) as client:
        response = client.post("/v1/events", content=body.encode(), headers=headers)
    return response.status_code, response.json()


def _alone(served: Served, key: str, sent: list[str]) -> list[bytes]:
    """The stream payloads of each text published alone, one request each."""
    stored = []
    for text in sent:
        before = len(stream_events(served))
        status, answer = _post(served, key, text, JSON)
        assert status == 202, answer
        (fields,) = stream_events(served)[before:]
        stored.append(fields[b"event"])
    return stored


@pytest.mark.parametrize("deep", [DEEP_ARRAY, DEEP_EVENT], ids=["array", "event"])
def test_one_event_past_the_parsers_guard_is_refused_alone_in_an_array(
    served: Served, deep: str
) -> None:
    key = served.key("host")
    good = [json.dumps(event()), json.dumps(event(text='a ] } " , [ {'))]
    alone = _alone(served, key, good)
    before = len(stream_events(served))
    status, answer = _post(served, key, f"[{good[0]}, {deep} ,\n{good[1]}]", JSON)
    assert status == 422, answer
    assert [a["index"] for a in answer["accepted"]] == [0, 2]
    (refused,) = answer["refused"]
    assert (refused["index"], refused["code"], refused["reason"]) == (1, "malformed_event", REASON)
    assert [fields[b"event"] for fields in stream_events(served)[before:]] == alone


def test_several_events_past_the_guard_are_each_refused_by_index(served: Served) -> None:
    key = served.key("host")
    good = [json.dumps(event()) for _ in range(3)]
    body = f"[{DEEP_ARRAY},{good[0]},{DEEP_EVENT},{good[1]},{good[2]},{DEEP_ARRAY}]"
    before = len(stream_events(served))
    status, answer = _post(served, key, body, JSON)
    assert status == 422, answer
    assert [a["index"] for a in answer["accepted"]] == [1, 3, 4]
    assert [(r["index"], r["reason"]) for r in answer["refused"]] == [
        (0, REASON),
        (2, REASON),
        (5, REASON),
    ]
    stored = [json.loads(fields[b"event"])["event_id"] for fields in stream_events(served)[before:]]
    assert stored == [json.loads(text)["event_id"] for text in good]


@pytest.mark.parametrize(
    "body",
    [
        "[" + json.dumps(event()) + "," + DEEP_ARRAY + ",}",
        "[" + json.dumps(event()) + "," + DEEP_ARRAY,
        "[" + json.dumps(event()) + "," + DEEP_ARRAY + "] x",
        "[" + json.dumps(event()) + "," + DEEP_ARRAY + ",,]",
        "[" + json.dumps(event()) + ", nope," + DEEP_ARRAY + "]",
        "{" + '"a": ' + DEEP_ARRAY + "}",
        "[" * (DEPTH + 1) + "]" * DEPTH,
    ],
    ids=["brace", "unclosed", "trailing", "empty element", "bad element", "object", "unbalanced"],
)
def test_a_body_that_is_no_well_formed_array_is_still_refused_whole(
    served: Served, body: str
) -> None:
    key = served.key("host")
    before = len(stream_events(served))
    status, answer = _post(served, key, body, JSON)
    assert status == 400, answer
    assert answer["error"]["code"] == "malformed_body"
    assert len(stream_events(served)) == before


def test_json_lines_refuse_a_line_past_the_guard_alone(served: Served) -> None:
    """JSON lines were already judged line by line: the deep line alone is refused."""
    key = served.key("host")
    good = [json.dumps(event()), json.dumps(event())]
    alone = _alone(served, key, good)
    before = len(stream_events(served))
    status, answer = _post(served, key, "\n".join([good[0], DEEP_EVENT, good[1]]), LINES)
    assert status == 422, answer
    assert [a["index"] for a in answer["accepted"]] == [0, 2]
    (refused,) = answer["refused"]
    assert (refused["index"], refused["code"], refused["reason"]) == (1, "malformed_event", REASON)
    assert [fields[b"event"] for fields in stream_events(served)[before:]] == alone
