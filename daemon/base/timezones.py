"""Time zones as hosts name them: an IANA name ("America/Los_Angeles") or a fixed offset
from UTC ("+09:00", "-03:30").

A turn's relative dates are read in its local date (:mod:`daemon.gate.dates`); which zone
that is comes from the turn event, its session or the offset its ``at`` was sent with
(:func:`local`). Names are looked up in the IANA database (``zoneinfo``, with the ``tzdata``
package where the system has none); a name that is not a plain zone key is never looked up.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

__all__ = ["MAX_NAME", "local", "offset_name", "offset_text", "turn_local", "zone"]

#: The longest zone name taken (the longest IANA name is 32 characters).
MAX_NAME = 64
_OFFSET = re.compile(r"([+-])(\d\d):(\d\d)", re.ASCII)
_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_+-]*(?:/[A-Za-z0-9_+-]+)*", re.ASCII)


def zone(name: str) -> tzinfo | None:
    """The zone ``name`` names, or None when it names none."""
    if offset := _OFFSET.fullmatch(name):
        sign, hours, minutes = offset.groups()
        if int(hours) > 23 or int(minutes) > 59:
            return None
        delta = timedelta(hours=int(hours), minutes=int(minutes))
        return timezone(-delta if sign == "-" else delta)
    if len(name) > MAX_NAME or not _KEY.fullmatch(name):
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None


def offset_text(minutes: int) -> str:
    """An offset from UTC in minutes as a zone name, like "+09:00" or "-03:30"."""
    sign = "-" if minutes < 0 else "+"
    return f"{sign}{abs(minutes) // 60:02}:{abs(minutes) % 60:02}"


def offset_name(at: datetime) -> str:
    """The UTC offset of an aware ``at`` as a zone name, like "+09:00" ("+00:00" for UTC)."""
    offset = at.utcoffset() or timedelta(0)
    return offset_text(int(offset.total_seconds()) // 60)


def local(at: datetime, *names: str | None) -> datetime:
    """``at`` in the first of ``names`` that names a zone; with none, ``at`` as it is (a
    naive time is taken as UTC). A time the zone cannot hold (the calendar's edges) stays as
    it is."""
    if at.tzinfo is None:
        at = at.replace(tzinfo=UTC)
    for name in names:
        found = zone(name) if name else None
        if found is not None:
            try:
                return at.astimezone(found)
            except (OverflowError, ValueError):
                return at
    return at


def turn_local(
    at: datetime, turn_zone: str | None, session_zone: str | None, at_offset: int | None
) -> datetime:
    """A stored turn's time (UTC) in the zone it was said in: the one its event named, else
    its session's, else the offset (minutes) its ``at`` was sent with, else UTC."""
    offset = offset_text(at_offset) if at_offset is not None else None
    return local(at, turn_zone, session_zone, offset)
