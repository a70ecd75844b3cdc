"""How the runner treats an extractor's failure: a small decision table.

The runner classifies what the extractor raised, then looks the class up:

| failure           | raised                                           | record | count | retry |
|-------------------|--------------------------------------------------|--------|-------|-------|
| ``NOTHING_SPENT`` | transient, not the session's, no call made       | no     | no    | yes   |
|                   | (the provider's breaker is open)                 |        |       |       |
| ``NOT_BLAMED``    | transient, not the session's, calls made (a 429) | yes    | no    | yes   |
| ``TRANSIENT``     | transient (5xx, timeout, malformed answer)       | yes    | yes   | yes*  |
| ``PERMANENT``     | permanent (refused, the model did not finish)    | yes    | yes   | no    |
| ``BUG``           | anything else: a bug in the extractor's own code | yes    | no    | no    |

*record*: a failed run is recorded with the error and what the calls spent; *count*: it
counts toward the session's breaker and parking (``*``: no retry once that holds the
session); *retry*: the job asks to run again after a backoff (``RetryLater``). A bug is
also logged with its traceback; the session waits for the next sweep, not for a breaker
the model did not trip. The store or Redis failing is none of these: the runner re-raises
it and the job retries (it says nothing about the session).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from daemon.base.errors import ExtractionError, TransientExtractionError


class Failure(Enum):
    NOTHING_SPENT = "nothing_spent"
    NOT_BLAMED = "not_blamed"
    TRANSIENT = "transient"
    PERMANENT = "permanent"
    BUG = "bug"


@dataclass(frozen=True, slots=True)
class Handling:
    record: bool
    count: bool
    retry: bool
    traceback: bool = False


TABLE: dict[Failure, Handling] = {
    Failure.NOTHING_SPENT: Handling(record=False, count=False, retry=True),
    Failure.NOT_BLAMED: Handling(record=True, count=False, retry=True),
    Failure.TRANSIENT: Handling(record=True, count=True, retry=True),
    Failure.PERMANENT: Handling(record=True, count=True, retry=False),
    Failure.BUG: Handling(record=True, count=False, retry=False, traceback=True),
}


def classify(exc: Exception) -> Failure:
    """Which row of the table ``exc`` falls in."""
    if not isinstance(exc, ExtractionError):
        return Failure.BUG
    if not isinstance(exc, TransientExtractionError):
        return Failure.PERMANENT
    if exc.blames_session:
        return Failure.TRANSIENT
    return Failure.NOT_BLAMED if exc.usage is not None else Failure.NOTHING_SPENT


def handling(exc: Exception) -> Handling:
    return TABLE[classify(exc)]


def retry_after(exc: Exception) -> float | None:
    """The delay the failure asked for (a provider's Retry-After), if any."""
    return exc.retry_after_s if isinstance(exc, TransientExtractionError) else None
