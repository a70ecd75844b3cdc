"""The tokens a stage reports: the request's count before it, and the count after it kept
up to date from the messages it changed, so that a stage counts a long conversation once
at most, and not at all when its caller passes the count it already has."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from daemon.host.report import StageReport
from daemon.host.tokens import Counter, conversation_tokens, message_tokens


class Tally:
    """The tokens of a conversation as a stage changes it."""

    def __init__(
        self, messages: Sequence[Mapping[str, Any]], count: Counter, tokens: int | None = None
    ) -> None:
        self.count = count
        self.before = conversation_tokens(messages, count) if tokens is None else tokens
        self.after = self.before

    def replaced(self, old: Mapping[str, Any], new: Mapping[str, Any]) -> None:
        """``old`` became ``new``."""
        self.after += message_tokens(new, self.count) - message_tokens(old, self.count)

    def added(self, new: Mapping[str, Any]) -> None:
        """``new`` was added (a repaired message in place of the one dropped)."""
        self.after += message_tokens(new, self.count)

    def dropped(self, old: Mapping[str, Any]) -> None:
        """``old`` was removed."""
        self.after -= message_tokens(old, self.count)

    def report(self, stage: str, changed: int, notes: Sequence[str] = ()) -> StageReport:
        return StageReport(stage, self.before, self.after, changed, tuple(notes))
