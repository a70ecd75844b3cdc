"""What model calls spent: calls, tokens (prompt, completion, cached) and tool calls."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Usage:
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    tool_calls: int = 0

    def add(self, other: Usage) -> None:
        self.model_calls += other.model_calls
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens
        self.cached_tokens += other.cached_tokens
        self.tool_calls += other.tool_calls
