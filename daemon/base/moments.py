"""A moment named by a client: an RFC 3339 date and time with its UTC offset, nothing
looser (a date alone, or a time without an offset, names no one moment: the same words
would mean another instant in another zone), parsed once at the edge for every door that
looks back in time (``as_of`` over HTTP, MCP and the CLI)."""

from __future__ import annotations

import re
from datetime import datetime

#: RFC 3339's ``date-time``: seconds required, fractions allowed, ``Z`` or ``±hh:mm`` (as
#: the API's schema declares it; a date the calendar lacks matches and is still refused).
PATTERN = (
    r"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]"
    r":[0-5][0-9](\.[0-9]{1,9})?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$"
)
_RFC3339 = re.compile(PATTERN)
#: What a refusal says.
EXPECTED = (
    "an RFC 3339 time with its offset, e.g. 2026-10-15T09:30:00Z or 2026-10-15T11:30:00+02:00"
)


def moment(text: str) -> datetime:
    """``text`` as an aware datetime; ``ValueError`` (saying what is expected) otherwise."""
    if len(text) > 40 or not _RFC3339.fullmatch(text):
        raise ValueError(f"as_of must be {EXPECTED}")
    stamp = text.upper().replace("Z", "+00:00")
    head, dot, tail = stamp.partition(".")
    if dot:  # datetime keeps microseconds: finer fractions are cut, not refused
        digits = re.match(r"[0-9]+", tail)
        assert digits is not None
        stamp = f"{head}.{digits.group()[:6].ljust(6, '0')}{tail[digits.end() :]}"
    try:
        return datetime.fromisoformat(stamp)
    except ValueError as exc:  # 2026-02-30, hour 25, offset +24:00
        raise ValueError(f"as_of must be {EXPECTED}; {text!r} is not a valid time") from exc
