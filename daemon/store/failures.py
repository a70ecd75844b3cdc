"""Telling a store that is down from a store that refuses one event's data.

The dispatcher retries a batch (from memory, then from the stream) while the store is down,
and dead-letters an event whose data the store refuses. Getting this wrong either way loses:
an outage taken for bad data dead-letters good events, bad data taken for an outage stalls the
stream behind one event. So only what clearly says "the connection or the server" is an
outage: lost connections, timeouts, and the SQLSTATE classes of connection exceptions (08),
transaction rollbacks such as deadlocks (40), insufficient resources (53), lock and state
conflicts (55), operator intervention such as a shutdown (57), system and internal errors
(58, XX), and SQLite's busy and I/O errors. Anything else a single event raises is about that
event: refused data, or an exception nobody foresaw.
"""

from __future__ import annotations

import asyncio

from sqlalchemy.exc import DataError, DBAPIError, IntegrityError, SQLAlchemyError

_OUTAGE_CLASSES = ("08", "40", "53", "55", "57", "58", "XX")
_SQLITE_OUTAGE = ("database is locked", "disk i/o error", "unable to open", "database or disk")


def is_outage(exc: BaseException) -> bool:
    """True when ``exc`` says the store (or the path to it) failed, not the data."""
    if isinstance(exc, OSError | asyncio.TimeoutError | ConnectionError):
        return True
    if not isinstance(exc, SQLAlchemyError):
        return False
    if isinstance(exc, IntegrityError | DataError):
        return False
    if isinstance(exc, DBAPIError):
        if exc.connection_invalidated:
            return True
        sqlstate = str(getattr(exc.orig, "sqlstate", None) or "")
        if sqlstate:
            return sqlstate.startswith(_OUTAGE_CLASSES)
        message = str(exc.orig).lower()
        if any(marker in message for marker in _SQLITE_OUTAGE):
            return True
        return isinstance(exc.orig, OSError) or type(exc.orig).__name__ in {
            "InterfaceError",
            "OperationalError",
        }
    return True  # pool timeouts, disconnects: SQLAlchemy's own, never about one row


def is_refusal(exc: BaseException) -> bool:
    """True when the store refused the data (a constraint, a value it cannot hold)."""
    return isinstance(exc, IntegrityError | DataError)
