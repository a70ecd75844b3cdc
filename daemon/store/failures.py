"""Telling a store that is down from a store that refuses the data: the one place that reads
a failure of the store's library or its database driver.

The store raises what its statements fail with as :class:`~daemon.base.errors.StoreUnavailable`
(the store or the path to it failed: retry later), :class:`~daemon.base.errors.StoreRefused`
(the data was refused) or :class:`~daemon.base.errors.StatementFailed` (anything else), so
that callers outside the store catch its own errors and never SQLAlchemy's
(:meth:`daemon.store.db.Store.begin` and its siblings translate with :func:`translated`).

The dispatcher retries a batch (from memory, then from the stream) while the store is down,
and dead-letters an event whose data the store refuses; the worker retries a job while it is
down. Getting this wrong either way loses: an outage taken for bad data dead-letters good
events, bad data taken for an outage stalls the stream behind one event. So only what clearly
says "the connection or the server" is an outage: lost connections, timeouts, and the
SQLSTATE classes of connection exceptions (08), transaction rollbacks such as deadlocks (40),
insufficient resources (53), lock and state conflicts (55), operator intervention such as a
shutdown (57), system and internal errors (58, XX), and SQLite's busy and I/O errors. The
SQLSTATE classes of integrity constraints (23), data exceptions (22) and program limits (54)
are refusals, and so is a value the library cannot bind (a ``ValueError`` or ``TypeError``
raised while binding a row). Anything else is about the statement: neither an outage nor a refusal.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy.exc import DataError, DBAPIError, IntegrityError, SQLAlchemyError, StatementError

from daemon.base.errors import (
    StatementFailed,
    StoreError,
    StoreRefused,
    StoreUnavailable,
    describe,
)

_OUTAGE_CLASSES = ("08", "40", "53", "55", "57", "58", "XX")
_REFUSAL_CLASSES = ("22", "23", "54")
_SQLITE_OUTAGE = ("database is locked", "disk i/o error", "unable to open", "database or disk")


def kind_of(exc: BaseException) -> type[StatementFailed] | None:
    """What ``exc`` says of the store: down, refusing the data, or a statement that failed
    otherwise; None when it is not a failure of the store at all. The one classifier."""
    if isinstance(exc, StatementFailed):
        return type(exc)
    if isinstance(exc, StoreError):
        return None  # the store's own verdicts (a cursor conflict, a refused memory)
    if isinstance(exc, OSError | asyncio.TimeoutError | ConnectionError):
        return StoreUnavailable
    if not isinstance(exc, SQLAlchemyError):
        return None
    if isinstance(exc, IntegrityError | DataError):
        return StoreRefused
    if isinstance(exc, StatementError) and not isinstance(exc, DBAPIError):
        # Raised in Python while binding a row's values (a naive datetime, a value of the
        # wrong type): the row's fault, never the store's, unless the cause is the path.
        if isinstance(exc.orig, OSError | asyncio.TimeoutError | ConnectionError):
            return StoreUnavailable
        return StoreRefused if isinstance(exc.orig, ValueError | TypeError) else StatementFailed
    if not isinstance(exc, DBAPIError):
        return StoreUnavailable  # pool timeouts, disconnects: SQLAlchemy's own, never a row's
    if exc.connection_invalidated:
        return StoreUnavailable
    sqlstate = str(getattr(exc.orig, "sqlstate", None) or "")
    if sqlstate.startswith(_OUTAGE_CLASSES):
        return StoreUnavailable
    if sqlstate.startswith(_REFUSAL_CLASSES):
        return StoreRefused
    if sqlstate:
        return StatementFailed
    message = str(exc.orig).lower()
    if any(marker in message for marker in _SQLITE_OUTAGE):
        return StoreUnavailable
    if isinstance(exc.orig, OSError) or type(exc.orig).__name__ in {
        "InterfaceError",
        "OperationalError",
    }:
        return StoreUnavailable
    return StatementFailed


def is_outage(exc: BaseException) -> bool:
    """True when ``exc`` says the store (or the path to it) failed, not the data."""
    kind = kind_of(exc)
    return kind is not None and issubclass(kind, StoreUnavailable)


def is_refusal(exc: BaseException) -> bool:
    """True when the store refused the data (a constraint, a value it cannot hold)."""
    kind = kind_of(exc)
    return kind is not None and issubclass(kind, StoreRefused)


def translated(exc: SQLAlchemyError | OSError) -> StatementFailed:
    """The store's own error for a failure of its library (to raise ``from exc``)."""
    kind = kind_of(exc) or StatementFailed
    return kind(describe(exc), orig=getattr(exc, "orig", None))


@asynccontextmanager
async def store_errors() -> AsyncIterator[None]:
    """Raise what fails inside as the store's own errors (:func:`translated`): the library's,
    and the driver's own failure to reach the server (asyncpg raises ``OSError`` and
    timeouts unwrapped when it connects)."""
    try:
        yield
    except (SQLAlchemyError, OSError) as exc:
        raise translated(exc) from exc
