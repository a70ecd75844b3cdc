"""Property tests of the wire format against hostile input.

``decode_event`` either returns a ``TurnEvent`` that survives the round trip and holds only
storable text, or raises ``EventError`` with a short reason; never anything else, whatever
is mixed into a batch of good events. What the shipped schema says about identifiers and
``at``, the validator does.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from daemon.base.errors import EventError
from daemon.events.codec import decode_event, encode_event
from daemon.events.models import AT_RANGE, TurnEvent
from daemon.events.schema import shipped_schema_text
from tests.events.test_codec import good

LIMIT = 1 << 20
PROPERTY = settings(
    derandomize=True, deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow]
)
NASTY = [
    "\x00", "\ud800", "\udfff", "\ud83d", "\x7f", "\x85", "\x9b", "\u202e", "\u200b", "\ufeff",
    "\u2028", "\u0430", "\u212a", "\u0131", "\U0001f600", "\\", '"', "[", "{", "}", "]", "",
    "1970-01-01T00:00:00Z", "9999-12-31T23:00:00-05:00", "0001-01-01T00:30:00+01:00",
    "[/bold]", "\x1b[31m", "NaN", "x" * 300,
]  # fmt: skip


def nested(depth: int) -> Any:
    value: Any = "x"
    for i in range(depth):
        value = [value] if i % 2 else {"k": value}
    return value


strings = st.one_of(
    st.sampled_from(NASTY),
    st.text(st.characters(codec=None), max_size=12),  # lone surrogates included
    st.lists(st.sampled_from(NASTY), max_size=4).map("".join),
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    strings,
)
values = st.one_of(
    st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(strings, inner, max_size=3),
        max_leaves=8,
    ),
    st.integers(min_value=55, max_value=120).map(nested),
)


def paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*here, key))
        found.append((*here, "extra"))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += paths(item, (*here, i))
    return found


def put(event: dict[str, Any], path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    target: Any = event
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return event


def rich_event() -> dict[str, Any]:
    """A good event using every field, so that every field gets hostile values."""
    event = good(
        kind="compaction",
        summary="so far",
        agent={"mode": "code", "cwd": "/src", "branch": "main"},
        host={"system_prompt": "be brief", "tools": [{"name": "read", "parameters": {}}]},
    )
    event["scope"]["tenant"] = "acme"
    event["messages"][0]["content"] = [{"type": "text", "text": "hi"}, {"type": "image"}]
    return event


@st.composite
def hostile_payloads(draw: st.DrawFn) -> bytes:
    event: Any = rich_event()
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 3]))):
        where = draw(st.sampled_from(paths(event)))
        event = put(event, where, draw(values))
    text = json.dumps(event, ensure_ascii=draw(st.booleans()))
    payload = text.encode("utf-8", "surrogatepass")  # a raw lone surrogate is not UTF-8
    damage = draw(st.sampled_from(["none"] * 6 + ["bom", "cut", "duplicate", "byte"]))
    if damage == "bom":
        payload = b"\xef\xbb\xbf" + payload
    elif damage == "cut":
        payload = payload[: draw(st.integers(min_value=0, max_value=len(payload)))]
    elif damage == "duplicate" and payload.startswith(b"{"):
        payload = b'{"turn": 2, ' + payload[1:]
    elif damage == "byte":
        at = draw(st.integers(min_value=0, max_value=len(payload)))
        payload = payload[:at] + bytes([draw(st.integers(0, 255))]) + payload[at:]
    return payload


def storable(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" not in value and not re.search("[\ud800-\udfff]", value)
    if isinstance(value, dict):
        return all(storable(k) and storable(v) for k, v in value.items())
    if isinstance(value, list):
        return all(storable(v) for v in value)
    return True


def check(payload: bytes) -> TurnEvent | None:
    try:
        event = decode_event(payload, max_bytes=LIMIT)
    except EventError as exc:
        assert 0 < len(str(exc)) < 1000
        return None
    assert storable(event.model_dump())
    assert AT_RANGE[0] <= event.at.astimezone(UTC) < AT_RANGE[1]
    assert decode_event(encode_event(event, max_bytes=LIMIT * 2), max_bytes=LIMIT * 2) == event
    return event


@PROPERTY
@given(hostile_payloads())
def test_a_hostile_payload_is_an_event_or_an_event_error(payload: bytes) -> None:
    check(payload)


@PROPERTY
@given(st.lists(st.one_of(hostile_payloads(), st.just(b"good")), min_size=1, max_size=6))
def test_hostile_payloads_mixed_into_a_batch_of_good_ones(batch: list[bytes]) -> None:
    expected = TurnEvent.model_validate(good())
    for payload in batch:
        if payload == b"good":
            assert check(json.dumps(good()).encode()) == expected
        else:
            check(payload)


@PROPERTY
@given(st.binary(max_size=200))
def test_any_bytes_are_an_event_or_an_event_error(payload: bytes) -> None:
    check(payload)


SCHEMA = json.loads(shipped_schema_text())


def accepted(**changes: Any) -> bool:
    try:
        decode_event(json.dumps(good(**changes)).encode(), max_bytes=LIMIT)
    except EventError:
        return False
    return True


@PROPERTY
@given(st.text(st.characters(exclude_categories=["Cs"]), min_size=1, max_size=12))
def test_the_schema_and_the_validator_agree_on_identifiers(text: str) -> None:
    pattern = re.compile(SCHEMA["properties"]["session_id"]["pattern"])
    assert accepted(session_id=text) == bool(pattern.fullmatch(text))  # as ECMA-262 reads "$"


offsets = st.integers(min_value=-23 * 60 - 59, max_value=23 * 60 + 59).map(
    lambda m: timezone(timedelta(minutes=m))
)


@PROPERTY
@given(
    st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30)),
    offsets,
    st.sampled_from(["iso", "space", "naive", "date", "epoch", "Z"]),
)
def test_the_schema_and_the_validator_agree_on_at(
    when: datetime, offset: timezone, style: str
) -> None:
    aware = when.replace(tzinfo=offset)
    text: Any = {
        "iso": aware.isoformat(),
        "space": aware.isoformat(sep=" "),
        "naive": when.isoformat(),
        "date": when.date().isoformat(),
        "epoch": int((aware - datetime(1970, 1, 1, tzinfo=UTC)).total_seconds()),
        "Z": when.isoformat() + "Z",
    }[style]
    pattern = re.compile(SCHEMA["properties"]["at"]["pattern"])
    fits = isinstance(text, str) and bool(pattern.fullmatch(text))  # as ECMA-262 reads "$"
    if style == "Z" and fits:
        aware = when.replace(tzinfo=UTC)
    inside = AT_RANGE[0] <= aware.astimezone(UTC) < AT_RANGE[1] if fits else False
    assert accepted(at=text) == inside
