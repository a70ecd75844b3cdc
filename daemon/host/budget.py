"""The budget of a model request: the window minus the reserve for the answer, and the
pressure levels the pipeline acts on.

With a 200,000-token window and the defaults (16,000 reserved), 184,000 tokens are usable;
the host is warned when fewer than 24,000 of them are left, the pipeline compacts below
12,000 left and trims turns before any model call below 3,000 left.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from daemon.base.settings import HostSettings


class Pressure(IntEnum):
    """How full the context is, in increasing order."""

    OK = 0
    WARNING = 1
    COMPACT = 2
    BLOCKING = 3


@dataclass(frozen=True, slots=True)
class Budget:
    """A model's window and the thresholds derived from it (all in tokens)."""

    window: int
    reserved_output: int = 16_000
    warning: int = 24_000
    compact: int = 12_000
    blocking: int = 3_000

    def __post_init__(self) -> None:
        if self.window <= self.reserved_output:
            raise ValueError(
                f"a window of {self.window} tokens leaves nothing after the "
                f"{self.reserved_output} reserved for the answer"
            )
        if not self.warning >= self.compact >= self.blocking >= 0:
            raise ValueError(
                "the levels must satisfy warning >= compact >= blocking >= 0, not "
                f"{self.warning}, {self.compact}, {self.blocking}"
            )

    @classmethod
    def of(cls, window: int, settings: HostSettings | None = None) -> Budget:
        """The budget of ``window`` with the levels of ``settings`` (the defaults if none)."""
        chosen = settings or HostSettings()
        return cls(
            window=window,
            reserved_output=chosen.reserved_output_tokens,
            warning=chosen.warning_tokens,
            compact=chosen.compact_tokens,
            blocking=chosen.blocking_tokens,
        )

    @property
    def usable(self) -> int:
        """Tokens a request may hold: the window minus the answer's reserve."""
        return self.window - self.reserved_output

    def left(self, used: int) -> int:
        """Tokens still usable once a request holds ``used`` (negative when over)."""
        return self.usable - used

    def pressure(self, used: int) -> Pressure:
        """The level a request of ``used`` tokens is at."""
        left = self.left(used)
        if left < self.blocking:
            return Pressure.BLOCKING
        if left < self.compact:
            return Pressure.COMPACT
        if left < self.warning:
            return Pressure.WARNING
        return Pressure.OK

    def share(self, used: int) -> float:
        """The share of the window ``used`` tokens fill (the optional measures' unit)."""
        return used / self.window

    def target(self) -> int:
        """The size a compaction aims below: under the warning level, so that the next
        turns do not compact again at once."""
        return max(self.usable - self.warning, 0)
