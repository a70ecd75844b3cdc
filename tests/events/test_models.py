"""The wire format's models, used directly (as a Python host does): strict types, RFC 3339
``at`` within its range, identifiers without invisible characters, free JSON made storable
and bounded in depth, and who saved a memory this turn."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from pydantic import ValidationError

from daemon.events.models import (
    AT_RANGE,
    MAX_DEPTH,
    HostPrefix,
    Message,
    TurnEvent,
    identifier_problem,
)


def event(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "v": 1,
        "event_id": "s1:1",
        "session_id": "s1",
        "turn": 1,
        "at": "2026-11-24T09:00:00Z",
        "scope": {"project": "billing"},
        "messages": [{"id": "m0", "role": "user", "content": "hello"}],
    }
    return {**base, **changes}


def refusal(**changes: Any) -> str:
    """Why the event, sent as JSON (as the codec reads it), is refused."""
    with pytest.raises(ValidationError) as caught:
        TurnEvent.model_validate_json(json.dumps(event(**changes)))
    return str(caught.value)


def test_a_good_event_is_frozen_and_its_at_is_aware() -> None:
    parsed = TurnEvent.model_validate(event(at="2026-11-24T10:00:00+01:00"))
    assert parsed.at_utc() == datetime(2026, 11, 24, 9, tzinfo=UTC)
    assert parsed.kind == "turn" and parsed.memory_writes == []
    with pytest.raises(ValidationError):
        parsed.turn = 2  # type: ignore[misc]


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"turn": "1"}, "turn"),  # no coercion
        ({"v": 2}, "v"),
        ({"v": True}, "v"),  # a boolean is no version, though Python calls True 1
        ({"v": 1.0}, "v"),
        ({"turn": -1}, "turn"),
        ({"turn": 2**31}, "turn"),
        ({"extra": 1}, "extra"),
        ({"at": "2026-11-24 09:00:00"}, "ISO-8601"),
        ({"at": "2026-11-24T09:00:00"}, "offset"),
        ({"at": "2026-02-30T09:00:00Z"}, "not a valid date-time"),
        ({"at": "9000-01-01T00:00:00Z"}, "between 1970-01-01 and 9000-01-01"),
        ({"at": "1969-12-31T23:59:59Z"}, "between"),
    ],
)
def test_loose_or_out_of_range_values_are_refused(changes: dict[str, Any], says: str) -> None:
    assert says in refusal(**changes)


def test_the_edges_of_the_at_range() -> None:
    start, end = AT_RANGE
    assert TurnEvent.model_validate(event(at=start)).at == start
    just_before_end = end - timedelta(microseconds=1)
    assert TurnEvent.model_validate(event(at=just_before_end.isoformat())).at == just_before_end
    east = datetime(1970, 1, 1, 0, 30, tzinfo=timezone(timedelta(hours=1)))  # 1969 in UTC
    assert "between" in refusal(at=east.isoformat())


def test_identifiers_name_their_first_invisible_character() -> None:
    assert identifier_problem("session-1") is None
    assert identifier_problem(42) is None
    assert identifier_problem("ab\u200bc") == (
        "holds a control or invisible character (U+200B at index 2)"
    )
    assert "U+D800" in (identifier_problem("x\ud800") or "")
    assert "session_id" in refusal(session_id="s\x001")


def test_message_ids_are_unique_within_a_turn() -> None:
    twice = [{"id": "m0", "role": "user", "content": "a"}, {"id": "m0", "role": "user"}]
    assert "message id 'm0' appears twice" in refusal(messages=twice)


def test_free_json_is_made_storable_and_bounded_in_depth() -> None:
    tools = [{"name\x00": "run", "schema": {"description": "a\ud800b", "enum": ["x\x00"]}}]
    prefix = HostPrefix.model_validate({"tools": tools})
    assert prefix.tools == [
        {"name\ufffd": "run", "schema": {"description": "a\ufffdb", "enum": ["x\ufffd"]}}
    ]
    deep: Any = "leaf"
    for _ in range(MAX_DEPTH):
        deep = [deep]
    with pytest.raises(ValidationError, match="nested deeper than 64 levels"):
        HostPrefix.model_validate({"tools": [{"deep": deep}]})
    with pytest.raises(ValidationError, match="number JSON cannot carry"):
        Message.model_validate({"id": "m", "role": "tool", "content": [{"x": float("nan")}]})


def test_free_text_keeps_everything_but_nul_and_lone_surrogates() -> None:
    message = Message(id="m", role="user", content="tabs\x00 \ud83d🙂 \u200b")
    assert message.content == "tabs\ufffd \ufffd🙂 \u200b"


@pytest.mark.parametrize(
    ("writes", "saved"),
    [([], False), ([{"tool": "save_note", "ok": False}], False), ([{"tool": "save_note"}], True)],
)
def test_the_main_agent_saved_when_a_listed_write_succeeded(
    writes: list[dict[str, Any]], saved: bool
) -> None:
    assert TurnEvent.model_validate(event(memory_writes=writes)).main_agent_saved is saved


@pytest.mark.parametrize("name", ["America/Los_Angeles", "Asia/Kolkata", "UTC", "+09:00", "-03:30"])
def test_a_turn_may_name_its_time_zone(name: str) -> None:
    assert TurnEvent.model_validate(event(timezone=name)).timezone == name
    assert TurnEvent.model_validate(event()).timezone is None


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("Mars/Olympus_Mons", "unknown time zone 'Mars/Olympus_Mons'"),
        ("america/los_angeles", "unknown time zone"),
        ("../../etc/passwd", "unknown time zone"),
        ("+25:00", "unknown time zone"),
        ("UTC+9", "unknown time zone"),
        ("", "at least 1 character"),
        ("A" * 65, "at most 64 characters"),
        (9, "valid string"),
        (None, None),
    ],
)
def test_an_unknown_time_zone_is_refused_naming_it(name: Any, says: str | None) -> None:
    if says is None:
        assert TurnEvent.model_validate_json(json.dumps(event(timezone=name))).timezone is None
        return
    message = refusal(timezone=name)
    assert "timezone" in message and says in message
    assert "IANA name" in message or "unknown" not in says
