"""Time zones as hosts name them (daemon.base.timezones)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from daemon.base.timezones import local, offset_name, turn_local, zone

AT = datetime(2026, 11, 18, 7, 30, tzinfo=UTC)  # 23:30 the day before in Los Angeles


@pytest.mark.parametrize(
    ("name", "offset"),
    [
        ("America/Los_Angeles", timedelta(hours=-8)),
        ("Asia/Tokyo", timedelta(hours=9)),
        ("Asia/Kolkata", timedelta(hours=5, minutes=30)),
        ("UTC", timedelta(0)),
        ("+09:00", timedelta(hours=9)),
        ("-03:30", timedelta(hours=-3, minutes=-30)),
        ("+00:00", timedelta(0)),
        ("-23:59", timedelta(hours=-23, minutes=-59)),
    ],
)
def test_iana_names_and_offsets_name_zones(name: str, offset: timedelta) -> None:
    found = zone(name)
    assert found is not None and AT.astimezone(found).utcoffset() == offset


@pytest.mark.parametrize(
    "name",
    [
        "", "Mars/Olympus_Mons", "america/los_angeles", "../../etc/passwd", "/etc/localtime",
        "zone.tab", "+24:00", "+09:60", "+9:00", "09:00", "UTC+9", "Asia/Tokyo\x00",
        "Asia/Tokyo ", "A" * 65, "Ameri\u0441\u0430/Los_Angeles",  # Cyrillic s and a
    ],
)  # fmt: skip
def test_anything_else_names_no_zone(name: str) -> None:
    assert zone(name) is None


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.text(max_size=80))
def test_any_text_is_a_zone_or_none_without_raising(name: str) -> None:
    found = zone(name)
    assert found is None or AT.astimezone(found).utcoffset() is not None


def test_offset_names() -> None:
    assert offset_name(AT) == "+00:00"
    assert offset_name(datetime(2026, 1, 1, tzinfo=timezone(timedelta(hours=-3, minutes=-30)))) == (
        "-03:30"
    )
    assert offset_name(AT.astimezone(timezone(timedelta(hours=9)))) == "+09:00"


def test_local_takes_the_first_zone_named() -> None:
    la = local(AT, None, "", "Nowhere/City", "America/Los_Angeles", "+09:00")
    assert (la.date().isoformat(), la.hour) == ("2026-11-17", 23)
    assert la == AT  # the same instant
    assert local(AT) is AT
    assert local(datetime(2026, 11, 17, 23, 30)).tzinfo == UTC  # naive: UTC


def test_a_time_the_zone_cannot_hold_stays_as_it_is() -> None:
    last = datetime(9999, 12, 31, 23, 0, tzinfo=UTC)
    assert local(last, "+09:00") == last and local(last, "+09:00").tzinfo == UTC


def test_a_turns_time_is_given_in_the_zone_it_was_said_in() -> None:
    """The event's own zone, else the session's, else the offset its ``at`` was sent with."""
    at = datetime(2026, 10, 5, 12, tzinfo=UTC)
    assert turn_local(at, "Asia/Tokyo", "+01:00", -300).hour == 21
    assert turn_local(at, None, "+01:00", -300).hour == 13
    assert turn_local(at, None, None, -300).hour == 7
    assert turn_local(at, None, None, None) is at
    assert turn_local(at, "Gone/Zone", None, None) is at  # a name no longer known
