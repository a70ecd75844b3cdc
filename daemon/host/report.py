"""What a stage did: the tokens before and after it, and how many messages it changed."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class StageReport:
    """One stage's effect on a request. ``notes`` say what it did in words (which file a
    truncation went to, why a result was replaced, where a summary came from)."""

    stage: str
    tokens_before: int
    tokens_after: int
    changed: int = 0
    notes: tuple[str, ...] = field(default=())

    @property
    def saved(self) -> int:
        return self.tokens_before - self.tokens_after
