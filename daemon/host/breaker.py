"""The circuit breaker of LLM compaction: after ``breaker_failures`` (3) consecutive failed
compactions no more are tried, until the context's pressure falls below the warning level.

A failed compaction is one whose model call raised or answered nothing usable. While the
breaker is open the pipeline trims the oldest turn instead (stage 5), which costs nothing
and cannot fail. One breaker belongs to one agent loop (one conversation): the pipeline
keeps it between calls.
"""

from __future__ import annotations

from dataclasses import dataclass

from daemon.host.budget import Pressure


@dataclass(slots=True)
class CompactionBreaker:
    """Counts consecutive failures; open at ``failures_to_open`` of them."""

    failures_to_open: int = 3
    failures: int = 0

    def __post_init__(self) -> None:
        if self.failures_to_open < 1:
            raise ValueError(f"failures_to_open must be at least 1, not {self.failures_to_open}")

    @property
    def open(self) -> bool:
        """Whether LLM compaction is stopped."""
        return self.failures >= self.failures_to_open

    def failed(self) -> None:
        self.failures += 1

    def succeeded(self) -> None:
        self.failures = 0

    def observe(self, pressure: Pressure) -> None:
        """Reset the count once the context is below the warning level again (the
        conversation shrank, by trimming or because the host started afresh)."""
        if pressure < Pressure.WARNING:
            self.failures = 0
