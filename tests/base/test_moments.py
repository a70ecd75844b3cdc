"""``as_of`` times: RFC 3339 with an offset and nothing looser, refused with what is
expected; hostile text refused, never crashing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from daemon.base.moments import EXPECTED, moment


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-10-15T09:30:00Z", datetime(2026, 10, 15, 9, 30, tzinfo=UTC)),
        ("2026-10-15t09:30:00z", datetime(2026, 10, 15, 9, 30, tzinfo=UTC)),
        (
            "2026-10-15T11:30:00+02:00",
            datetime(2026, 10, 15, 11, 30, tzinfo=timezone(timedelta(hours=2))),
        ),
        ("2026-10-15T09:30:00-05:00", datetime(2026, 10, 15, 14, 30, tzinfo=UTC)),
        ("2026-10-15T09:30:00.5Z", datetime(2026, 10, 15, 9, 30, 0, 500_000, tzinfo=UTC)),
        ("2026-10-15T09:30:00.123456789Z", datetime(2026, 10, 15, 9, 30, 0, 123_456, tzinfo=UTC)),
    ],
)
def test_an_rfc3339_time_with_its_offset_is_read(text: str, expected: datetime) -> None:
    found = moment(text)
    assert found == expected
    assert found.utcoffset() is not None


@pytest.mark.parametrize(
    "text",
    [
        "2026-10-15",  # a date names no one moment
        "2026-10-15T09:30:00",  # no offset
        "2026-10-15T09:30Z",  # no seconds
        "2026-10-15 09:30:00Z",  # RFC 3339's T, as the API's schema declares it
        "2026-02-30T00:00:00Z",
        "2026-10-15T25:00:00Z",
        "2026-10-15T09:30:00+24:00",
        "1729000000",
        "yesterday",
        "2026-10-15T09:30:00Z\x00",
        "\uff12\uff10\uff12\uff16-10-15T09:30:00Z",  # full-width digits
        "",
    ],
)
def test_anything_else_is_refused_saying_what_is_expected(text: str) -> None:
    with pytest.raises(ValueError, match="RFC 3339") as refused:
        moment(text)
    assert EXPECTED in str(refused.value)


@given(st.text(max_size=60))
def test_hostile_text_is_read_or_refused_never_crashes(text: str) -> None:
    try:
        found = moment(text)
    except ValueError:
        return
    assert found.tzinfo is not None
