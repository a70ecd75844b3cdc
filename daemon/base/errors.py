"""memoryd's exceptions: one root, subtrees by domain.

The docstring of each class is its default message; the original cause is always chained
(``raise ... from exc``). Retry signals are not errors and live apart from this tree
(``daemon.extraction.runner.RetryLater``).

    MemorydError
    ├── ConfigError                 a setting is missing or invalid
    ├── EventError                  a turn event cannot be accepted
    │   ├── EventDecodeError        not JSON, not UTF-8, not an object
    │   ├── EventValidationError    wrong types, missing fields, unknown version
    │   └── EventTooLarge           over the size limit
    ├── StoreError                  the SQL store failed or refused
    │   ├── StatementFailed         a statement failed (the driver's error is ``orig``)
    │   │   ├── StoreUnavailable    the store or the way to it is down: try again later
    │   │   └── StoreRefused        the store refused the data (a constraint, a value)
    │   ├── SchemaOutOfDate         the database needs ``memoryd db upgrade``
    │   ├── CursorConflict          another run moved the session's cursor first
    │   ├── SealedDataError         sealed data cannot be opened (key missing, or altered)
    │   └── MemoryRefused           a memory write failed a guard
    ├── ToolRefused                 a memory tool call was refused (``code`` says why)
    ├── QueueError                  Redis or arq failed
    └── ExtractionError             an extraction run failed
        ├── TransientExtractionError   worth retrying later (timeouts, 429, 5xx)
        └── PermanentExtractionError   retrying will not help (auth, bad request)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from daemon.base.usage import Usage


def describe(exc: BaseException, *, limit: int = 300) -> str:
    """An exception in one line for logs and dead letters: ``Type: first line``, capped; a
    database driver's error wrapped by SQLAlchemy is described by the driver's own."""
    cause = getattr(exc, "orig", None) or exc
    text = str(cause).strip()
    first = text.splitlines()[0][:limit] if text else ""
    return f"{type(cause).__name__}: {first}" if first else type(cause).__name__


class MemorydError(Exception):
    """memoryd failed."""

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message or (type(self).__doc__ or type(self).__name__).strip())


class ConfigError(MemorydError):
    """A setting is missing or invalid."""


class EventError(MemorydError):
    """The turn event cannot be accepted."""


class EventDecodeError(EventError):
    """The turn event is not a UTF-8 JSON object."""


class EventValidationError(EventError):
    """The turn event does not match schema v1."""


class EventTooLarge(EventError):
    """The turn event is over the size limit."""


class StoreError(MemorydError):
    """The SQL store failed."""


class StatementFailed(StoreError):
    """A statement failed in the SQL store.

    The store raises its statements' failures as these (``daemon.store.failures`` says which
    one, in one place); ``orig`` is the database driver's own error, when there is one, and
    the error of the store's library is chained as the cause."""

    def __init__(self, message: str | None = None, *, orig: BaseException | None = None) -> None:
        super().__init__(message)
        self.orig = orig


class StoreUnavailable(StatementFailed):
    """The SQL store is not answering: try again later."""


class StoreRefused(StatementFailed):
    """The SQL store refused the data (a constraint, or a value it cannot hold)."""


class SchemaOutOfDate(StoreError):
    """The database schema is out of date: run `memoryd db upgrade`."""


class CursorConflict(StoreError):
    """Another run moved the session's cursor first."""


class SealedDataError(StoreError):
    """Data sealed at rest cannot be opened: its data key is not configured, or it was
    altered."""


class MemoryRefused(StoreError):
    """A memory write failed a guard."""


class ToolRefused(MemorydError):
    """The memory tool call was refused."""

    # ``memory``: the opaque id of the memory the refusal is about (the one that already says
    # it), as data beside the message that names it; never a row id.
    def __init__(self, code: str, message: str | None = None, *, memory: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.memory = memory


class QueueError(MemorydError):
    """Redis or the job queue failed."""


class ExtractionError(MemorydError):
    """An extraction run failed.

    ``usage``: what the model calls made before the failure spent (None: no call was made).
    ``blames_session``: whether the failure counts toward the session's breaker (a provider
    throttling everyone, or a provider breaker that stopped the call, does not). How the
    runner treats each case: ``daemon.extraction.failure``.
    """

    blames_session: bool = True

    def __init__(
        self,
        message: str | None = None,
        *,
        usage: Usage | None = None,
        blames_session: bool | None = None,
    ) -> None:
        super().__init__(message)
        self.usage = usage
        if blames_session is not None:
            self.blames_session = blames_session


class TransientExtractionError(ExtractionError):
    """An extraction run failed for a reason that may pass (timeout, rate limit, 5xx)."""

    def __init__(
        self,
        message: str | None = None,
        *,
        retry_after_s: float | None = None,
        usage: Usage | None = None,
        blames_session: bool | None = None,
    ) -> None:
        super().__init__(message, usage=usage, blames_session=blames_session)
        self.retry_after_s = retry_after_s


class PermanentExtractionError(ExtractionError):
    """An extraction run failed for a reason retrying will not fix (auth, bad request)."""
