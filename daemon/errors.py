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
    │   ├── SchemaOutOfDate         the database needs ``memoryd db upgrade``
    │   ├── CursorConflict          another run moved the session's cursor first
    │   └── MemoryRefused           a memory write failed a guard
    ├── ToolRefused                 a memory tool call was refused (``code`` says why)
    ├── QueueError                  Redis or arq failed
    └── ExtractionError             an extraction run failed
        ├── TransientExtractionError   worth retrying later (timeouts, 429, 5xx)
        └── PermanentExtractionError   retrying will not help (auth, bad request)
"""

from __future__ import annotations


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


class SchemaOutOfDate(StoreError):
    """The database schema is out of date: run `memoryd db upgrade`."""


class CursorConflict(StoreError):
    """Another run moved the session's cursor first."""


class MemoryRefused(StoreError):
    """A memory write failed a guard."""


class ToolRefused(MemorydError):
    """The memory tool call was refused."""

    def __init__(self, code: str, message: str | None = None) -> None:
        super().__init__(message)
        self.code = code


class QueueError(MemorydError):
    """Redis or the job queue failed."""


class ExtractionError(MemorydError):
    """An extraction run failed."""


class TransientExtractionError(ExtractionError):
    """An extraction run failed for a reason that may pass (timeout, rate limit, 5xx)."""

    def __init__(self, message: str | None = None, *, retry_after_s: float | None = None) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


class PermanentExtractionError(ExtractionError):
    """An extraction run failed for a reason retrying will not fix (auth, bad request)."""
