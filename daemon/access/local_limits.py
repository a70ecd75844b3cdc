"""The rate limit's bound while Redis is not answering: fixed-window counts kept in this
process, so that reads (search, the injection block, MCP) go on without Redis and a key is
still held to its limit in each ``memoryd serve`` process (N processes: up to N times the
limit). Only the current window is kept: what a process holds is one count per name seen in
the last window."""

from __future__ import annotations

import math
from dataclasses import dataclass

from daemon.base.clock import Clock


@dataclass(frozen=True, slots=True)
class Hit:
    """A request counted: its count in the window, the revocation epoch read with it, and the
    seconds until the window ends."""

    count: int
    epoch: int
    retry_after_s: int


class LocalCounts:
    def __init__(self, clock: Clock, *, window_s: int) -> None:
        self.clock = clock
        self.window_s = window_s
        self._window = -1
        self._counts: dict[str, int] = {}

    def hit(self, name: str) -> Hit:
        """Count one request of ``name`` in the current window (the revocation epoch is not
        known without Redis: 0)."""
        retry_after = self._turn()
        self._counts[name] = self._counts.get(name, 0) + 1
        return Hit(self._counts[name], 0, retry_after)

    def peek(self, name: str) -> Hit:
        retry_after = self._turn()
        return Hit(self._counts.get(name, 0), 0, retry_after)

    def _turn(self) -> int:
        """Start a new window when the clock passed the last one; seconds until it ends."""
        now = self.clock.now().timestamp()
        window = int(now // self.window_s)
        if window != self._window:
            self._window, self._counts = window, {}
        return max(1, math.ceil((window + 1) * self.window_s - now))
