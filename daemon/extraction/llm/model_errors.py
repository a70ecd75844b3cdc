"""How an LLM run fails, for the runner: what to retry, what to count, what was spent.

Each error carries the :class:`Usage` of the calls made before it failed, so a failed run
records its model calls and tokens like any other. All derive from ``daemon.base.errors``:

    TransientExtractionError
    ├── ModelUnavailable        429, 5xx, timeout, dropped connection, malformed body
    │                           (a 429 is the provider throttling everyone: the session
    │                           is not blamed for it)
    └── ProviderUnavailable     the provider's breaker is open: no call was made, and the
                                session is not blamed (``blames_session`` is false)
    PermanentExtractionError
    ├── ModelRefused            401/403 (auth), 400/404/422 (bad request)
    └── RunIncomplete           text only, no ``memory_done``, or out of model calls
        └── ForkUnanswered      no usable fork answer after one correction: the
                                extractor runs the batch in delta mode instead
"""

from __future__ import annotations

from daemon.base.errors import PermanentExtractionError, TransientExtractionError
from daemon.extraction.base import Usage

__all__ = [
    "ForkUnanswered",
    "ModelRefused",
    "ModelUnavailable",
    "ProviderUnavailable",
    "RunIncomplete",
]


class ModelUnavailable(TransientExtractionError):
    """The model provider failed for a reason that may pass (rate limit, 5xx, timeout)."""


class ProviderUnavailable(TransientExtractionError):
    """The model provider's breaker is open: no call was made."""

    blames_session = False


class ModelRefused(PermanentExtractionError):
    """The model provider refused the request (authentication, permission, bad request)."""

    def __init__(
        self, message: str | None = None, *, status: int | None = None, usage: Usage | None = None
    ) -> None:
        super().__init__(message, usage=usage)
        self.status = status


class RunIncomplete(PermanentExtractionError):
    """The model did not finish the run (text only, no memory_done, out of model calls)."""


class ForkUnanswered(RunIncomplete):
    """The fork got no usable answer, even after one corrective message."""
