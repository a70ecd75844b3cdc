"""POST /v1/events under hostile input (hypothesis): batches of good events with bad ones
mixed in (NUL and lone surrogates in identifiers, nesting past the limit and past the JSON
parser's own recursion guard, extreme dates and numbers, wrong types, another scope). Every
good event is accepted and lands in the stream as sent, byte for byte; every bad one is
refused with its index and a known code."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from daemon.events.codec import validate_event
from tests.api.conftest import Served, serving, stream_events

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.timeout(300)]

CODES = {"invalid_event", "malformed_event", "event_too_large", "scope_outside_key"}


@pytest.fixture(scope="module")
def served(stack: tuple[str, str]) -> Iterator[Served]:
    yield from serving(stack, MEMORYD_API__RATE_LIMIT="1000000")


@pytest.fixture(scope="module")
def key(served: Served) -> str:
    return served.key("host", projects=("billing",))


# Text a good event may carry anywhere free text goes: any code point but surrogates and NUL
# (those are replaced on the way in), look-alike letters and right-to-left marks included.
free_text = st.text(
    st.characters(exclude_categories=["Cs"], exclude_characters="\x00"), max_size=200
) | st.sampled_from(
    ["\u0440\u0430\u0443\u0440\u0430l", "t\u0430bs", "\u202etxt.exe", "🦀" * 30, "\\u0000"]
)
identifier = st.text(
    st.characters(codec="utf-8", exclude_categories=["Cc", "Cf", "Cs", "Zl", "Zp"]),
    min_size=1,
    max_size=40,
)


@st.composite
def good_event(draw: st.DrawFn) -> dict[str, Any]:
    session = draw(identifier)
    return {
        "v": 1,
        "event_id": f"{uuid.uuid4().hex}:{draw(identifier)}",
        "session_id": session,
        "turn": draw(st.integers(0, 2**31 - 1)),
        "at": "2026-11-24T09:00:00+02:00",
        "scope": {"project": "billing", "tenant": "acme"},
        "messages": [
            {"id": f"m{i}", "role": "user", "content": draw(free_text)}
            for i in range(draw(st.integers(0, 3)))
        ],
    }


def _nested(depth: int) -> Any:
    value: Any = "deep"
    for _ in range(depth):
        value = [value]
    return value


class Raw(str):
    """An event's JSON text sent as it is (``json.dumps`` cannot nest 100,000 deep)."""


def _past_the_guard(e: dict[str, Any]) -> Raw:
    """The event with a content part nested 100,000 deep, past the JSON parser's guard."""
    deep = "[" * 100_000 + "]" * 100_000
    return Raw(
        json.dumps({**e, "messages": [{"id": "m", "role": "user", "content": "@"}]}).replace(
            '"@"', deep
        )
    )


BAD_EDITS = [
    lambda e: {**e, "event_id": "nul\x00id"},
    lambda e: {**e, "session_id": "lone\ud800surrogate"},
    lambda e: {**e, "at": "9999-12-31T23:59:59Z"},
    lambda e: {**e, "at": "2026-13-45T99:00:00Z"},
    lambda e: {**e, "turn": 10**40},
    lambda e: {**e, "turn": "3"},
    lambda e: {**e, "v": True},
    lambda e: {**e, "messages": [{"id": "m", "role": "user", "content": [{"x": _nested(80)}]}]},
    _past_the_guard,
    lambda e: {**e, "scope": {"project": "payroll"}},
    lambda e: {**e, "scope": {"project": "billing", "tenant": "globex"}},
    lambda e: {**e, "extra": 1},
    lambda e: [e],
    lambda e: None,
    lambda e: "an event",
]


def _outside(item: Any) -> bool:
    scope = item.get("scope") if isinstance(item, dict) else None
    return isinstance(scope, dict) and scope != {"project": "billing", "tenant": "acme"}


@st.composite
def batch(draw: st.DrawFn) -> list[tuple[bool, Any]]:
    items: list[tuple[bool, Any]] = []
    for _ in range(draw(st.integers(1, 8))):
        event = draw(good_event())
        if draw(st.booleans()):
            items.append((True, event))
        else:
            items.append((False, draw(st.sampled_from(BAD_EDITS))(event)))
    return items


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(items=batch(), as_lines=st.booleans())
def test_good_events_survive_any_neighbours(
    served: Served, key: str, items: list[tuple[bool, Any]], as_lines: bool
) -> None:
    texts = [item if isinstance(item, Raw) else json.dumps(item) for _, item in items]
    before = len(stream_events(served))
    with served.client(key) as client:
        if as_lines:
            response = client.post(
                "/v1/events",
                content="\n".join(texts),
                headers={"Content-Type": "application/x-ndjson"},
            )
        else:
            body = "[" + ",".join(texts) + "]"
            response = client.post(
                "/v1/events", content=body, headers={"Content-Type": "application/json"}
            )
    good = [i for i, (ok, _) in enumerate(items) if ok]
    if not good and all(_outside(item) for _, item in items):
        assert response.status_code == 403, response.text  # every event outside the key
        assert response.json()["error"]["code"] == "scope_outside_key"
        assert len(stream_events(served)) == before
        return
    assert response.status_code == (202 if len(good) == len(items) else 422), response.text
    body = response.json()
    assert [a["index"] for a in body["accepted"]] == good
    refused = body["refused"]
    assert [r["index"] for r in refused] == [i for i, (ok, _) in enumerate(items) if not ok]
    assert all(r["code"] in CODES and r["reason"] for r in refused)
    stored = [json.loads(f[b"event"]) for f in stream_events(served)[before:]]
    assert len(stored) == len(good)
    for index, payload in zip(good, stored, strict=True):
        sent = validate_event(items[index][1])
        assert validate_event(payload) == sent  # every field, every character
        for message, original in zip(
            payload.get("messages", []), items[index][1]["messages"], strict=True
        ):
            assert message.get("content") == original["content"]
