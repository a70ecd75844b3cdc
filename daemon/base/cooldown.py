"""A breaker for a backend the process can do without for a while (Redis, for what it only
shares): after a failure the backend is left alone for a cool-down of the injected clock,
then one caller alone tries it again; one warning when it fails, one line when a try finds
it answering again. Meanwhile the callers use what the process holds itself, without
waiting for a connect timeout, or logging, on every call.

Its user: the rate limit's counts (:mod:`daemon.access.rate_limits`). The state is the
process's own, in memory: the model provider's breaker (:mod:`daemon.extraction.llm.breaker`)
keeps its state in Redis, the one thing that is down here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from structlog.typing import FilteringBoundLogger

from daemon.base.clock import Clock

_T = TypeVar("_T")


class Resting(Exception):
    """The backend failed less than a cool-down ago: not asked."""


class Cooldown:
    """Whether to ask the backend now. ``log`` gets the ``down`` event (a warning) when a
    call fails while the backend was answering, and the ``back`` event (info) when one
    answers after a failure."""

    def __init__(
        self,
        clock: Clock,
        cooldown_s: float,
        *,
        log: FilteringBoundLogger,
        down: str,
        back: str,
        resting: type[Exception] = Resting,
    ) -> None:
        self.clock = clock
        self.cooldown_s = cooldown_s
        self._log = log
        self._down, self._back = down, back
        self._resting = resting
        #: Until when (``clock.monotonic()``) the backend is left alone; None while it answers.
        self._down_until: float | None = None

    @property
    def resting(self) -> bool:
        """Whether the backend is left alone now (a failure less than a cool-down ago, or a
        try under way after one), without claiming the next try as :meth:`tries` does."""
        return self._down_until is not None and self.clock.monotonic() < self._down_until

    def tries(self) -> bool:
        """Whether to ask the backend now: while it answers, always; after a failure, once the
        cool-down is over, and then one caller alone (the others wait a cool-down more,
        unless its try finds the backend answering)."""
        if self._down_until is None:
            return True
        now = self.clock.monotonic()
        if now < self._down_until:
            return False
        self._down_until = now + self.cooldown_s
        return True

    def failed(self, exc: BaseException, **fields: Any) -> None:
        """A call failed: leave the backend alone for a cool-down from now (logged when it
        was answering until now)."""
        if self._down_until is None:
            self._log.warning(self._down, error=str(exc), retry_in_s=self.cooldown_s, **fields)
        self._down_until = self.clock.monotonic() + self.cooldown_s

    def answered(self) -> None:
        """A call was answered: the backend is asked again by every caller."""
        if self._down_until is not None:
            self._down_until = None
            self._log.info(self._back)

    async def ask(
        self,
        call: Callable[[], Awaitable[_T]],
        *,
        errors: tuple[type[BaseException], ...],
        doing: str,
    ) -> _T:
        """What ``call`` answers, noted as the backend answering; one of ``errors`` it
        raises is noted as a failure (``doing`` says of what) and raised again; while the
        backend is left alone, the ``resting`` exception, without calling."""
        if not self.tries():
            raise self._resting
        try:
            answer = await call()
        except errors as exc:
            self.failed(exc, doing=doing)
            raise
        self.answered()
        return answer
