"""POST /v1/events at the edges of its framing: JSON lines split only at line feeds (JSON
text may hold U+2028, U+2029 and NEL raw), CRLF and blank lines, and a leading byte order
mark, as Windows tools write it."""

from __future__ import annotations

import json

import pytest

from tests.api.conftest import Served, stream_events
from tests.api.test_serve import event

pytestmark = [pytest.mark.redis, pytest.mark.postgres]

LINES = {"Content-Type": "application/x-ndjson"}


def _stored(served: Served, before: int) -> list[dict[str, object]]:
    return [json.loads(fields[b"event"]) for fields in stream_events(served)[before:]]


def test_json_lines_keep_line_separators_inside_strings(served: Served) -> None:
    """U+2028, U+2029, NEL, VT and FF are valid raw inside a JSON string: an event carrying
    them is one line, accepted whole, its text unchanged."""
    key = served.key("host")
    texts = ["a\u2028b", "c\u2029d", "e\x85f", "tab\x0bthen\x0cform", "plain"]
    sent = [event(text=text) for text in texts]
    body = "\n".join(json.dumps(e, ensure_ascii=False) for e in sent) + "\n"
    before = len(stream_events(served))
    with served.client(key) as client:
        response = client.post("/v1/events", content=body.encode(), headers=LINES)
    assert response.status_code == 202, response.text
    assert [a["index"] for a in response.json()["accepted"]] == list(range(len(sent)))
    stored = _stored(served, before)
    assert [e["messages"][0]["content"] for e in stored] == texts  # type: ignore[index]


def test_json_lines_with_crlf_blank_lines_and_a_bom(served: Served) -> None:
    """CRLF endings and blank lines are framing; a byte order mark before the first event is
    not part of it: every event is accepted."""
    key = served.key("host")
    sent = [event(), event(), event()]
    text = "\r\n\r\n".join(json.dumps(e) for e in sent) + "\r\n  \r\n"
    before = len(stream_events(served))
    with served.client(key) as client:
        response = client.post("/v1/events", content=b"\xef\xbb\xbf" + text.encode(), headers=LINES)
    assert response.status_code == 202, response.text
    assert [a["index"] for a in response.json()["accepted"]] == [0, 1, 2]
    assert [e["event_id"] for e in _stored(served, before)] == [e["event_id"] for e in sent]


def test_a_json_body_with_a_bom_is_read(served: Served) -> None:
    key = served.key("host")
    sent = [event(), event()]
    before = len(stream_events(served))
    with served.client(key) as client:
        response = client.post(
            "/v1/events",
            content=b"\xef\xbb\xbf" + json.dumps(sent).encode(),
            headers={"Content-Type": "application/json"},
        )
    assert response.status_code == 202, response.text
    assert [e["event_id"] for e in _stored(served, before)] == [e["event_id"] for e in sent]


def test_an_event_with_a_duplicate_key_is_refused_alone_in_an_array(served: Served) -> None:
    """A duplicate key makes one event ambiguous, not the batch: in a JSON array, as in JSON
    lines, that event is refused (named, with why) and its neighbours are accepted."""
    key = served.key("host")
    good = [event(), event()]
    twice = json.dumps(event())[:-1] + ', "turn": 5}'
    nested_twice = json.dumps(event()).replace(
        '"scope": {"project": "billing"}', '"scope": {"project": "billing", "project": "x"}'
    )
    body = f"[{json.dumps(good[0])}, {twice}, {nested_twice}, {json.dumps(good[1])}]"
    before = len(stream_events(served))
    with served.client(key) as client:
        response = client.post(
            "/v1/events", content=body, headers={"Content-Type": "application/json"}
        )
    assert response.status_code == 422, response.text
    answer = response.json()
    assert [a["index"] for a in answer["accepted"]] == [0, 3]
    refused = {r["index"]: r for r in answer["refused"]}
    assert set(refused) == {1, 2}
    assert all(r["code"] == "malformed_event" for r in refused.values())
    assert "'turn'" in refused[1]["reason"] and "'project'" in refused[2]["reason"]
    assert [e["event_id"] for e in _stored(served, before)] == [e["event_id"] for e in good]


def test_one_event_with_a_duplicate_key_is_refused_by_name(served: Served) -> None:
    key = served.key("host")
    with served.client(key) as client:
        response = client.post(
            "/v1/events",
            content=json.dumps(event())[:-1] + ', "turn": 5}',
            headers={"Content-Type": "application/json"},
        )
    assert response.status_code == 422, response.text
    (refused,) = response.json()["refused"]
    assert refused["code"] == "malformed_event" and "'turn'" in refused["reason"]


@pytest.mark.parametrize(
    ("turn", "why"),
    [("9" * 5000, "digits"), ("NaN", "NaN")],
    ids=["overlong number", "NaN"],
)
def test_an_unreadable_number_refuses_its_event_alone_in_an_array(
    served: Served, turn: str, why: str
) -> None:
    """A number of thousands of digits is past what the parser reads, and NaN or Infinity
    are no JSON numbers: the event holding one is refused by index, its neighbours accepted
    (as JSON lines do)."""
    key = served.key("host")
    good = [event(), event()]
    bad = json.dumps(event()).replace('"turn": 1', f'"turn": {turn}')
    body = f"[{json.dumps(good[0])}, {bad}, {json.dumps(good[1])}]"
    before = len(stream_events(served))
    with served.client(key) as client:
        response = client.post(
            "/v1/events", content=body, headers={"Content-Type": "application/json"}
        )
    assert response.status_code == 422, response.text
    answer = response.json()
    assert [a["index"] for a in answer["accepted"]] == [0, 2]
    (refused,) = answer["refused"]
    assert (refused["index"], refused["code"]) == (1, "malformed_event")
    assert why in refused["reason"]
    assert [e["event_id"] for e in _stored(served, before)] == [e["event_id"] for e in good]


@pytest.mark.parametrize("lines", [False, True], ids=["array", "json lines"])
def test_more_events_than_a_request_takes_are_refused_whole(served: Served, lines: bool) -> None:
    """Past MEMORYD_API__MAX_EVENTS_PER_REQUEST (1,000) the body is refused whole with 413
    before any event is judged (a body of millions of tiny values held the loop for seconds),
    and nothing reaches the stream."""
    key = served.key("host")
    sent = [event() for _ in range(1_001)]
    if lines:
        body, headers = "\n".join(json.dumps(e) for e in sent).encode(), LINES
    else:
        body, headers = json.dumps(sent).encode(), {"Content-Type": "application/json"}
    before = len(stream_events(served))
    with served.client(key) as client:
        response = client.post("/v1/events", content=body, headers=headers)
    assert response.status_code == 413, response.text
    assert response.json()["error"]["code"] == "too_many_events"
    assert len(stream_events(served)) == before
