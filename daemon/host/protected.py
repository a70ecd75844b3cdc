"""What survives every compaction: the protected context the host gives (mode, working
directory, branch, agent type and depth) and the messages it pins.

The protected context is rendered under the summary that replaces old messages, so the
agent never loses where it works and as what. A message is *pinned* when it carries
``"pinned": true`` or its index is in the list the host passes; a pinned message in the
replaced part is put back, whole unit and all (its tool results with it), right after the
summary. System and developer messages are instructions too and are always kept.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from daemon.host.tokens import Message

#: The heading of the protected context under a summary.
HEADING = "## Protected Context"


@dataclass(frozen=True, slots=True)
class ProtectedContext:
    """Facts about the agent the host states on every call; none of them is ever compacted
    away. Empty fields are left out of the rendering."""

    mode: str | None = None
    working_directory: str | None = None
    branch: str | None = None
    agent_type: str | None = None
    agent_depth: int | None = None

    def lines(self) -> list[str]:
        facts = (
            ("Mode", self.mode),
            ("Working directory", self.working_directory),
            ("Branch", self.branch),
            ("Agent type", self.agent_type),
            ("Agent depth", None if self.agent_depth is None else str(self.agent_depth)),
        )
        return [f"- {name}: {value}" for name, value in facts if value]

    def render(self) -> str:
        """The context as a markdown section, or ``""`` when the host stated nothing."""
        found = self.lines()
        return "\n".join([HEADING, *found]) if found else ""

    @classmethod
    def of(cls, facts: Mapping[str, Any] | None) -> ProtectedContext:
        """The context from a JSON object (``mode``, ``working_directory`` or ``cwd``,
        ``branch``, ``agent_type``, ``agent_depth``); unknown keys are ignored."""
        if not facts:
            return cls()
        depth = facts.get("agent_depth")
        return cls(
            mode=_text(facts.get("mode")),
            working_directory=_text(facts.get("working_directory") or facts.get("cwd")),
            branch=_text(facts.get("branch")),
            agent_type=_text(facts.get("agent_type")),
            agent_depth=depth if isinstance(depth, int) and not isinstance(depth, bool) else None,
        )


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def is_instruction(message: Mapping[str, Any]) -> bool:
    """Whether a message is a system or developer instruction (always kept)."""
    return message.get("role") in ("system", "developer")


def pinned_indexes(messages: Sequence[Message], pinned: Collection[int] = ()) -> set[int]:
    """The indexes of the pinned messages: marked ``"pinned": true`` or listed in
    ``pinned`` (indexes outside the list are ignored)."""
    found = {index for index in pinned if 0 <= index < len(messages)}
    found.update(index for index, message in enumerate(messages) if message.get("pinned") is True)
    return found
